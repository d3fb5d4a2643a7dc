import type { Kysely } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * Wishlists: the products a customer saved for later, one row per customer and product,
 * with the price it had when saved (paise), so the wishlist can say how much it has dropped since.
 * Only the customer's own rows are ever read (every query is by user_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('wishlist_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A product its seller deletes (never ordered, so never anyone's but the seller's) leaves the wishlists with it.
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('saved_price', 'bigint', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('wishlist_items_pkey', ['user_id', 'product_id'])
    .execute();
  // Newest first, per customer: the primary key's order serves the uniqueness, this one the list.
  await db.schema.createIndex('wishlist_items_user_created_idx').on('wishlist_items').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wishlist_items').execute();
}
