import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type ServerProcess, startServer } from '#server/testing/server-process.ts';

/**
 * `npm run serve` with WEB_CONCURRENCY=2: one primary process and two workers sharing its port.
 * Which process answers is read from Linux's /proc (the primary's children, and the owners of
 * the accepted connections), so the server needs no test-only header.
 */

/** The primary's children: its workers. */
function workersOf(primary: number): number[] {
  const text = readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

/** The processes among `pids` holding a connection accepted on `port`. */
function connectionOwners(pids: readonly number[], port: number): Set<number> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local = '', , state, , , , , , inode = ''] = line.trim().split(/\s+/);
      if (state === '01' && Number.parseInt(local.split(':').at(-1)!, 16) === port) inodes.add(inode);
    }
  }
  const owners = new Set<number>();
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSyncOrEmpty(`/proc/${pid}/fd/${fd}`));
      if (socket && inodes.has(socket[1]!)) owners.add(pid);
    }
  }
  return owners;
}

function readlinkSyncOrEmpty(file: string): string {
  try {
    return readlinkSync(file);
  } catch {
    return ''; // closed while we looked
  }
}

/** Opens `count` keep-alive connections at once, one answered request on each, and leaves them open. */
async function openConnections(port: number, count: number): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
              res.resume().on('end', resolve);
            })
            .on('error', reject);
        }),
    ),
  );
  return agent;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Checks every 100 ms until `check` gives something, for at most `timeoutMs`. */
async function until<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(process.platform !== 'linux')('two workers behind one port (SQLite)', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'store-workers-'));
    server = await startServer({
      DATABASE_URL: `sqlite:${path.join(dataDir, 'store.db')}`,
      DATA_DIR: dataDir,
      SESSION_SECRET: 's'.repeat(32),
      WEB_CONCURRENCY: '2',
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers from both workers', async () => {
    const workers = workersOf(server.child.pid!);
    expect(workers, server.output()).toHaveLength(2);
    // node:cluster hands connections to whichever worker is free, so a few rounds may be needed.
    const owners = new Set<number>();
    for (let round = 0; round < 5 && owners.size < 2; round++) {
      const agent = await openConnections(server.port, 8);
      for (const owner of connectionOwners(workers, server.port)) owners.add(owner);
      agent.destroy();
    }
    expect([...owners].sort()).toEqual([...workers].sort());
  });

  it('replaces a worker killed with SIGKILL, and the port keeps answering meanwhile', async () => {
    const [killed, survivor] = workersOf(server.child.pid!) as [number, number];
    process.kill(killed, 'SIGKILL');
    await until('the primary to see the death', () => server.output().includes(`Worker ${killed} was killed by SIGKILL`));
    for (let i = 0; i < 5; i++) expect((await request(server.port, 'GET', '/api/health')).status).toBe(200);

    const replaced = await until('a new worker', () => {
      const workers = workersOf(server.child.pid!);
      return workers.length === 2 && !workers.includes(killed) && workers;
    });
    expect(replaced).toContain(survivor);
    await until('the new worker to answer', async () => {
      const agent = await openConnections(server.port, 8);
      const owners = connectionOwners(replaced, server.port);
      agent.destroy();
      return owners.size === 2;
    });
  }, 40_000);

  it('on SIGTERM to the primary, stops every worker and exits with 0', async () => {
    const workers = workersOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
  });
});

describe('worker channel', () => {
  it("passes a worker's message to every other worker, not back to it, and only on its own channel", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-channel-'));
    const script = path.join(dir, 'cluster.mjs');
    writeFileSync(
      script,
      `
import cluster from 'node:cluster';
const { relayBetweenWorkers, workerChannel } = await import(process.env.CHANNEL_MODULE);
if (cluster.isPrimary) {
  const result = { primaryHasChannel: workerChannel('catalog') !== undefined, received: {} };
  relayBetweenWorkers(cluster);
  let ready = 0;
  let receipts = 0;
  cluster.on('message', (worker, message) => {
    if (message.ready && ++ready === 3) cluster.workers[1].send({ go: true });
    if (!message.received) return;
    (result.received[worker.id] ??= []).push(message.received);
    // Two are expected; a moment more shows whether any other (an echo to the sender) follows.
    if (++receipts === 2) setTimeout(() => {
      console.log(JSON.stringify(result));
      for (const w of Object.values(cluster.workers)) w.kill();
    }, 300);
  });
  for (let i = 0; i < 3; i++) cluster.fork();
} else {
  const catalog = workerChannel('catalog');
  const other = workerChannel('other');
  catalog.subscribe((message) => process.send({ received: { channel: 'catalog', message } }));
  other.subscribe((message) => process.send({ received: { channel: 'other', message } }));
  process.on('message', (message) => message.go && catalog.publish({ tables: ['products'] }));
  process.send({ ready: true });
}
`,
    );
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', script],
        {
          env: {
            PATH: process.env.PATH,
            CHANNEL_MODULE: pathToFileURL(path.resolve(import.meta.dirname, 'plugins/worker-channel.ts')).href,
          },
          timeout: 15_000,
        },
      );
      const message = { channel: 'catalog', message: { tables: ['products'] } };
      expect(JSON.parse(stdout)).toEqual({ primaryHasChannel: false, received: { 2: [message], 3: [message] } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
