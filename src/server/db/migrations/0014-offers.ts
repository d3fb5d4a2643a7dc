import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { changeClock, createChangeTriggers, dropChangeTriggers } from './change-log-triggers.ts';
import { columnTypes } from './dialect.ts';

/**
 * A marketplace catalogue: a product (model, brand, category, specifications, images, copy) is
 * one row whoever sells it, and each seller who stocks it makes an offer (price, MRP, stock, SKU,
 * dispatch time, status; one per seller and product). The product row keeps the winning offer's
 * seller (so the winning offer is the one of its product and `vendor_id`), price, MRP, stock and
 * status, and how many offers are on sale, written with every offer write in the same
 * transaction (`refreshBuyBox`), so listings, the listing index and the change log read one row
 * per product as before. `listed_by` is the seller who listed the product: its content is theirs to edit
 * while no one else sells it.
 *
 * Every existing product becomes one product with one offer, its own seller's, with the same id
 * order; order lines point at the offer they were bought from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  const money = t.postgres ? 'bigint' : 'integer';

  await db.schema
    .createTable('offers')
    .addColumn('id', t.id, id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('sku', 'text')
    .addColumn('price', money, (c) => c.notNull().check(sql`price > 0`))
    .addColumn('mrp', money, (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('dispatch_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(2)
        .check(sql`dispatch_days between 0 and 30`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('draft', 'active', 'archived')`),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('offers_mrp_at_least_price', sql`mrp >= price`)
    .addUniqueConstraint('offers_product_vendor_unique', ['product_id', 'vendor_id'])
    .execute();
  await db.schema.createIndex('offers_vendor_sku_unique').on('offers').columns(['vendor_id', 'sku']).unique().execute();
  await db.schema.createIndex('offers_vendor_idx').on('offers').columns(['vendor_id', 'status']).execute();

  // One offer per product, its seller's, with the product's own price, stock and SKU.
  await sql`
    INSERT INTO offers (product_id, vendor_id, sku, price, mrp, stock, status, created_at, updated_at)
    SELECT id, vendor_id, sku, price, mrp, stock, status, created_at, updated_at FROM products ORDER BY id`.execute(db);

  // Foreign keys on added columns on PostgreSQL alone: SQLite cannot drop a column that has one (see down).
  await db.schema
    .alterTable('products')
    .addColumn('listed_by', 'integer', (c) => (t.postgres ? c.references('vendors.id') : c))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('offer_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The SKU is the offer's now: the product row's seller moves with the buy box, and two sellers may use one SKU each.
  await db.schema.dropIndex('products_vendor_sku_unique').execute();
  // Written with the triggers of 0011 off: a mirror of what is already there changes no listing.
  await dropChangeTriggers(db, 'products');
  await sql`
    UPDATE products SET listed_by = vendor_id, sku = NULL,
      offer_count = CASE WHEN status = 'active' AND vendor_id IN (SELECT id FROM vendors WHERE status = 'active') THEN 1 ELSE 0 END`.execute(
    db,
  );
  await createChangeTriggers(db, 'products', 'id', 'log_product_changes');
  await db.schema.createIndex('products_listed_by_idx').on('products').columns(['listed_by', 'created_at']).execute();

  await db.schema
    .alterTable('order_items')
    .addColumn('offer_id', 'integer', (c) => (t.postgres ? c.references('offers.id') : c))
    .execute();
  await sql`
    UPDATE order_items SET offer_id = (
      SELECT offers.id FROM offers WHERE offers.product_id = order_items.product_id AND offers.vendor_id = order_items.vendor_id)`.execute(
    db,
  );

  // An offer written (a losing seller's price or stock among them) changes its product's page.
  if (t.postgres) {
    await sql`
      CREATE FUNCTION log_offer_changes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO catalog_changes (product_id, changed_at) SELECT DISTINCT product_id, ${changeClock(db)} FROM changed_rows;
        RETURN NULL;
      END $$`.execute(db);
  }
  await createChangeTriggers(db, 'offers', 'product_id', 'log_offer_changes');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = columnTypes(db).postgres;
  await dropChangeTriggers(db, 'offers');
  if (postgres) await sql`DROP FUNCTION IF EXISTS log_offer_changes()`.execute(db);
  await db.schema.alterTable('order_items').dropColumn('offer_id').execute();
  await db.schema.dropIndex('products_listed_by_idx').execute();
  // Each product's seller and SKU back from the offer of the one who listed it.
  await dropChangeTriggers(db, 'products');
  await sql`
    UPDATE products SET vendor_id = coalesce(listed_by, vendor_id),
      sku = (SELECT offers.sku FROM offers WHERE offers.product_id = products.id AND offers.vendor_id = products.listed_by)`.execute(db);
  await createChangeTriggers(db, 'products', 'id', 'log_product_changes');
  await db.schema.createIndex('products_vendor_sku_unique').on('products').columns(['vendor_id', 'sku']).unique().execute();
  for (const column of ['offer_count', 'listed_by']) await db.schema.alterTable('products').dropColumn(column).execute();
  await db.schema.dropTable('offers').execute();
}
