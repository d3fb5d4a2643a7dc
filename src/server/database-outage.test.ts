import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { type HttpResponse, request, type ServerProcess, startServer } from '#server/testing/server-process.ts';
import { createTcpProxy, throughProxy } from '#server/testing/tcp-proxy.ts';

/**
 * A real server process loses its PostgreSQL while answering traffic, and gets it back. The
 * server reaches PostgreSQL through a small TCP proxy of the test's own, so the outage (connections
 * cut, new ones refused) is this process's alone, not every test's that shares the server.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = 'http://store.test';
const PASSWORD = 'secret-pass-1';

interface Answer {
  url: string;
  status: number | 'failed';
  retryAfter?: string;
  code?: string;
  ms: number;
  startedAt: number;
}

describe.skipIf(!PG_URL)(
  `a server process while PostgreSQL goes away and comes back${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`,
  () => {
    const name = `store_outage_${randomBytes(5).toString('hex')}`;
    const applicationName = `${name}_app`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-outage-'));
    const target = new URL(PG_URL ?? 'postgres://localhost');
    const proxy = createTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    let server: ServerProcess;
    let exitedEarly: number | null | undefined;

    const adminClient = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        return await run(client);
      } finally {
        await client.end();
      }
    };
    let address = 0;
    /** Every call comes from an address of its own, so no rate limit gets in the way. */
    const call = async (method: string, url: string, options: { body?: unknown; cookie?: string } = {}): Promise<Answer> => {
      const startedAt = Date.now();
      let response: HttpResponse;
      try {
        response = await request(server.port, method, url, {
          body: options.body,
          headers: {
            origin: PUBLIC_URL,
            'x-forwarded-for': `10.9.${(++address >> 8) & 255}.${address & 255}`,
            ...(options.cookie ? { cookie: options.cookie } : {}),
          },
        });
      } catch {
        return { url, status: 'failed', ms: Date.now() - startedAt, startedAt };
      }
      const retryAfter = response.headers['retry-after'];
      const code = response.status >= 400 ? (response.json() as { error?: { code?: string } }).error?.code : undefined;
      return {
        url,
        status: response.status,
        ms: Date.now() - startedAt,
        startedAt,
        ...(retryAfter ? { retryAfter: String(retryAfter) } : {}),
        ...(code ? { code } : {}),
      };
    };
    const contact = () =>
      call('POST', '/api/contact', {
        body: { name: 'Outage Tester', email: 'outage@example.com', topic: 'Other', message: 'Is the store still there?' },
      });
    let cookie = '';
    /** One round of traffic: catalogue (may come from memory), readiness, a write, a signed-in read. */
    const round = () =>
      Promise.all([call('GET', '/api/products'), call('GET', '/api/ready'), contact(), call('GET', '/api/account/addresses', { cookie })]);

    beforeAll(async () => {
      await adminClient((client) => client.query(`CREATE DATABASE ${name}`));
      await proxy.start();
      const url = new URL(PG_URL!);
      url.pathname = `/${name}`;
      const databaseUrl = throughProxy(url.toString(), proxy, { application_name: applicationName });
      server = await startServer({
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SESSION_SECRET: 's'.repeat(32),
        PUBLIC_URL,
        TRUST_PROXY: 'true',
      });
      void server.exited.then((code) => (exitedEarly = code));

      const registered = await request(server.port, 'POST', '/api/auth/register', {
        body: { name: 'Outage Tester', email: 'outage@example.com', password: PASSWORD },
        headers: { origin: PUBLIC_URL, 'x-forwarded-for': '10.8.0.1' },
      });
      expect(registered.status, registered.body).toBe(201);
      const raw = [registered.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('store.session_token='));
      cookie = raw ? raw.split(';')[0]! : '';
    });

    afterAll(async () => {
      const code = await server?.stop();
      await proxy.stop().catch(() => undefined);
      await adminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(dataDir, { recursive: true, force: true });
      // It still shuts down cleanly after the outage.
      expect(code, server?.output()).toBe(0);
    });

    it('stays up, answers 503 with Retry-After while the database is unreachable, and serves again within seconds of its return', async () => {
      const answers: Answer[] = [];
      let running = true;
      const traffic = (async () => {
        while (running) {
          answers.push(...(await round()));
          await sleep(25);
        }
      })();

      // Normal service, with connections in the pool.
      await sleep(1_000);
      const outageStarted = Date.now();
      const ended = await adminClient(async (client) => {
        const result = await client.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1', [
          applicationName,
        ]);
        return result.rowCount;
      });
      await proxy.stop();
      const outageFrom = Date.now();
      await sleep(3_000);
      expect(exitedEarly, server.output()).toBeUndefined();

      await proxy.start();
      const backAt = Date.now();
      // Traffic goes on until two rounds have started 3 s after the return (on a busy machine a round may take a while).
      const deadline = backAt + 15_000;
      while (answers.filter((a) => a.startedAt >= backAt + 3_000).length < 8 && Date.now() < deadline) await sleep(250);
      running = false;
      await traffic;

      const output = server.output();
      expect(exitedEarly, output).toBeUndefined();
      expect(ended, 'the app had connections to end').toBeGreaterThan(0);

      // A request still in flight when the backends are ended may meet the outage: only those answered before it count as "before".
      const before = answers.filter((a) => a.startedAt + a.ms < outageStarted);
      const during = answers.filter((a) => a.startedAt >= outageFrom && a.startedAt + a.ms < backAt);
      const after = answers.filter((a) => a.startedAt >= backAt + 3_000);
      const summary = JSON.stringify({ before: before.slice(0, 8), during: during.slice(0, 16), after: after.slice(0, 8) }, null, 1);

      // Never a 500, never a dropped connection, never a long wait, before, during or after.
      expect(
        answers.filter((a) => a.status === 500 || a.status === 'failed'),
        summary,
      ).toEqual([]);
      expect(Math.max(...answers.map((a) => a.ms)), summary).toBeLessThan(6_000);
      expect(before.length).toBeGreaterThan(0);
      expect(
        before.every((a) => a.status === 200 || a.status === 201),
        summary,
      ).toBe(true);

      // Whatever needs the database says so: 503 with Retry-After.
      expect(during.length, summary).toBeGreaterThan(0);
      for (const answer of during) {
        if (answer.url === '/api/products' && answer.status === 200) continue; // served from memory: fine
        if (answer.url === '/api/ready') expect(answer, summary).toMatchObject({ status: 503, retryAfter: '5' });
        else expect(answer, summary).toMatchObject({ status: 503, retryAfter: '5', code: 'UNAVAILABLE' });
      }
      expect(during.filter((a) => a.url === '/api/contact').length).toBeGreaterThan(0);

      // Back to normal within seconds, without a restart.
      expect(after.length, summary).toBeGreaterThan(0);
      expect(
        after.every((a) => a.status === 200 || a.status === 201),
        summary,
      ).toBe(true);
      // The error handler logged the failures as warnings ("The database is unavailable"), not as unhandled errors.
      expect(output).toContain('"msg":"The database is unavailable"');
      expect(output).toContain('A database connection was lost; the next query opens a new one');
      expect(output).not.toContain('"msg":"Unhandled error"');
      // Nothing bypasses the logger (Better Auth's own console output, for one).
      expect(output).not.toContain('[Better Auth]');
    }, 40_000);
  },
);

