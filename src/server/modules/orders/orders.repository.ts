import { sql } from 'kysely';
import type { OrderStatus } from '#shared/order-states.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import { containing } from '#server/db/like.ts';
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
  buyerGst: { gstin: string; businessName: string } | null;
  discount: number;
  coupon: { code: string; fundedBy: 'marketplace' | 'vendor' } | null;
}

export interface ItemRow {
  /** the line's id (undefined before it is written) */
  id?: number;
  orderId: number;
  fulfilmentId: number;
  productId: number;
  offerId: number | null;
  vendorId: number;
  name: string;
  image: string | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** the line's share of the coupon's discount */
  discount: number;
  /** a replacement sent for a return: the line it replaces */
  replacesItemId?: number | null;
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
  /** the shipment's GST invoice, once it has shipped */
  invoice: { id: number; number: string } | null;
}

const iso = (value: string | Date | null) => (value === null ? null : toIso(value));

const orderColumns = [
  'id',
  'user_id',
  'status',
  'subtotal',
  'shipping',
  'gst',
  'total',
  'address',
  'created_at',
  'paid_at',
  'cancelled_at',
  'return_reason',
  'buyer_gstin',
  'buyer_business_name',
  'discount',
  'coupon_code',
  'coupon_funded_by',
] as const;

function toOrderRow(
  row: Pick<
    OrdersTable,
    'status' | 'address' | 'return_reason' | 'user_id' | 'buyer_gstin' | 'buyer_business_name' | 'coupon_code' | 'coupon_funded_by'
  > & {
    id: number;
    subtotal: number | string;
    shipping: number | string;
    gst: number | string;
    total: number | string;
    discount: number | string;
    created_at: string | Date;
    paid_at: string | Date | null;
    cancelled_at: string | Date | null;
  },
): OrderRow {
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
    buyerGst: row.buyer_gstin && row.buyer_business_name ? { gstin: row.buyer_gstin, businessName: row.buyer_business_name } : null,
    discount: Number(row.discount),
    coupon: row.coupon_code && row.coupon_funded_by ? { code: row.coupon_code, fundedBy: row.coupon_funded_by } : null,
  };
}

export async function insertOrder(
  db: DbOrTx,
  order: {
    userId: string;
    idempotencyKey: string;
    subtotal: number;
    shipping: number;
    gst: number;
    total: number;
    address: string;
    at: string;
    buyerGst?: { gstin: string; businessName: string };
    coupon?: { code: string; fundedBy: 'marketplace' | 'vendor'; discount: number };
  },
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
      buyer_gstin: order.buyerGst?.gstin ?? null,
      buyer_business_name: order.buyerGst?.businessName ?? null,
      discount: order.coupon?.discount ?? 0,
      coupon_code: order.coupon?.code ?? null,
      coupon_funded_by: order.coupon?.fundedBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertFulfilment(
  db: DbOrTx,
  fulfilment: { orderId: number; vendorId: number; vendorName: string; at: string },
): Promise<number> {
  const row = await db
    .insertInto('fulfilments')
    .values({
      order_id: fulfilment.orderId,
      vendor_id: fulfilment.vendorId,
      vendor_name: fulfilment.vendorName,
      status: 'pending',
      created_at: fulfilment.at,
      updated_at: fulfilment.at,
    })
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
        offer_id: item.offerId,
        vendor_id: item.vendorId,
        name: item.name,
        image: item.image,
        unit_price: item.unitPrice,
        quantity: item.quantity,
        line_total: item.lineTotal,
        discount: item.discount,
        replaces_item_id: item.replacesItemId ?? null,
      })),
    )
    .execute();
}

export async function findOrderIdByIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
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

const itemColumns = [
  'id',
  'replaces_item_id',
  'order_id',
  'fulfilment_id',
  'product_id',
  'offer_id',
  'vendor_id',
  'name',
  'image',
  'unit_price',
  'quantity',
  'line_total',
  'discount',
] as const;

function itemRows(db: DbOrTx) {
  return db.selectFrom('order_items').select(itemColumns).orderBy('id');
}

function toItemRow(row: Awaited<ReturnType<ReturnType<typeof itemRows>['executeTakeFirstOrThrow']>>): ItemRow {
  return {
    id: row.id,
    orderId: row.order_id,
    fulfilmentId: row.fulfilment_id,
    productId: row.product_id,
    offerId: row.offer_id,
    vendorId: row.vendor_id,
    name: row.name,
    image: row.image,
    unitPrice: Number(row.unit_price),
    quantity: row.quantity,
    lineTotal: Number(row.line_total),
    discount: Number(row.discount),
    replacesItemId: row.replaces_item_id,
  };
}

