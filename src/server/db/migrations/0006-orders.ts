import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * Orders, their items (a snapshot of name, price and vendor), one fulfilment per vendor,
 * payments as their own records, and refunds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('orders')
    .addColumn('id', t.id, id)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending_payment', 'confirmed', 'cancelled', 'return_requested', 'returned', 'refunded')`),
    )
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('shipping', 'bigint', (c) => c.notNull())
    .addColumn('gst', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('paid_at', t.timestamp)
    .addColumn('cancelled_at', t.timestamp)
    .addColumn('cancel_reason', 'text')
    .addColumn('return_reason', 'text')
    .addColumn('return_requested_at', t.timestamp)
    .addUniqueConstraint('orders_user_idempotency_unique', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('fulfilments')
    .addColumn('id', t.id, id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('vendor_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'packed', 'shipped', 'delivered', 'cancelled')`))
    .addColumn('packed_at', t.timestamp)
    .addColumn('shipped_at', t.timestamp)
    .addColumn('delivered_at', t.timestamp)
    .addColumn('carrier', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fulfilments_order_idx').on('fulfilments').column('order_id').execute();
  await db.schema.createIndex('fulfilments_vendor_status_idx').on('fulfilments').columns(['vendor_id', 'status', 'created_at']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', t.id, id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('fulfilment_id', 'integer', (c) => c.notNull().references('fulfilments.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 10`))
    .addColumn('line_total', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_product_idx').on('order_items').column('product_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', t.id, id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('upi', 'netbanking', 'card', 'emi')`))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('created', 'authorized', 'captured', 'failed', 'refunded', 'partially_refunded')`),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('failure_reason', 'text')
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').columns(['order_id', 'created_at']).execute();
  await db.schema.createIndex('payments_status_created_idx').on('payments').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', t.id, id)
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_payment_idx').on('refunds').column('payment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['refunds', 'payments', 'order_items', 'fulfilments', 'orders']) await db.schema.dropTable(table).execute();
}
