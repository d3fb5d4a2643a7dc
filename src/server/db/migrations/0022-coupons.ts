import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * Coupons. A coupon is the marketplace's (it pays the discount) or a seller's (for its
 * own products; its payable is reduced). `used` counts the orders holding a redemption: it moves
 * by one guarded update in the order's transaction, so concurrent orders can never take more
 * uses than the limit; a cancelled order gives its use back. An order keeps the code and who
 * funded it; each item keeps its share of the discount, for its invoice line and the settlement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('coupons')
    .addColumn('id', t.id, id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'flat')`))
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('min_order', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('max_discount', 'bigint')
    .addColumn('starts_at', t.timestamp, (c) => c.notNull())
    .addColumn('ends_at', t.timestamp, (c) => c.notNull())
    .addColumn('total_limit', 'integer')
    .addColumn('per_customer_limit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('used', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used >= 0`),
    )
    .addColumn('category', 'text')
    .addColumn('vendor_id', 'integer', (c) => c.references('vendors.id'))
    .addColumn('funded_by', 'text', (c) => c.notNull().check(sql`funded_by in ('marketplace', 'vendor')`))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', t.id, id)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('released', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_redemptions_customer_idx').on('coupon_redemptions').columns(['coupon_id', 'user_id']).execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();
  await db.schema.alterTable('orders').addColumn('coupon_funded_by', 'text').execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('discount', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('discount').execute();
  await db.schema.alterTable('orders').dropColumn('coupon_funded_by').execute();
  await db.schema.alterTable('orders').dropColumn('coupon_code').execute();
  await db.schema.alterTable('orders').dropColumn('discount').execute();
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('coupons').execute();
}