export async function itemsOf(db: DbOrTx, orderIds: readonly number[]): Promise<ItemRow[]> {
  if (orderIds.length === 0) return [];
  return (await itemRows(db).where('order_id', 'in', orderIds).execute()).map(toItemRow);
}

/** A shipment's columns, with its invoice's (the query joins `invoices` on the left). */
const fulfilmentColumns = [
  'fulfilments.id',
  'fulfilments.order_id',
  'fulfilments.vendor_id',
  'fulfilments.vendor_name',
  'fulfilments.status',
  'fulfilments.packed_at',
  'fulfilments.shipped_at',
  'fulfilments.delivered_at',
  'fulfilments.carrier',
  'fulfilments.tracking_number',
  'invoices.id as invoice_id',
  'invoices.number as invoice_number',
] as const;

export async function fulfilmentsOf(db: DbOrTx, orderIds: readonly number[]): Promise<FulfilmentRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('fulfilments')
    .leftJoin('invoices', 'invoices.fulfilment_id', 'fulfilments.id')
    .select(fulfilmentColumns)
    .where('fulfilments.order_id', 'in', orderIds)
    .orderBy('fulfilments.id')
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
    invoice: row.invoice_id !== null && row.invoice_number !== null ? { id: row.invoice_id, number: row.invoice_number } : null,
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

/**
 * Takes an order's row for the rest of the transaction (a no-op update) and says its status.
 * Payments take their order's row before their own rows, always in that order, so two payment
 * transactions of one order queue up instead of deadlocking.
 */
export async function holdOrder(db: DbOrTx, id: number): Promise<OrderStatus | undefined> {
  const row = await db
    .updateTable('orders')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id)
    .returning('status')
    .executeTakeFirst();
  return row?.status;
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

// ---- The vendor's side: its fulfilments and their lines (its sales: order-lines.repository.ts). Every query carries the vendor id.

export interface VendorFulfilmentRow extends FulfilmentRow {
  orderStatus: OrderStatus;
  orderDate: string;
  /** when the order was paid (or confirmed for Cash on Delivery); null while unpaid */
  paidAt: string | null;
  address: string;
  userId: string;
}

const vendorFulfilmentColumns = [
  ...fulfilmentColumns,
  'orders.status as order_status',
  'orders.created_at as order_date',
  'orders.paid_at',
  'orders.address',
  'orders.user_id',
] as const;

function toVendorFulfilment(row: {
  id: number;
  order_id: number;
  vendor_id: number;
  vendor_name: string;
  status: FulfilmentsTable['status'];
  packed_at: string | Date | null;
  shipped_at: string | Date | null;
  delivered_at: string | Date | null;
  carrier: string | null;
  tracking_number: string | null;
  order_status: OrderStatus;
  order_date: string | Date;
  paid_at: string | Date | null;
  address: string;
  user_id: string;
  invoice_id: number | null;
  invoice_number: string | null;
}): VendorFulfilmentRow {
  return {
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
    orderStatus: row.order_status,
    orderDate: toIso(row.order_date),
    paidAt: iso(row.paid_at),
    address: row.address,
    userId: row.user_id,
    invoice: row.invoice_id !== null && row.invoice_number !== null ? { id: row.invoice_id, number: row.invoice_number } : null,
  };
}

/** Which of a vendor's orders to list: a status, one order (by number), or customers whose name holds some words. */
export interface VendorFulfilmentFilter {
  status?: FulfilmentsTable['status'];
  orderId?: number;
  customer?: string;
}

/** The vendor's fulfilments of paid orders (and cancelled ones) the filter keeps. Unpaid orders are not the vendor's business yet. */
function vendorFulfilmentsQuery(db: DbOrTx, vendorId: number, filter: VendorFulfilmentFilter) {
  let query = db
    .selectFrom('fulfilments')
    .innerJoin('orders', 'orders.id', 'fulfilments.order_id')
    .leftJoin('invoices', 'invoices.fulfilment_id', 'fulfilments.id')
    .where('fulfilments.vendor_id', '=', vendorId)
    .where('orders.status', '!=', 'pending_payment');
  if (filter.status) query = query.where('fulfilments.status', '=', filter.status);
  if (filter.orderId !== undefined) query = query.where('orders.id', '=', filter.orderId);
  if (filter.customer) {
    const customer = filter.customer;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('users')
          .select('users.id')
          .whereRef('users.id', '=', 'orders.user_id')
          .where(sql<boolean>`lower(users.name) like ${containing(customer)} escape '\\'`),
      ),
    );
  }
  return query;
}

