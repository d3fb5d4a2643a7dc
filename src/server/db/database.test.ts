import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTcpProxy, type TcpProxy, throughProxy } from '#server/testing/tcp-proxy.ts';
import { type DatabaseHandle, type OpenOptions, openDatabase, pingDatabase } from './database.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

/** Settles with what `promise` did, or 'still waiting' after `ms`. */
async function within<T>(ms: number, promise: Promise<T>): Promise<{ value: T } | { error: unknown } | 'still waiting'> {
  const timeout = sleep(ms).then(() => 'still waiting' as const);
  return Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    timeout,
  ]);
}

/**
 * A pool whose PostgreSQL goes away: through a proxy of the test's own, so only this pool loses
 * its database, and with an application_name so the test can end exactly its connections.
 */
describe.skipIf(!PG_URL)(
  `the PostgreSQL pool when the database goes away${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`,
  () => {
    let proxy: TcpProxy;
    let applicationName: string;
    const handles: DatabaseHandle[] = [];

    const open = (options: OpenOptions = {}) => {
      const handle = openDatabase(throughProxy(PG_URL!, proxy, { application_name: applicationName }), options);
      handles.push(handle);
      return handle;
    };
    /** Ends this test's connections from the server's side, as a restart or an administrator would. */
    const terminate = async () => {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      try {
        const result = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
          applicationName,
        ]);
        return result.rowCount ?? 0;
      } finally {
        await admin.end();
      }
    };
    const failure = async (promise: Promise<unknown>) => {
      const outcome = await within(5_000, promise);
      if (outcome === 'still waiting' || !('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`);
      return outcome.error;
    };
    const waitFor = async (condition: () => boolean) => {
      for (let i = 0; i < 100 && !condition(); i++) await sleep(20);
      expect(condition()).toBe(true);
    };

    beforeEach(async () => {
      applicationName = `store_pool_${randomBytes(5).toString('hex')}`;
      proxy = createTcpProxy({ host: new URL(PG_URL!).hostname, port: Number(new URL(PG_URL!).port || 5432) });
      await proxy.start();
    });
    afterEach(async () => {
      await proxy.start().catch(() => undefined); // a test that stopped it lets destroy end cleanly
      for (const handle of handles.splice(0)) await handle.destroy();
      await proxy.stop();
    });

    it('survives its idle connections being ended, reports each once, and serves again when the database is back', async () => {
      const handle = open({ poolSize: 3 });
      const lost: Error[] = [];
      handle.onConnectionError((error) => lost.push(error));
      await Promise.all([pingDatabase(handle.db), pingDatabase(handle.db), pingDatabase(handle.db)]);

      const ended = await terminate();
      expect(ended).toBe(3);
      await waitFor(() => lost.length === 3);
      await proxy.stop();

      const refused = await failure(pingDatabase(handle.db));
      expect(isDatabaseUnavailable(refused), String(refused)).toBe(true);

      await proxy.start();
      await pingDatabase(handle.db);
      await sleep(100);
      expect(lost).toHaveLength(3);
      expect(
        lost.every((error) => isDatabaseUnavailable(error)),
        lost.map(String).join('\n'),
      ).toBe(true);
    });

    it('fails a transaction whose connection is ended while checked out, not the process', async () => {
      const handle = open({ poolSize: 1 });
      const lost: Error[] = [];
      handle.onConnectionError((error) => lost.push(error));
      const transaction = handle.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await terminate();
        // The connection is idle inside the transaction when the server ends it.
        await waitFor(() => lost.length === 1);
        await sql`SELECT 2`.execute(trx);
      });
      const error = await failure(transaction);
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      // The broken connection went back to the pool as broken; the next query gets a new one.
      await pingDatabase(handle.db);
    });

    it('ends a stream cut off half-way with an error at once, and frees its connection', async () => {
      const handle = open({ poolSize: 1 });
      const stream = handle.db
        .selectFrom(sql<{ n: number }>`generate_series(1, 1000000)`.as('g'))
        .select(sql<number>`g`.as('n'))
        .stream(100);
      const rows = stream[Symbol.asyncIterator]();
      expect((await rows.next()).value).toEqual({ n: 1 });
      await proxy.stop();

      const drained = (async () => {
        while (!(await rows.next()).done);
      })();
      const error = await failure(drained);
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);

      await proxy.start();
      // With a pool of one, this only works if the stream gave its connection back.
      expect(await within(5_000, pingDatabase(handle.db))).toEqual({ value: undefined });
    });

    it('gives up connecting after connectTimeoutMs when the database does not answer', async () => {
      const handle = open({ connectTimeoutMs: 500 });
      proxy.blackHole(true);
      const started = Date.now();
      const error = await failure(pingDatabase(handle.db));
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);

      proxy.blackHole(false);
      await pingDatabase(handle.db);
    });
  },
);

describe('SQLite shared by two processes', () => {
  it('takes the write lock when a transaction begins, so another process waits its turn instead of failing with SQLITE_BUSY', async () => {
    const file = `${tmpdir()}/store-immediate-${randomBytes(4).toString('hex')}.sqlite`;
    const handle = openDatabase(`sqlite:${file}`);
    // Another process's connection, which does not wait at all for a lock.
    const other = new SqliteDatabase(file, { timeout: 0 });
    try {
      await sql`CREATE TABLE counter (n integer NOT NULL)`.execute(handle.db);
      let lockedOut: unknown;
      await handle.db.transaction().execute(async (tx) => {
        // Only a read so far: begun the default way, no lock would be held yet, and a write
        // after another process's would fail at once (its snapshot stale).
        await sql`SELECT n FROM counter`.execute(tx);
        try {
          other.prepare('BEGIN IMMEDIATE').run();
          other.prepare('ROLLBACK').run();
        } catch (error) {
          lockedOut = error;
        }
      });
      expect((lockedOut as { code?: string } | undefined)?.code).toBe('SQLITE_BUSY');
      other.prepare('BEGIN IMMEDIATE').run(); // free again once the transaction ended
      other.prepare('ROLLBACK').run();
    } finally {
      other.close();
      await handle.destroy();
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    }
  });
});
