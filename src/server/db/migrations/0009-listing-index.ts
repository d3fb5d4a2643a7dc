import type { Kysely } from 'kysely';

/**
 * The storefront's listing index (modules/catalog/catalog-index.ts) reads these columns of every
 * product on sale after each catalogue change; covering them keeps that read off the wide table
 * rows (descriptions, specs, search text). Stock-only refreshes use the same index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('products_listing_idx')
    .on('products')
    .columns(['status', 'hidden_reason', 'vendor_id', 'id', 'category', 'brand', 'price', 'stock', 'featured', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_listing_idx').execute();
}
