import { type Kysely, PostgresAdapter } from 'kysely';
import type { Dialect } from '../database.ts';

/** Migrations are shared by both engines; the few differences ask this. */
export function migrationDialect(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function columnTypes(db: Kysely<unknown>) {
  const postgres = migrationDialect(db) === 'postgres';
  return {
    postgres,
    id: postgres ? ('serial' as const) : ('integer' as const),
    timestamp: postgres ? ('timestamptz' as const) : ('text' as const),
  };
}
