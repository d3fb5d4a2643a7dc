import { type Kysely, sql } from 'kysely';
import { changeClock, createChangeTriggers, dropChangeTriggers } from './change-log-triggers.ts';
import { columnTypes } from './dialect.ts';

/**
 * A product's rating is part of what the storefront lists (cards show it, listings sort and filter
 * by it): a write of `product_ratings` is logged as a change of its product in catalog_changes,
 * as offers' writes are, so the in-memory views follow every review, hide and restore. PostgreSQL
 * logs a statement's rows in one insert through its own function (the offers' is 0014's to drop).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`
      CREATE FUNCTION log_rating_changes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO catalog_changes (product_id, changed_at) SELECT DISTINCT product_id, ${changeClock(db)} FROM changed_rows;
        RETURN NULL;
      END $$`.execute(db);
  }
  await createChangeTriggers(db, 'product_ratings', 'product_id', 'log_rating_changes');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeTriggers(db, 'product_ratings');
  if (columnTypes(db).postgres) await sql`DROP FUNCTION IF EXISTS log_rating_changes()`.execute(db);
}
