import type { Kysely } from 'kysely';
import { createChangeTriggers, dropChangeTriggers } from './change-log-triggers.ts';

/**
 * A product's rating is part of what the storefront lists (cards show it, listings sort and filter
 * by it): a write of `product_ratings` is logged as a change of its product in catalog_changes,
 * as offers' writes are, so the in-memory views follow every review, hide and restore. PostgreSQL
 * reuses the offers' statement-level function, which logs `product_id` of the rows written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createChangeTriggers(db, 'product_ratings', 'product_id', 'log_offer_changes');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeTriggers(db, 'product_ratings');
}
