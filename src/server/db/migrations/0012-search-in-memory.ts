import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import * as databaseSearch from './0002-search.ts';
import { migrationDialect } from './dialect.ts';

/**
 * Search moved into each process's memory (modules/search/search-index.memory.ts), kept up to
 * date from the catalogue's change log like the listing index. The database's own full-text
 * index (SQLite FTS5 with its triggers; PostgreSQL's generated tsvector with its GIN index) is no
 * longer read, and maintaining it made every product write slower, so it goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await databaseSearch.down(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await databaseSearch.up(db);
  // SQLite's FTS table reads its rows from products: fill it from the rows already there.
  if (migrationDialect(db) === 'sqlite') await sql`INSERT INTO products_fts (products_fts) VALUES ('rebuild')`.execute(db);
}
