import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * A seller's answer to the marketplace's moderation: when an admin hides a product, its
 * seller replies with what it fixed, and may ask for the product to be looked at again. Kept with
 * the product for the admins; the hiding itself stays on products.hidden_reason and in the audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('moderation_replies')
    .addColumn('id', t.id, id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    /** 1: the seller asks for the product to be reviewed (and restored) */
    .addColumn('asks_review', 'integer', (c) => c.notNull().defaultTo(0))
    /** the reason the product was hidden for, as the seller answered it */
    .addColumn('hidden_reason', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_replies_product_idx').on('moderation_replies').columns(['product_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_replies').execute();
}
