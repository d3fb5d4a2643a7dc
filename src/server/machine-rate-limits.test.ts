import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACK_REQUESTS_PER_ADDRESS } from '#server/modules/checkout/track-limits.ts';
import { request, type ServerProcess, startServer } from '#server/testing/server-process.ts';
import { createTcpProxy, type TcpProxy, throughProxy } from '#server/testing/tcp-proxy.ts';

/**
 * `npm run serve` with WEB_CONCURRENCY=2 behind a proxy (TRUST_PROXY, X-Forwarded-For): the
 * contact form's 10 messages per 10 minutes per address hold for the machine, whichever worker
 * each request reaches, without Redis, with it, and once it is gone. Which worker holds a
 * connection is read from Linux's /proc, so the server needs no test-only header.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const PUBLIC_URL = 'http://store.test';
const CONTACT_LIMIT = 10;
const TRACK_LIMIT = TRACK_REQUESTS_PER_ADDRESS;
const message = { name: 'Meera Nair', email: 'meera@example.in', topic: 'Other', message: 'Is the Mac mini available in Kochi?' };

/** A client address of its own for each use, so counts left in a shared Redis never meet this run's. */
const freshAddress = () => `10.${randomBytes(3).join('.')}`;

/** The primary's children: its workers. */
function workersOf(primary: number): number[] {
  const text = readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

/** The worker among `pids` holding the server's end of the connection from local port `clientPort` to `port`. */
function ownerOf(pids: readonly number[], port: number, clientPort: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local = '', remote = '', , , , , , , inode = ''] = line.trim().split(/\s+/);
      const portOf = (address: string) => Number.parseInt(address.split(':').at(-1)!, 16);
      if (portOf(local) === port && portOf(remote) === clientPort) inodes.add(inode);
    }
  }
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const socket = /^socket:\[(\d+)\]$/.exec(linkOf(`/proc/${pid}/fd/${fd}`));
      if (socket && inodes.has(socket[1]!)) return pid;
    }
  }
  return undefined;
}

function linkOf(file: string): string {
  try {
    return readlinkSync(file);
  } catch {
    return ''; // closed while we looked
  }
}

/** One keep-alive connection, and the worker at its other end. */
interface Connection {
  agent: http.Agent;
  clientPort: number;
  worker: number;
}

/** A request on `agent`'s one connection; says which local port it went out on. */
function send(
  port: number,
  agent: http.Agent,
  method: string,
  url: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; clientPort: number; body: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
          ...headers,
        },
      },
      (res) => {
        const clientPort = res.socket.localPort!; // the socket goes back to the agent at the end
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, clientPort, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A connection held open to each of the two workers (node:cluster hands connections round, so a few suffice). */
async function oneConnectionPerWorker(server: ServerProcess): Promise<[Connection, Connection]> {
  const workers = workersOf(server.child.pid!);
  expect(workers, server.output()).toHaveLength(2);
  const byWorker = new Map<number, Connection>();
  for (let round = 0; round < 5 && byWorker.size < 2; round++) {
    const opened = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const { status, clientPort } = await send(server.port, agent, 'GET', '/api/health');
        expect(status).toBe(200);
        return { agent, clientPort, worker: ownerOf(workers, server.port, clientPort)! };
      }),
    );
    for (const connection of opened) {
      if (connection.worker && !byWorker.has(connection.worker)) byWorker.set(connection.worker, connection);
      else connection.agent.destroy();
    }
  }
  expect([...byWorker.keys()].sort()).toEqual([...workers].sort());
  return [...byWorker.values()] as [Connection, Connection];
}

/** A POST from `address` on `connection`, which must still be the same connection to the same worker; its status. */
async function post(server: ServerProcess, connection: Connection, url: string, body: unknown, address: string): Promise<number> {
  const response = await send(server.port, connection.agent, 'POST', url, {
    body,
    headers: { origin: PUBLIC_URL, 'x-forwarded-for': address },
  });
  expect(response.clientPort, 'the request went out on its own connection').toBe(connection.clientPort);
  return response.status;
}

async function contact(server: ServerProcess, connection: Connection, address: string): Promise<number> {
  const status = await post(server, connection, '/api/contact', message, address);
  expect([201, 429]).toContain(status);
  return status;
}

/** Sends `count` contact messages from `address`, turn about to each worker, and returns their statuses. */
async function alternately(
  server: ServerProcess,
  connections: readonly Connection[],
  address: string,
  count: number,
  from = 0,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = from; i < from + count; i++) statuses.push(await contact(server, connections[i % connections.length]!, address));
  return statuses;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await sleep(50);
  }
}