describe('a SQLite file locked by another connection', () => {
  it('answers a write with 503 and Retry-After (logged as a warning) while the lock is held, and 201 once it is gone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-busy-'));
    const file = path.join(dir, 'store.db');
    // A short busy timeout, so the write gives up quickly instead of after the usual 5 s.
    const database = openDatabase(`sqlite:${file}`, { busyTimeoutMs: 100 });
    await migrateToLatest(database.db);
    const logs: { level: number; msg: string }[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: `sqlite:${file}`,
      DATA_DIR: dir,
      SESSION_SECRET: 'x'.repeat(32),
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent',
    });
    const { app } = await buildApp({
      config,
      database,
      logger: { level: 'warn', stream: { write: (line: string) => void logs.push(JSON.parse(line)) } },
    });
    const other = new SqliteDatabase(file);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Busy Tester', email: 'busy@example.com', topic: 'Other', message: 'Is anybody there at all?' },
      });
    try {
      other.exec('BEGIN EXCLUSIVE');
      const locked = await send();
      expect(locked.statusCode, locked.body).toBe(503);
      expect(locked.headers['retry-after']).toBe('5');
      expect(locked.json()).toEqual({
        error: { code: 'UNAVAILABLE', message: 'The store is briefly unavailable. Please try again in a moment.' },
      });
      // Readers are not blocked by a writer in WAL mode.
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      other.exec('COMMIT');
      const free = await send();
      expect(free.statusCode, free.body).toBe(201);
      expect(logs.filter((line) => line.level >= 50)).toEqual([]);
      expect(logs.filter((line) => line.level === 40).map((line) => line.msg)).toEqual(['The database is unavailable']);
    } finally {
      other.close();
      await app.close();
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
