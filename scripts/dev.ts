/**
 * Development: the API with --watch on PORT (3000) and Vite's dev server on 5173, which
 * proxies /api to it. Open http://localhost:5173/.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', '--watch', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', WEB_DIST_DIR: '/nonexistent' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
