import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { databaseUrl, PRODUCTS, REDIS_URL, ROOT, tempDir } from './settings.ts';

/** The server and baseline processes: starting, stopping, their memory, and calls to them. */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  origin: string;
  /** the process to measure and signal: the server itself, not npm in front of it */
  pid: number;
}

/** How long a process may take to start: the server loads the whole catalogue first (about 10 s per 100,000 products). */
const START_TIMEOUT_MS = Math.max(60_000, PRODUCTS * 0.5);

/** SIGKILL to each process, in order; those already gone are skipped. */
function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Spawns a process and waits until it prints `ready`, or fails with its output. */
async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  port: number,
  log?: string,
): Promise<Started> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (log) {
    // Both streams into one file, which is closed once the process is gone (not by whichever ends first).
    const file = createWriteStream(log, { flags: 'a' });
    child.stdout?.pipe(file, { end: false });
    child.stderr?.pipe(file, { end: false });
    child.once('close', () => file.end());
  }
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Nothing of it may go on running: a server still loading a large catalogue holds gigabytes
      // and a core, and would weigh on every later run (npm, the server and its workers).
      killAll(processTree(child.pid as number).reverse());
      reject(new Error(`Process did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Process exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return { child, origin: `http://127.0.0.1:${port}`, pid: child.pid as number };
}

/** A process and all its descendants, parents first (Linux /proc; a process that forked from several threads lists children under each). */
export function processTree(root: number): number[] {
  const children = (pid: number): number[] => {
    try {
      const listed = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
      );
      return [...new Set(listed)].flatMap((child) => [child, ...children(child)]);
    } catch {
      return [];
    }
  };
  return [root, ...children(root)];
}

/** The Node process running `script` among `root` and its descendants: the first, so a cluster's primary before its workers. */
function nodeProcessRunning(root: number, script: string): number | undefined {
  return processTree(root).find((pid) => {
    try {
      return (
        path.basename(readlinkSync(`/proc/${pid}/exe`)).startsWith('node') && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script)
      );
    } catch {
      return false;
    }
  });
}

export async function startServer(): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(tempDir, 'data'),
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    WEB_DIST_DIR: path.join(tempDir, 'no-web'),
    // The bench stands where a load balancer would, and says whom each request is from.
    TRUST_PROXY: '127.0.0.1',
    ...(REDIS_URL ? { REDIS_URL } : {}),
    // The server's settings (memory, V8 flags, the change wait, profiling), as `npm run serve` and the config read them.
    ...serverSettings(),
    ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
  };
  // `npm run serve`, as the README starts the store: the same Node flags (heap sizes) as production.
  const started = await startProcess('npm', ['run', '--silent', 'serve'], env, /is running at/, port, process.env.BENCH_SERVER_LOG);
  return { ...started, pid: nodeProcessRunning(started.pid, 'src/server/server.ts') ?? started.pid };
}

/** The yardstick: a bare `http` server answering a body of the list page's size, pre-serialized. */
export async function startBaseline(bodyFile: string): Promise<Started> {
  const port = await freePort();
  const code = `
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)});
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => console.log('baseline ready'));`;
  return startProcess(process.execPath, ['-e', code], { PATH: process.env.PATH }, /baseline ready/, port);
}

/** A server that does not stop this long after SIGTERM is stuck (a busy event loop never sees the signal). */
const STOP_GRACE_MS = 30_000;

export async function stop(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  // The server shuts down gracefully on SIGTERM; npm in front of it then exits too.
  const tree = processTree(started.pid);
  process.kill(started.pid, 'SIGTERM');
  const stuck = setTimeout(() => {
    console.error(`The server had not stopped ${STOP_GRACE_MS / 1000} s after SIGTERM; killing it`);
    killAll([started.child.pid as number, ...tree]);
  }, STOP_GRACE_MS);
  await exited;
  clearTimeout(stuck);
}

/** Resident memory of a process in MB, from /proc (Linux); NaN elsewhere. */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * The memory of a server and its worker processes together. For the peak (VmHWM) it is the sum
 * of each one's own peak, which may not all have come at once: an upper bound.
 */
export function treeMemoryMb(root: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  return processTree(root).reduce((sum, pid) => sum + (memoryMb(pid, field) || 0), 0) || Number.NaN;
}

/**
 * The server's settings set in the environment (memory, V8 flags, the change wait),
 * passed on to it and recorded with the results; and its NODE_OPTIONS when profiling, e.g.
 * BENCH_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof", so that a profiled run's figures are
 * not taken for a plain run's.
 */
export function serverSettings(): Record<string, string> {
  const names = [
    'NODE_HEAP_MB',
    'NODE_SEMI_SPACE_MB',
    'NODE_V8_FLAGS',
    'MALLOC_ARENA_MAX',
    'CATALOG_CACHE_MB',
    'SEARCH_HITS_PER_PRODUCT',
    'CATALOG_COMPRESSED_UP_TO',
    'CATALOG_CHANGE_WAIT_MS',
  ];
  const set = Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])));
  return process.env.BENCH_NODE_OPTIONS ? { ...set, NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : set;
}

/** The commit measured, marked when tracked files had changes besides; null outside a git checkout. */
export function measuredCommit(): string | null {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const head = git('rev-parse', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') === '' ? head : `${head}+changes`;
  } catch {
    return null;
  }
}

/** The largest of a server's processes' own peaks so far, in MB (the budget is per process). */
export function largestPeakMb(root: number): number {
  return Math.max(...processTree(root).map((pid) => memoryMb(pid, 'VmHWM') || 0));
}

/** A request with a time limit: a server that stalls fails the run, naming the request, instead of hanging it. */
export async function call(url: string, init: RequestInit = {}, timeoutMs = 30_000): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new Error(`${init.method ?? 'GET'} ${url} got no answer: ${(error as Error).message}`, { cause: error });
  }
}
