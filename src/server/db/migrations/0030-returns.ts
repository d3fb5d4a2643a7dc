import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * Returns and replacements: a return is of units of one order line (`returns`), moved
 * step by step by guarded updates (`where status = <the one expected>`). Its refund is claimed on
 * the payment, its credit note issued and its mail queued in the transaction of its receipt; the
 * refund's outbox job is kept (`refund_job_id`). Photos the customer attaches are kept outside the
 * public uploads (`return_photos`), served only to the customer, the line's seller and admins.
 * A replacement is sent as a new shipment of the same order whose line (`replaces_item_id`) names
 * the line it replaces and is not paid for again.
 *
 * Orders whose whole return was requested before (status return_requested, a reason for the
 * order) become a return of each of their lines, for a refund, with that reason; the order is
 * confirmed again, as an order with returns open now is ("Return requested" shows from them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('returns')
    .addColumn('id', t.id, id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id'))
    .addColumn('fulfilment_id', 'integer', (c) => c.notNull().references('fulfilments.id'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('resolution', 'text', (c) => c.notNull().check(sql`resolution in ('refund', 'replacement')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('requested', 'approved', 'rejected', 'cancelled', 'picked_up', 'received', 'refunded', 'replacement_shipped')`,
        ),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('vendor_deduction', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('payout', 'text')
    .addColumn('pickup_carrier', 'text')
    .addColumn('pickup_date', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('restocked', 'integer')
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
    .addColumn('refund_job_id', 'integer')
    .addColumn('credit_note_id', 'integer', (c) => c.references('credit_notes.id'))
    .addColumn('replacement_fulfilment_id', 'integer', (c) => c.references('fulfilments.id'))
    .addColumn('requested_at', t.timestamp, (c) => c.notNull())
    .addColumn('approved_at', t.timestamp)
    .addColumn('rejected_at', t.timestamp)
    .addColumn('cancelled_at', t.timestamp)
    .addColumn('picked_up_at', t.timestamp)
    .addColumn('received_at', t.timestamp)
    .addColumn('refunded_at', t.timestamp)
    .addColumn('replacement_shipped_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A seller's returns newest first; all of them for admins; an order's; a line's.
  await db.schema.createIndex('returns_vendor_idx').on('returns').columns(['vendor_id', 'requested_at']).execute();
  await db.schema.createIndex('returns_requested_idx').on('returns').columns(['requested_at']).execute();
  await db.schema.createIndex('returns_order_idx').on('returns').column('order_id').execute();
  await db.schema.createIndex('returns_item_idx').on('returns').column('order_item_id').execute();
  await db.schema.createIndex('returns_refunded_idx').on('returns').columns(['vendor_id', 'refunded_at']).execute();

  await db.schema
    .createTable('return_photos')
    .addColumn('id', t.id, id)
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('return_id', 'integer', (c) => c.references('returns.id'))
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_photos_return_idx').on('return_photos').column('return_id').execute();
  await db.schema.createIndex('return_photos_user_idx').on('return_photos').columns(['user_id', 'return_id']).execute();

  await db.schema.alterTable('order_items').addColumn('replaces_item_id', 'integer').execute();

  // The order-level requests made before: a return of each line, for a refund, with their reason.
  const now = new Date().toISOString();
  await sql`
    insert into returns (order_id, order_item_id, fulfilment_id, vendor_id, user_id, quantity, reason, details, resolution, status, amount, requested_at, updated_at)
    select order_items.order_id, order_items.id, order_items.fulfilment_id, order_items.vendor_id, orders.user_id, order_items.quantity, 'other',
           coalesce(orders.return_reason, ''), 'refund', 'requested', order_items.line_total - order_items.discount,
           coalesce(orders.return_requested_at, orders.updated_at), ${t.postgres ? sql`${now}::timestamptz` : sql`${now}`}
    from order_items inner join orders on orders.id = order_items.order_id
    where orders.status = 'return_requested'
    order by order_items.id`.execute(db);
  await sql`update orders set status = 'confirmed' where status = 'return_requested'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Orders with a return still open read as the order-level request they were.
  await sql`update orders set status = 'return_requested' where status = 'confirmed' and id in (select order_id from returns where status in ('requested', 'approved', 'picked_up', 'received'))`.execute(
    db,
  );
  await db.schema.alterTable('order_items').dropColumn('replaces_item_id').execute();
  await db.schema.dropTable('return_photos').execute();
  await db.schema.dropTable('returns').execute();
}
