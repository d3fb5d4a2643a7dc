import type { OrderStatus } from '#shared/order-states.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import type { FulfilmentsTable, OrdersTable } from '#server/db/schema.ts';

export interface OrderRow {
  id: number;
  userId: string;
  status: OrderStatus;
  subtotal: number;
  shipping: number;
  gst: number;
  total: number;
  address: string;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  returnReason: string | null;
}

export interface ItemRow {
  orderId: number;
  fulfilmentId: number;
  productId: number;
  vendorId: number;
  name: string;
  image: string | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface FulfilmentRow {
  id: number;
  orderId: number;
  vendorId: number;
  vendorName: string;
  status: FulfilmentsTable['status'];
  packedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  carrier: string | null;
  trackingNumber: string | null;
}

const iso = (value: string | Date | null) => (value === null ? null : toIso(value));

const orderColumns = ['id', 'user_id', 'status', 'subtotal', 'shipping', 'gst', 'total', 'address', 'created_at', 'paid_at', 'cancelled_at', 'return_reason'] as const;

function toOrderRow(row: Pick<OrdersTable, 'status' | 'address' | 'return_reason' | 'user_id'> & { id: number; subtotal: number | string; shipping: number | string; gst: number | string; total: number | string; created_at: string | Date; paid_at: string | Date | null; cancelled_at: string | Date | null }): OrderRow {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    subtotal: Number(row.subtotal),
    shipping: Number(row.shipping),
    gst: Number(row.gst),
    total: Number(row.total),
    address: row.address,
    createdAt: toIso(row.created_at),
    paidAt: iso(row.paid_at),
    cancelledAt: iso(row.cancelled_at),
    returnReason: row.return_reason,
  };
}

export async function insertOrder(
  db: DbOrTx,
  order: { userId: string; idempotencyKey: string; subtotal: number; shipping: number; gst: number; total: number; address: string; at: string },
): Promise<number> {
  const row = await db
    .insertInto('orders')
    .values({
      user_id: order.userId,
      idempotency_key: order.idempotencyKey,
      status: 'pending_payment',
      subtotal: order.subtotal,
      shipping: order.shipping,
      gst: order.gst,
      total: order.total,
      address: order.address,
      created_at: order.at,
      updated_at: order.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertFulfilment(db: DbOrTx, fulfilment: { orderId: number; vendorId: number; vendorName: string; at: string }): Promise<number> {
  const row = await db
    .insertInto('fulfilments')
    .values({ order_id: fulfilment.orderId, vendor_id: fulfilment.vendorId, vendor_name: fulfilment.vendorName, status: 'pending', created_at: fulfilment.at, updated_at: fulfilment.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertItems(db: DbOrTx, items: readonly ItemRow[]): Promise<void> {
  await db
    .insertInto('order_items')
    .values(
      items.map((item) => ({
        order_id: item.orderId,
        fulfilment_id: item.fulfilmentId,
        product_id: item.productId,
        vendor_id: item.vendorId,
        name: item.name,
        image: item.image,
        unit_price: item.unitPrice,
        quantity: item.quantity,
        line_total: item.lineTotal,
      })),
    )
    .execute();
}

export async function findOrderIdByIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<number | undefined> {
  const row = await db.selectFrom('orders').select('id').where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
  return row?.id;
}

/** The owner's order, or nothing: another user's order does not exist for this caller. */
export async function findOrder(db: DbOrTx, userId: string, id: number): Promise<OrderRow | undefined> {
  const row = await db.selectFrom('orders').select(orderColumns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row ? toOrderRow(row) : undefined;
}

/** The owner's orders, newest first by order date. */
export async function listOrders(db: DbOrTx, userId: string, limit = 100): Promise<OrderRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select(orderColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toOrderRow);
}

export async function itemsOf(db: DbOrTx, orderIds: readonly number[]): Promise<ItemRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('order_items')
    .select(['order_id', 'fulfilment_id', 'product_id', 'vendor_id', 'name', 'image', 'unit_price', 'quantity', 'line_total'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    fulfilmentId: row.fulfilment_id,
    productId: row.product_id,
    vendorId: row.vendor_id,
    name: row.name,
    image: row.image,
    unitPrice: Number(row.unit_price),
    quantity: row.quantity,
    lineTotal: Number(row.line_total),
  }));
}

export async function fulfilmentsOf(db: DbOrTx, orderIds: readonly number[]): Promise<FulfilmentRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('fulfilments')
    .select(['id', 'order_id', 'vendor_id', 'vendor_name', 'status', 'packed_at', 'shipped_at', 'delivered_at', 'carrier', 'tracking_number'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    vendorId: row.vendor_id,
    vendorName: row.vendor_name,
    status: row.status,
    packedAt: iso(row.packed_at),
    shippedAt: iso(row.shipped_at),
    deliveredAt: iso(row.delivered_at),
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
  }));
}

/** Moves an order on only from a status it is known to be in; false when another request got there first. */
export async function moveOrder(
  db: DbOrTx,
  id: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  extra: { paid_at?: string; cancelled_at?: string; cancel_reason?: string; return_reason?: string; return_requested_at?: string } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: new Date().toISOString(), ...extra })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function cancelOpenFulfilments(db: DbOrTx, orderId: number): Promise<void> {
  await db
    .updateTable('fulfilments')
    .set({ status: 'cancelled', updated_at: new Date().toISOString() })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'packed'])
    .execute();
}

/** Orders still unpaid that were placed before the given moment. */
export async function unpaidBefore(db: DbOrTx, before: Date): Promise<Array<{ id: number; userId: string }>> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'user_id'])
    .where('status', '=', 'pending_payment')
    .where('created_at', '<', before.toISOString())
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id }));
}
