import { type Kysely, sql } from 'kysely';
import { migrationDialect } from './dialect.ts';

/**
 * The search index. SQLite: an FTS5 table kept in step with products by triggers, and its
 * vocabulary for typo tolerance. PostgreSQL: a generated, weighted tsvector with a GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (migrationDialect(db) === 'postgres') {
    await sql`
      ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', name), 'A') ||
        setweight(to_tsvector('simple', brand), 'B') ||
        setweight(to_tsvector('simple', search_text), 'C')
      ) STORED`.execute(db);
    await sql`CREATE INDEX products_search_idx ON products USING gin (search_vector)`.execute(db);
    return;
  }
  await sql`
    CREATE VIRTUAL TABLE products_fts USING fts5(
      name, brand, search_text,
      content = 'products', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    )`.execute(db);
  await sql`CREATE VIRTUAL TABLE products_fts_vocab USING fts5vocab(products_fts, 'row')`.execute(db);
  await sql`
    CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
      INSERT INTO products_fts (rowid, name, brand, search_text)
      VALUES (new.id, new.name, new.brand, new.search_text);
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
      INSERT INTO products_fts (products_fts, rowid, name, brand, search_text)
      VALUES ('delete', old.id, old.name, old.brand, old.search_text);
    END`.execute(db);
  await sql`
    CREATE TRIGGER products_fts_update AFTER UPDATE OF name, brand, search_text ON products BEGIN
      INSERT INTO products_fts (products_fts, rowid, name, brand, search_text)
      VALUES ('delete', old.id, old.name, old.brand, old.search_text);
      INSERT INTO products_fts (rowid, name, brand, search_text)
      VALUES (new.id, new.name, new.brand, new.search_text);
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (migrationDialect(db) === 'postgres') {
    await sql`DROP INDEX products_search_idx`.execute(db);
    await sql`ALTER TABLE products DROP COLUMN search_vector`.execute(db);
    return;
  }
  for (const trigger of ['products_fts_insert', 'products_fts_delete', 'products_fts_update']) {
    await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE products_fts_vocab`.execute(db);
  await sql`DROP TABLE products_fts`.execute(db);
}
