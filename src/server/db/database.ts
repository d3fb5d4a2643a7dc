import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type Dialect as KyselyDialect, Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import PgCursor from 'pg-cursor';
import type { Database } from './schema.ts';
import { type WriteListener, watchWrites } from './write-watch.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** Every repository function accepts an optional transaction; this is its type. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

/** Told that a pooled PostgreSQL connection was lost (the pool replaces it on demand). */
export type ConnectionErrorListener = (error: Error) => void;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  destroy: () => Promise<void>;
  /** Calls `listener` with the tables each committed write touched; returns the unsubscribe. */
  onCommittedWrite: (listener: WriteListener) => () => void;
  /**
   * Calls `listener` once for each pooled connection that fails (the database restarted, the
   * network dropped it, an administrator ended it); returns the unsubscribe. Such failures never
   * end the process, and are not reported anywhere else. Never called on SQLite.
   */
  onConnectionError: (listener: ConnectionErrorListener) => () => void;
}

/** Resolves when the database answers a trivial query; rejects otherwise. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

// COUNT(*) and BIGINT arrive from PostgreSQL as strings; our counts always fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function dialectOf(url: string): Dialect {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

export interface OpenOptions {
  /** PostgreSQL only: run every connection in this schema (tests get a fresh schema each). */
  schema?: string;
  poolSize?: number;
  /**
   * PostgreSQL only: how long a query waits for a connection (a new one, or a free one from a full
   * pool) before failing, so requests fail fast with a 503 while the database is unreachable.
   */
  connectTimeoutMs?: number;
  /** SQLite only: how long a statement waits for another connection's lock before SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** SQLite only: the page cache in MB (4 unless told); a bulk load outside the server wants more. */
  cacheMb?: number;
}

/**
 * pg-cursor's close() waits for the server to confirm, which never comes once the connection is
 * gone; Kysely closes the cursor when a stream fails, so a lost connection would leave that stream
 * (and the listing index rebuilding from it) waiting forever, holding its pool slot. This close
 * also returns when the connection has ended.
 */
class Cursor<Row = unknown> extends PgCursor<Row> {
  override close(): Promise<void>;
  override close(callback: (err: Error) => void): undefined;
  override close(callback?: (err: Error) => void): Promise<void> | undefined {
    if (callback) return super.close(callback);
    const connection = (this as unknown as { connection: pg.Connection | null }).connection;
    if (!connection) return super.close();
    if (!connection.stream.writable) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const ended = () => resolve();
      connection.once('end', ended);
      super
        .close()
        .then(resolve, reject)
        .finally(() => connection.off('end', ended));
    });
  }
}

/**
 * better-sqlite3 with a statement cache: Kysely prepares every query it runs, and preparing costs
 * more than running a point lookup. A busy statement (one being iterated) is never handed out twice.
 */
function cachedStatements(sqlite: SqliteDatabase.Database) {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: 200 });
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * SQLite transactions that take the write lock when they begin (BEGIN IMMEDIATE). A transaction
 * begun the default way reads first and asks for the lock at its first write; when another
 * process (a second worker) wrote meanwhile, that fails at once with SQLITE_BUSY_SNAPSHOT, which
 * the busy timeout cannot wait out. Taking the lock first makes it wait its turn instead. Every
 * transaction here writes, so none is held back for nothing.
 */
function immediateTransactions(dialect: SqliteDialect): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => {
      const driver = dialect.createDriver();
      driver.beginTransaction = async (connection) => {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      };
      return driver;
    },
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/** Opens `sqlite:PATH`, `sqlite::memory:` or `postgres://…`. */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const listeners = new Set<WriteListener>();
  const committed: WriteListener = (tables) => {
    for (const listener of listeners) listener(tables);
  };
  const onCommittedWrite = (listener: WriteListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const errorListeners = new Set<ConnectionErrorListener>();
  const onConnectionError = (listener: ConnectionErrorListener) => {
    errorListeners.add(listener);
    return () => void errorListeners.delete(listener);
  };
  const open = (dialect: Dialect, inner: KyselyDialect): DatabaseHandle => {
    const db = new Kysely<Database>({ dialect: watchWrites(inner, committed) });
    return { db, dialect, destroy: () => db.destroy(), onCommittedWrite, onConnectionError };
  };

  if (dialectOf(url) === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    sqlite.pragma('synchronous = NORMAL');
    // better-sqlite3 defaults to a 16 MB page cache; the operating system caches the file anyway,
    // and 4 MB keeps the server within its memory budget at no measurable cost in speed.
    sqlite.pragma(`cache_size = -${Math.round((options.cacheMb ?? 4) * 1000)}`);
    return open('sqlite', immediateTransactions(new SqliteDialect({ database: cachedStatements(sqlite) })));
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
  });
  // A connection that fails emits 'error', which would end the process if nobody listened: the
  // pool listens while the connection is idle (and then drops it), and this listener covers it while
  // it is checked out, when the query in flight fails too and the pool drops it on release. Either
  // way the next query opens a new connection, so service resumes as soon as the database is back.
  const reported = new WeakSet<pg.ClientBase>();
  const report = (client: pg.ClientBase, error: Error) => {
    if (reported.has(client)) return; // a lost connection often reports twice (the error, then the close)
    reported.add(client);
    for (const listener of errorListeners) listener(error);
  };
  pool.on('connect', (client) => client.on('error', (error) => report(client, error)));
  pool.on('error', (error, client) => report(client, error));
  // The cursor lets large reads (the listing index) stream instead of arriving as one array.
  return open('postgres', new PostgresDialect({ pool, cursor: Cursor }));
}

/** Timestamps come back as Date on PostgreSQL and as ISO text on SQLite. */
export function toIso(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : value;
}
