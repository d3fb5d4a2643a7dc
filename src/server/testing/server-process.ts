import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const STARTED = /is running at http:\/\/[^/]+:(\d+)\//;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** everything the process wrote so far, for failure messages */
  output: () => string;
  /** resolves with the exit code (null when killed by a signal) */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited within the timeout */
  stop: (timeoutMs?: number) => Promise<number | null>;
}

/**
 * Starts the real server (`src/server/server.ts`) in its own process on a free port, with only
 * the given environment (plus PATH and HOME), and resolves once it is listening.
 */
export async function startServer(env: Record<string, string>, { timeoutMs = 45_000 } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/server/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent',
      // One process unless a test asks for workers: a test that kills the server means the whole of it.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = () => {
      const match = STARTED.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code} before listening:\n${output}`));
    });
  });

  return {
    child,
    port,
    output: () => output,
    exited,
    stop: async (stopTimeoutMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One request on a fresh connection (no keep-alive), so each one is independent of the last. */
export function request(
  port: number,
  method: string,
  url: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: () => JSON.parse(text) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