describe.skipIf(process.platform !== 'linux')('rate limits with two workers behind one port', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let alone: ServerProcess;
  let withRedis: ServerProcess | undefined;
  let proxy: TcpProxy | undefined;
  let direct: Redis | undefined;

  const start = (env: Record<string, string> = {}) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-limits-'));
    dirs.push(dir);
    return startServer({
      DATABASE_URL: `sqlite:${path.join(dir, 'store.db')}`,
      DATA_DIR: dir,
      SESSION_SECRET: 's'.repeat(32),
      PUBLIC_URL,
      TRUST_PROXY: 'true',
      WEB_CONCURRENCY: '2',
      ...env,
    }).then((server) => (servers.push(server), server));
  };

  beforeAll(async () => {
    if (REDIS_URL) {
      const target = new URL(REDIS_URL);
      proxy = createTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      await proxy.start();
      direct = new Redis(REDIS_URL);
    }
    [alone, withRedis] = await Promise.all([start(), proxy ? start({ REDIS_URL: throughProxy(REDIS_URL!, proxy) }) : undefined]);
  }, 60_000);

  afterAll(async () => {
    const codes = await Promise.all(servers.map((server) => server.stop()));
    await proxy?.stop();
    direct?.disconnect();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    expect(codes, servers.map((server) => server.output()).join('\n')).toEqual(servers.map(() => 0));
  });

  describe('without Redis', () => {
    it(`lets ${CONTACT_LIMIT} messages from one address through, whichever worker each reaches, then refuses them on both`, async () => {
      const connections = await oneConnectionPerWorker(alone);
      const address = freshAddress();
      expect(await alternately(alone, connections, address, CONTACT_LIMIT)).toEqual(Array(CONTACT_LIMIT).fill(201));
      expect(await alternately(alone, connections, address, 4)).toEqual([429, 429, 429, 429]);
      // Another address has its own count, on either worker.
      expect(await alternately(alone, connections, freshAddress(), 2)).toEqual([201, 201]);
      for (const connection of connections) connection.agent.destroy();
    });

    it(`counts a limit of the app's own making (order tracking: ${TRACK_LIMIT} look-ups per address) for the machine too`, async () => {
      const connections = await oneConnectionPerWorker(alone);
      const address = freshAddress();
      const lookUp = (i: number) =>
        post(alone, connections[i % 2]!, '/api/track', { number: 'CB00000042', email: 'meera@example.in' }, address);
      const statuses: number[] = [];
      for (let i = 0; i < TRACK_LIMIT + 2; i++) statuses.push(await lookUp(i));
      // No such order: 404 while the look-ups are allowed.
      expect(statuses).toEqual([...Array(TRACK_LIMIT).fill(404), 429, 429]);
      for (const connection of connections) connection.agent.destroy();
    });

    it(`lets exactly ${CONTACT_LIMIT} of a burst of 24, each on a connection of its own, through`, async () => {
      const address = freshAddress();
      const responses = await Promise.all(
        Array.from({ length: 24 }, () =>
          request(alone.port, 'POST', '/api/contact', { body: message, headers: { origin: PUBLIC_URL, 'x-forwarded-for': address } }),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(24 - CONTACT_LIMIT);
    });
  });

  describe.skipIf(!REDIS_URL)(`with Redis${REDIS_URL ? '' : ' (skipped: TEST_REDIS_URL is not set)'}`, () => {
    let connections: [Connection, Connection];
    const counted = async (address: string) => Number(await direct!.get(`store-rate-limit:POST/api/contact-${address}`));

    beforeAll(async () => {
      connections = await oneConnectionPerWorker(withRedis!);
      // Each worker's Redis client is connected once a message from a throwaway address is counted there.
      for (const connection of connections) {
        await until('the worker counts in Redis', async () => {
          const address = freshAddress();
          await contact(withRedis!, connection, address);
          return (await counted(address)) === 1;
        });
      }
    });
    afterAll(() => {
      for (const connection of connections ?? []) connection.agent.destroy();
    });

    it(`counts in Redis and lets ${CONTACT_LIMIT} messages from one address through, then refuses them on both workers`, async () => {
      const address = freshAddress();
      expect(await alternately(withRedis!, connections, address, CONTACT_LIMIT)).toEqual(Array(CONTACT_LIMIT).fill(201));
      expect(await alternately(withRedis!, connections, address, 2)).toEqual([429, 429]);
      expect(await counted(address)).toBe(CONTACT_LIMIT + 2);
    });

    it('still holds the limit for the machine once Redis is gone midway', async () => {
      const address = freshAddress();
      expect(await alternately(withRedis!, connections, address, 3)).toEqual([201, 201, 201]);
      expect(await counted(address)).toBe(3);

      await proxy!.stop();
      expect(await alternately(withRedis!, connections, address, CONTACT_LIMIT - 3, 3)).toEqual(Array(CONTACT_LIMIT - 3).fill(201));
      expect(await alternately(withRedis!, connections, address, 4)).toEqual([429, 429, 429, 429]);
      expect(await counted(address), 'nothing reached Redis meanwhile').toBe(3);
    });
  });
});
