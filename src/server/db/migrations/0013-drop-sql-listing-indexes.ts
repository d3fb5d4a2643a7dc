import type { Kysely } from 'kysely';

/**
 * Listings, facets, sorting, search and related products are all answered from each process's
 * memory now (modules/catalog/catalog-index.ts), so no query reads these indexes any more, while
 * every product write still paid for keeping seven of them: seeding and edits go faster without.
 * Kept: the vendor's indexes (their product lists, SKU uniqueness, low stock) and the covering
 * index the listing index loads from (0009).
 */
const DROPPED: ReadonlyArray<[name: string, columns: string[]]> = [
  ['products_status_category_price_idx', ['status', 'category', 'price']],
  ['products_status_category_created_idx', ['status', 'category', 'created_at']],
  ['products_status_price_idx', ['status', 'price']],
  ['products_status_created_idx', ['status', 'created_at']],
  ['products_status_featured_created_idx', ['status', 'featured', 'created_at']],
  ['products_status_brand_idx', ['status', 'brand']],
  ['products_status_category_featured_created_idx', ['status', 'category', 'featured', 'created_at']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name] of DROPPED) await db.schema.dropIndex(name).ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of DROPPED) await db.schema.createIndex(name).ifNotExists().on('products').columns(columns).execute();
}
