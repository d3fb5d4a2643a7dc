import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * What waits for an admin's approval before the storefront shows it:
 * - changes a seller proposes to the details of a product other sellers also sell (name, brand,
 *   category, description, images, specifications). Approved, the product takes them; rejected,
 *   they are kept with a reason the seller sees. One pending proposal per seller and product; a
 *   newer one replaces it.
 * - a product a seller lists (`products.review`): pending until approved, and a rejected one
 *   carries its reason. Products already on the storefront are approved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('product_proposals')
    .addColumn('id', t.id, id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    /** JSON: the proposed name, brand, category, description, images and specs */
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('decided_at', t.timestamp)
    .execute();
  await db.schema.createIndex('product_proposals_status_idx').on('product_proposals').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('product_proposals_product_idx').on('product_proposals').columns(['product_id', 'vendor_id']).execute();
  // One pending proposal per seller and product, whatever the timing of two saves.
  await db.schema
    .createIndex('product_proposals_pending_unique')
    .on('product_proposals')
    .columns(['product_id', 'vendor_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('review', 'text', (c) =>
      c
        .notNull()
        .defaultTo('approved')
        .check(sql`review in ('pending', 'approved', 'rejected')`),
    )
    .execute();
  await db.schema.alterTable('products').addColumn('review_reason', 'text').execute();
  await db.schema.createIndex('products_review_idx').on('products').columns(['review', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_review_idx').execute();
  for (const column of ['review_reason', 'review']) await db.schema.alterTable('products').dropColumn(column).execute();
  await db.schema.dropTable('product_proposals').execute();
}
