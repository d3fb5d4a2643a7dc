import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { columnTypes } from './dialect.ts';

/** Vendor area: product SKUs (unique per vendor), shop profile fields, uploaded images. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema.alterTable('products').addColumn('sku', 'text').execute();
  await db.schema.createIndex('products_vendor_sku_unique').on('products').columns(['vendor_id', 'sku']).unique().execute();
  await db.schema.createIndex('products_vendor_created_idx').on('products').columns(['vendor_id', 'created_at']).execute();

  await db.schema.alterTable('vendors').addColumn('pickup_address', 'text').execute();
  await db.schema
    .alterTable('vendors')
    .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', t.id, id)
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_vendor_idx').on('media').columns(['vendor_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').execute();
  for (const column of ['low_stock_threshold', 'pickup_address']) await db.schema.alterTable('vendors').dropColumn(column).execute();
  await db.schema.dropIndex('products_vendor_created_idx').execute();
  await db.schema.dropIndex('products_vendor_sku_unique').execute();
  await db.schema.alterTable('products').dropColumn('sku').execute();
}
