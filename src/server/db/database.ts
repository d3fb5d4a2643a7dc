import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Dialect as KyselyDialect, Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema.ts';
import { type WriteListener, watchWrites } from './write-watch.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** Every repository function accepts an optional transaction; this is its type. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  destroy: () => Promise<void>;
  /** Calls `listener` with the tables each committed write touched; returns the unsubscribe. */
  onCommittedWrite: (listener: WriteListener) => () => void;
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
  const open = (dialect: Dialect, inner: KyselyDialect): DatabaseHandle => {
    const db = new Kysely<Database>({ dialect: watchWrites(inner, committed) });
    return { db, dialect, destroy: () => db.destroy(), onCommittedWrite };
  };

  if (dialectOf(url) === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // better-sqlite3 defaults to a 16 MB page cache; the operating system caches the file anyway,
    // and 4 MB keeps the server within its memory budget at no measurable cost in speed.
    sqlite.pragma('cache_size = -4000');
    return open('sqlite', new SqliteDialect({ database: cachedStatements(sqlite) }));
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  // The cursor lets large reads (the listing index) stream instead of arriving as one array.
  return open('postgres', new PostgresDialect({ pool, cursor: Cursor }));
}

/** Timestamps come back as Date on PostgreSQL and as ISO text on SQLite. */
export function toIso(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : value;
}
