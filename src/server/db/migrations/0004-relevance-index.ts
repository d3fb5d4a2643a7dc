import type { Kysely } from 'kysely';

/** Category pages sorted by relevance (featured first, then newest) read this index in order. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('products_status_category_featured_created_idx')
    .on('products')
    .columns(['status', 'category', 'featured', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_status_category_featured_created_idx').execute();
}