/** One page of the vendor's fulfilments, newest order first, and how many the filter keeps in all. */
export async function vendorFulfilments(
  db: DbOrTx,
  vendorId: number,
  filter: VendorFulfilmentFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: VendorFulfilmentRow[]; total: number }> {
  const query = vendorFulfilmentsQuery(db, vendorId, filter);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    query
      .select(vendorFulfilmentColumns)
      .orderBy('orders.created_at', 'desc')
      .orderBy('fulfilments.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { rows: rows.map(toVendorFulfilment), total: Number(count.n) };
}

/** How many of the vendor's fulfilments the filter keeps are in each status (the status tabs' counts). */
export async function vendorFulfilmentCounts(
  db: DbOrTx,
  vendorId: number,
  filter: Omit<VendorFulfilmentFilter, 'status'>,
): Promise<Map<FulfilmentsTable['status'], number>> {
  const rows = await vendorFulfilmentsQuery(db, vendorId, filter)
    .select(['fulfilments.status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('fulfilments.status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/** How many of the vendor's lines of confirmed (paid) orders wait to be packed. */
export async function awaitingPacking(db: DbOrTx, vendorId: number): Promise<number> {
  const row = await vendorFulfilmentsQuery(db, vendorId, { status: 'pending' })
    .where('orders.status', '=', 'confirmed')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function vendorFulfilment(db: DbOrTx, vendorId: number, id: number): Promise<VendorFulfilmentRow | undefined> {
  const row = await db
    .selectFrom('fulfilments')
    .innerJoin('orders', 'orders.id', 'fulfilments.order_id')
    .leftJoin('invoices', 'invoices.fulfilment_id', 'fulfilments.id')
    .select(vendorFulfilmentColumns)
    .where('fulfilments.vendor_id', '=', vendorId)
    .where('fulfilments.id', '=', id)
    .executeTakeFirst();
  return row ? toVendorFulfilment(row) : undefined;
}

export async function itemsOfFulfilments(db: DbOrTx, fulfilmentIds: readonly number[]): Promise<ItemRow[]> {
  if (fulfilmentIds.length === 0) return [];
  return (await itemRows(db).where('fulfilment_id', 'in', fulfilmentIds).execute()).map(toItemRow);
}

/** Moves a fulfilment on only from the status it is in, stamping the step's time. */
export async function moveFulfilment(
  db: DbOrTx,
  vendorId: number,
  id: number,
  from: FulfilmentsTable['status'],
  to: FulfilmentsTable['status'],
  fields: { packed_at?: string; shipped_at?: string; delivered_at?: string; carrier?: string; tracking_number?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('fulfilments')
    .set({ status: to, updated_at: new Date().toISOString(), ...fields })
    .where('vendor_id', '=', vendorId)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findOrderById(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const row = await db.selectFrom('orders').select(orderColumns).where('id', '=', id).executeTakeFirst();
  return row ? toOrderRow(row) : undefined;
}

/** How many orders of these owners are in one of these statuses. */
export async function countOrdersOf(db: DbOrTx, userIds: readonly string[], statuses: readonly OrderStatus[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', 'in', userIds)
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Gives the orders of these owners (guest rows) to another: a guest's orders joining their new account. */
export async function reassignOrders(db: DbOrTx, fromUserIds: readonly string[], toUserId: string): Promise<number[]> {
  if (fromUserIds.length === 0) return [];
  const rows = await db.updateTable('orders').set({ user_id: toUserId }).where('user_id', 'in', fromUserIds).returning('id').execute();
  return rows.map((row) => row.id);
}

/** An order by its id and its customer's e-mail (the address a guest gave, or the account's), for tracking. */
export async function findOrderByEmail(db: DbOrTx, id: number, email: string): Promise<OrderRow | undefined> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(orderColumns.map((column) => `orders.${column}` as const))
    .where('orders.id', '=', id)
    .where((eb) =>
      eb.or([eb('users.guest_email', '=', email), eb.and([eb('users.guest_email', 'is', null), eb('users.email', '=', email)])]),
    )
    .executeTakeFirst();
  return row ? toOrderRow(row) : undefined;
}
