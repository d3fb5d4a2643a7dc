import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle, Dialect } from '#server/db/database.ts';
import { createTestDatabase, testDialects } from '#server/testing/test-database.ts';

/**
 * Redis only helps (shared rate limits, word of catalogue changes): when it is down, slow or
 * gone mid-run, answers stay fast, the limits still hold in each process, and the log says so
 * once, not once per request.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
/** Far more than a request needs here, far less than the seconds ioredis used to queue a command for. */
const FAST_MS = 200;

interface LogLine {
  level: number;
  msg: string;
}

interface RedisTestApp {
  app: FastifyInstance;
  logs: LogLine[];
  close: () => Promise<void>;
}

async function buildRedisApp(dialect: Dialect, redisUrl?: string): Promise<RedisTestApp> {
  const database: DatabaseHandle = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-redis-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'sqlite::memory:',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'x'.repeat(32),
    SEED_DEMO: 'false',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const logs: LogLine[] = [];
  const { app } = await buildApp({
    config,
    database,
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line)) } },
  });
  await app.ready();
  return {
    app,
    logs,
    close: async () => {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client address of its own per use, so counts left in a shared Redis never meet this run's. */
const freshAddress = () => `10.${randomBytes(3).join('.')}`;
const headers = { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' };
const message = { name: 'Meera Nair', email: 'meera@example.in', topic: 'Other', message: 'Is the Mac mini available in Kochi?' };

async function timed(app: FastifyInstance, method: 'POST' | 'GET', url: string, payload: object | undefined, remoteAddress: string) {
  const started = performance.now();
  const response = await app.inject({ method, url, payload, headers, remoteAddress });
  return { response, ms: performance.now() - started };
}
const contact = (app: FastifyInstance, address: string) => timed(app, 'POST', '/api/contact', message, address);
const signUp = (app: FastifyInstance, address: string) =>
  timed(
    app,
    'POST',
    '/api/auth/register',
    { name: 'Outage Tester', email: `outage-${randomBytes(4).toString('hex')}@example.in`, password: 'secret-pass-1' },
    address,
  );
const logged = (logs: LogLine[], pattern: RegExp) => logs.filter((line) => pattern.test(line.msg));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await pause(25);
  }
}

describe.each(testDialects())('with Redis unreachable from the start (%s)', (dialect) => {
  let t: RedisTestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    t = await buildRedisApp(dialect, 'redis://127.0.0.1:1');
  });
  afterAll(() => t.close());

  it('signs up and takes contact messages without waiting for Redis', async () => {
    // The limiter runs before the body is checked, so a refused sign-up times the limiter alone.
    for (let i = 0; i < 3; i++) {
      const { response, ms } = await timed(
        t.app,
        'POST',
        '/api/auth/register',
        { email: 'no-name@example.in', password: 'secret-pass-1' },
        freshAddress(),
      );
      expect(response.statusCode).toBe(400);
      expect(ms).toBeLessThan(FAST_MS);
    }
    // A real sign-up also hashes a password (scrypt, about 70-200 ms here): no slower than with no Redis at all.
    const median = async (app: FastifyInstance) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const { response, ms } = await signUp(app, freshAddress());
        expect(response.statusCode, response.body).toBe(201);
        times.push(ms);
      }
      return times.sort((a, b) => a - b)[1]!;
    };
    const withoutRedis = await buildRedisApp(dialect);
    try {
      await signUp(withoutRedis.app, freshAddress()); // both warmed up
      await signUp(t.app, freshAddress());
      const baseline = await median(withoutRedis.app);
      expect(await median(t.app)).toBeLessThan(baseline + 100);
    } finally {
      await withoutRedis.close();
    }
    const { response, ms } = await contact(t.app, freshAddress());
    expect(response.statusCode, response.body).toBe(201);
    expect(ms).toBeLessThan(FAST_MS);
  });

  it('still limits contact messages in this process: the 11th from one address in 10 minutes is refused', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      const { response, ms } = await contact(t.app, address);
      expect(response.statusCode, response.body).toBe(201);
      expect(ms).toBeLessThan(FAST_MS);
    }
    const { response, ms } = await contact(t.app, address);
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe('RATE_LIMITED');
    expect(ms).toBeLessThan(FAST_MS);
    // Another address has its own count.
    expect((await contact(t.app, freshAddress())).response.statusCode).toBe(201);
  });

  it('says once that Redis is unreachable, not once per request or reconnect', async () => {
    expect(logged(t.logs, /Redis is unreachable/)).toHaveLength(1);
    expect(logged(t.logs, /Redis/).every((line) => line.level <= 40)).toBe(true); // warnings, not errors
  });
});

/** A TCP proxy in front of the real Redis that the test can cut, restore, or freeze mid-connection. */
async function redisProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // While frozen, nothing passes either way: a Redis that stopped answering on open connections.
    client.on('data', (chunk) => void (frozen || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (frozen || client.write(chunk)));
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => void (frozen = true),
    /** Every connection cut and new ones refused: Redis went away. */
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      frozen = false;
    },
    restore: () => listen(port),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!REDIS_URL).each(testDialects())(
  `with Redis going away mid-run (%s)${REDIS_URL ? '' : ' (skipped: TEST_REDIS_URL is not set)'}`,
  (dialect) => {
    let proxy: Awaited<ReturnType<typeof redisProxy>>;
    let t: RedisTestApp;
    let direct: Redis;
    beforeAll(async () => {
      proxy = await redisProxy(new URL(REDIS_URL!));
      direct = new Redis(REDIS_URL!, { lazyConnect: true });
      await direct.connect();
    });
    afterAll(async () => {
      await proxy?.close();
      await direct?.quit();
    });
    afterEach(() => t?.close());

    const count = async (address: string) => Number(await direct.get(`store-rate-limit:POST/api/contact-${address}`));
    /** The app's client is connected once a message from a throwaway address is counted in Redis. */
    const countingInRedis = () =>
      until(async () => {
        const address = freshAddress();
        await contact(t.app, address);
        return (await count(address)) === 1;
      }, 'the app counts in Redis');

    it('counts in Redis while it answers and in the process as well, so the limit holds while Redis is gone and after it is back; answers stay fast', async () => {
      t = await buildRedisApp(dialect, proxy.url);
      await countingInRedis();
      const address = freshAddress();
      for (let i = 0; i < 3; i++) expect((await contact(t.app, address)).response.statusCode).toBe(201);
      expect(await count(address)).toBe(3);

      await proxy.cut();
      // Gone: the process counts alone, fast, from what it saw itself (3), and the limit still holds.
      for (let i = 0; i < 7; i++) {
        const { response, ms } = await contact(t.app, address);
        expect(response.statusCode, response.body).toBe(201);
        expect(ms).toBeLessThan(FAST_MS);
      }
      const refused = await contact(t.app, address);
      expect(refused.response.statusCode).toBe(429);
      expect(refused.ms).toBeLessThan(FAST_MS);
      // Sign-up's limiter too (a body it refuses, so no password is hashed).
      const { response, ms } = await timed(
        t.app,
        'POST',
        '/api/auth/register',
        { email: 'no-name@example.in', password: 'secret-pass-1' },
        freshAddress(),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(ms).toBeLessThan(FAST_MS);
      expect(await count(address)).toBe(3);
      await until(() => logged(t.logs, /Redis is unreachable/).length === 1, 'the outage is logged');

      await proxy.restore();
      await until(() => logged(t.logs, /Redis is reachable again/).length === 1, 'the return is logged');
      // The first command on the new connection may still time out on a loaded machine (it then
      // counts in the process alone, as in an outage): wait until Redis counts again.
      await countingInRedis();
      // Back: counting continues in Redis, and what this process counted meanwhile still holds, so
      // the address that used up its limit during the outage does not get a fresh one.
      expect((await contact(t.app, address)).response.statusCode).toBe(429);
      expect(await count(address)).toBe(4);
      const other = freshAddress();
      expect((await contact(t.app, other)).response.statusCode).toBe(201);
      expect(await count(other)).toBe(1);
      expect(logged(t.logs, /Redis is unreachable/)).toHaveLength(1);
    });

    it('does not wait for a Redis that stops answering on an open connection', async () => {
      t = await buildRedisApp(dialect, proxy.url);
      await countingInRedis();
      const address = freshAddress();
      expect((await contact(t.app, address)).response.statusCode).toBe(201);
      expect(await count(address)).toBe(1);

      proxy.freeze();
      for (let i = 0; i < 3; i++) {
        const { response, ms } = await contact(t.app, address);
        expect(response.statusCode, response.body).toBe(201);
        // REDIS_COMMAND_TIMEOUT_MS (100) and the request itself
        expect(ms).toBeLessThan(FAST_MS + 100);
      }
      expect(logged(t.logs, /Redis did not count/)).toHaveLength(1);
      await proxy.cut();
      await proxy.restore();
    });

    it('hears of other processes’ catalogue changes again after Redis comes back', async () => {
      t = await buildRedisApp(dialect, proxy.url);
      const cache = async () => (await t.app.inject({ method: 'GET', url: '/api/categories' })).headers['x-cache'];
      /** Another process's change, published straight to Redis, empties this process's cache. */
      const hearsChanges = () =>
        until(async () => {
          await cache();
          await cache();
          if ((await cache()) !== 'hit') return false;
          await direct.publish('store:catalog-changed', JSON.stringify({ from: 'another-process', tables: ['products'] }));
          await pause(50);
          return (await cache()) === 'miss';
        }, 'a change published by another process empties the cache');

      await hearsChanges();
      await proxy.cut();
      await until(() => logged(t.logs, /Redis is unreachable/).length === 1, 'the outage is logged');
      // Meanwhile the cache keeps serving.
      await cache();
      expect(await cache()).toBe('hit');
      await proxy.restore();
      await until(() => logged(t.logs, /Redis is reachable again/).length === 1, 'the return is logged');
      await hearsChanges();
    });
  },
);
