import type { RefundedReturn } from '#shared/return-refunds.ts';
import type { ReturnTimes } from '#shared/returns.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import type { ReturnsTable } from '#server/db/schema.ts';

/** A return with what it is of: its order line, its seller, its credit note and its replacement's shipment; its step times are the shared `ReturnTimes`. */
export interface ReturnRow extends Omit<ReturnTimes, 'status' | 'resolution'> {
  id: number;
  orderId: number;
  orderItemId: number;
  fulfilmentId: number;
  vendorId: number;
  vendorName: string;
  userId: string;
  productId: number;
  offerId: number | null;
  name: string;
  image: string | null;
  lineQuantity: number;
  lineTotal: number;
  lineDiscount: number;
  quantity: number;
  reason: ReturnsTable['reason'];
  details: string;
  resolution: ReturnsTable['resolution'];
  status: ReturnsTable['status'];
  amount: number;
  vendorDeduction: number;
  payout: string | null;
  pickupCarrier: string | null;
  pickupDate: string | null;
  rejectionReason: string | null;
  restocked: boolean | null;
  paymentId: number | null;
  creditNote: { id: number; number: string } | null;
  replacement: { fulfilmentId: number; carrier: string | null; trackingNumber: string | null } | null;
  /** a guest's request from /track not yet confirmed from the mailed link: it is dropped at this time */
  confirmBy: string | null;
}

const iso = (value: string | Date | null) => (value === null ? null : toIso(value));

function selectReturns(db: DbOrTx) {
  return db
    .selectFrom('returns')
    .innerJoin('order_items', 'order_items.id', 'returns.order_item_id')
    .innerJoin('fulfilments', 'fulfilments.id', 'returns.fulfilment_id')
    .leftJoin('credit_notes', 'credit_notes.id', 'returns.credit_note_id')
    .leftJoin('fulfilments as replacement', 'replacement.id', 'returns.replacement_fulfilment_id')
    .select([
      'returns.id',
      'returns.order_id',
      'returns.order_item_id',
      'returns.fulfilment_id',
      'returns.vendor_id',
      'fulfilments.vendor_name',
      'returns.user_id',
      'order_items.product_id',
      'order_items.offer_id',
      'order_items.name',
      'order_items.image',
      'order_items.quantity as line_quantity',
      'order_items.line_total',
      'order_items.discount as line_discount',
      'returns.quantity',
      'returns.reason',
      'returns.details',
      'returns.resolution',
      'returns.status',
      'returns.amount',
      'returns.vendor_deduction',
      'returns.payout',
      'returns.pickup_carrier',
      'returns.pickup_date',
      'returns.rejection_reason',
      'returns.restocked',
      'returns.payment_id',
      'returns.credit_note_id',
      'credit_notes.number as credit_note_number',
      'returns.replacement_fulfilment_id',
      'replacement.carrier as replacement_carrier',
      'replacement.tracking_number as replacement_tracking_number',
      'returns.requested_at',
      'returns.approved_at',
      'returns.rejected_at',
      'returns.cancelled_at',
      'returns.picked_up_at',
      'returns.received_at',
      'returns.refunded_at',
      'returns.replacement_shipped_at',
      'returns.confirm_by',
    ]);
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectReturns>['executeTakeFirstOrThrow']>>;

function toReturnRow(row: SelectedRow): ReturnRow {
  return {
    id: row.id,
    orderId: row.order_id,
    orderItemId: row.order_item_id,
    fulfilmentId: row.fulfilment_id,
    vendorId: row.vendor_id,
    vendorName: row.vendor_name,
    userId: row.user_id,
    productId: row.product_id,
    offerId: row.offer_id,
    name: row.name,
    image: row.image,
    lineQuantity: row.line_quantity,
    lineTotal: Number(row.line_total),
    lineDiscount: Number(row.line_discount),
    quantity: row.quantity,
    reason: row.reason,
    details: row.details,
    resolution: row.resolution,
    status: row.status,
    amount: Number(row.amount),
    vendorDeduction: Number(row.vendor_deduction),
    payout: row.payout,
    pickupCarrier: row.pickup_carrier,
    pickupDate: row.pickup_date,
    rejectionReason: row.rejection_reason,
    restocked: row.restocked === null ? null : Number(row.restocked) === 1,
    paymentId: row.payment_id,
    creditNote:
      row.credit_note_id !== null && row.credit_note_number !== null ? { id: row.credit_note_id, number: row.credit_note_number } : null,
    replacement:
      row.replacement_fulfilment_id !== null
        ? { fulfilmentId: row.replacement_fulfilment_id, carrier: row.replacement_carrier, trackingNumber: row.replacement_tracking_number }
        : null,
    requestedAt: toIso(row.requested_at),
    approvedAt: iso(row.approved_at),
    rejectedAt: iso(row.rejected_at),
    cancelledAt: iso(row.cancelled_at),
    pickedUpAt: iso(row.picked_up_at),
    receivedAt: iso(row.received_at),
    refundedAt: iso(row.refunded_at),
    replacementShippedAt: iso(row.replacement_shipped_at),
    confirmBy: iso(row.confirm_by),
  };
}

export async function insertReturn(
  db: DbOrTx,
  values: {
    orderId: number;
    orderItemId: number;
    fulfilmentId: number;
    vendorId: number;
    userId: string;
    quantity: number;
    reason: ReturnsTable['reason'];
    details: string;
    resolution: ReturnsTable['resolution'];
    amount: number;
    payout: string | null;
    requestKey: string | null;
    /** a guest's request from /track: unconfirmed until the mailed link is opened, by this time */
    confirmBy: string | null;
    at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('returns')
    .values({
      order_id: values.orderId,
      order_item_id: values.orderItemId,
      fulfilment_id: values.fulfilmentId,
      vendor_id: values.vendorId,
      user_id: values.userId,
      quantity: values.quantity,
      reason: values.reason,
      details: values.details,
      resolution: values.resolution,
      status: 'requested',
      amount: values.amount,
      payout: values.payout,
      request_key: values.requestKey,
      confirm_by: values.confirmBy,
      requested_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One return; with `vendorId`, only that seller's (another's does not exist for it). */
export async function findReturn(db: DbOrTx, id: number, vendorId?: number): Promise<ReturnRow | undefined> {
  let query = selectReturns(db).where('returns.id', '=', id);
  if (vendorId !== undefined) query = query.where('returns.vendor_id', '=', vendorId);
  const row = await query.executeTakeFirst();
  return row ? toReturnRow(row) : undefined;
}

export async function returnsOfOrders(db: DbOrTx, orderIds: readonly number[]): Promise<ReturnRow[]> {
  if (orderIds.length === 0) return [];
  return (await selectReturns(db).where('returns.order_id', 'in', orderIds).orderBy('returns.id').execute()).map(toReturnRow);
}

/** What returns are of, by id: their order and the product of their line (its name as ordered). */
export async function returnSubjects(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Array<{ id: number; orderId: number; productId: number; name: string }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('returns')
    .innerJoin('order_items', 'order_items.id', 'returns.order_item_id')
    .select(['returns.id', 'returns.order_id', 'order_items.product_id', 'order_items.name'])
    .where('returns.id', 'in', ids)
    .execute();
  return rows.map((row) => ({ id: row.id, orderId: row.order_id, productId: row.product_id, name: row.name }));
}

/**
 * A page of returns, newest request first: one seller's (`vendorId`) or everyone's; of one status
 * or all. A guest's request not yet confirmed from its mail is nobody's to act on, and not listed.
 */
export async function listReturns(
  db: DbOrTx,
  filter: { vendorId?: number; status?: ReturnsTable['status'] },
  page: { page: number; pageSize: number },
): Promise<{ rows: ReturnRow[]; total: number }> {
  let count = db
    .selectFrom('returns')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('returns.confirm_by', 'is', null);
  let rows = selectReturns(db).where('returns.confirm_by', 'is', null);
  if (filter.vendorId !== undefined) {
    count = count.where('returns.vendor_id', '=', filter.vendorId);
    rows = rows.where('returns.vendor_id', '=', filter.vendorId);
  }
  if (filter.status) {
    count = count.where('returns.status', '=', filter.status);
    rows = rows.where('returns.status', '=', filter.status);
  }
  const [total, found] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    rows
      .orderBy('returns.requested_at', 'desc')
      .orderBy('returns.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { rows: found.map(toReturnRow), total: Number(total.n) };
}

/** The return a customer's request with this key made, if it was made already. */
export async function findByRequestKey(
  db: DbOrTx,
  userId: string,
  requestKey: string,
): Promise<{ id: number; orderId: number } | undefined> {
  const row = await db
    .selectFrom('returns')
    .select(['id', 'order_id'])
    .where('user_id', '=', userId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
  return row ? { id: row.id, orderId: row.order_id } : undefined;
}

/**
 * Units of a line in returns that are not rejected or cancelled (asked for, on their way, or done).
 * A guest's request not yet confirmed holds none: it is counted when it is confirmed.
 */
export async function liveQuantityOf(db: DbOrTx, orderItemId: number): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), eb.lit(0)).as('n'))
    .where('order_item_id', '=', orderItemId)
    .where('status', 'not in', ['rejected', 'cancelled'])
    .where('confirm_by', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Units of a line refunded so far. */
export async function refundedQuantityOf(db: DbOrTx, orderItemId: number): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), eb.lit(0)).as('n'))
    .where('order_item_id', '=', orderItemId)
    .where('status', '=', 'refunded')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The order's returns refunded so far: each one's units of its line and what it refunded. */
export async function refundedReturnsOf(db: DbOrTx, orderId: number): Promise<RefundedReturn[]> {
  const rows = await db
    .selectFrom('returns')
    .select(['order_item_id', 'quantity', 'amount'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'refunded')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ orderItemId: row.order_item_id, quantity: Number(row.quantity), amount: Number(row.amount) }));
}

type Stamp = 'approved_at' | 'rejected_at' | 'cancelled_at' | 'picked_up_at' | 'received_at' | 'refunded_at' | 'replacement_shipped_at';
type ReturnFields = Partial<
  Pick<
    ReturnsTable,
    | 'pickup_carrier'
    | 'pickup_date'
    | 'rejection_reason'
    | 'restocked'
    | 'payment_id'
    | 'refund_job_id'
    | 'credit_note_id'
    | 'replacement_fulfilment_id'
  > &
    Record<Stamp, string> & { amount: number; vendor_deduction: number }
>;

/**
 * Moves a return on only from the status it is known to be in (and, for the customer, only their
 * own): false when another request moved it first, or it is not theirs.
 */
export async function moveReturn(
  db: DbOrTx,
  id: number,
  from: ReturnsTable['status'],
  to: ReturnsTable['status'],
  fields: ReturnFields,
  at: string,
  owner?: { userId: string },
): Promise<boolean> {
  let query = db
    .updateTable('returns')
    .set({ ...fields, status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from);
  if (owner) query = query.where('user_id', '=', owner.userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Confirms a guest's request from its mailed link while it is unconfirmed and in time: false otherwise. */
export async function confirmReturn(db: DbOrTx, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('returns')
    .set({ confirm_by: null, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .where('confirm_by', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Drops the guests' requests whose confirmation link expired unopened, with their photos; answers the photos' files. */
export async function dropUnconfirmed(db: DbOrTx, at: string): Promise<{ returns: number; files: string[] }> {
  const expired = db.selectFrom('returns').select('id').where('confirm_by', '<=', at);
  const photos = await db.deleteFrom('return_photos').where('return_id', 'in', expired).returning('file').execute();
  const dropped = await db.deleteFrom('returns').where('confirm_by', '<=', at).executeTakeFirst();
  return { returns: Number(dropped.numDeletedRows), files: photos.map((photo) => photo.file) };
}

// ---- Photos

export async function insertPhoto(
  db: DbOrTx,
  photo: { userId: string; file: string; width: number; height: number; bytes: number; at: string },
): Promise<number> {
  const row = await db
    .insertInto('return_photos')
    .values({
      user_id: photo.userId,
      return_id: null,
      file: photo.file,
      width: photo.width,
      height: photo.height,
      bytes: photo.bytes,
      created_at: photo.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Photos the customer uploaded and has not yet sent with a return. */
export async function countLoosePhotos(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('return_photos')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('return_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Gives these of the customer's loose photos to a return; how many it took (fewer: some were not theirs, or taken). */
export async function attachPhotos(db: DbOrTx, userId: string, photoIds: readonly number[], returnId: number): Promise<number> {
  if (photoIds.length === 0) return 0;
  const result = await db
    .updateTable('return_photos')
    .set({ return_id: returnId })
    .where('id', 'in', photoIds)
    .where('user_id', '=', userId)
    .where('return_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function photosOf(db: DbOrTx, returnIds: readonly number[]): Promise<Array<{ id: number; returnId: number }>> {
  if (returnIds.length === 0) return [];
  const rows = await db.selectFrom('return_photos').select(['id', 'return_id']).where('return_id', 'in', returnIds).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, returnId: row.return_id! }));
}

/** A photo with who may see it: its uploader, and once sent with a return, that return's seller. */
export async function findPhoto(db: DbOrTx, id: number) {
  return db
    .selectFrom('return_photos')
    .leftJoin('returns', 'returns.id', 'return_photos.return_id')
    .select(['return_photos.file', 'return_photos.user_id', 'returns.vendor_id'])
    .where('return_photos.id', '=', id)
    .executeTakeFirst();
}

// ---- Settlements

/** A seller's returns refunded in a period, oldest first: what comes off its payable. */
export async function vendorRefundedReturns(db: DbOrTx, vendorId: number, from: Date, to: Date) {
  const rows = await selectReturns(db)
    .where('returns.vendor_id', '=', vendorId)
    .where('returns.status', '=', 'refunded')
    .where('returns.refunded_at', '>=', from.toISOString())
    .where('returns.refunded_at', '<', to.toISOString())
    .orderBy('returns.refunded_at')
    .orderBy('returns.id')
    .execute();
  return rows.map(toReturnRow);
}

// ---- Erasure (a deleted account)

/**
 * What erasing a customer takes of their returns: every photo (the rows; the caller removes the
 * files) and the UPI ID or bank account of returns that are over. A return still open keeps its
 * account until its refund is paid. Answers the photos' files.
 */
export async function eraseCustomerData(db: DbOrTx, userId: string): Promise<string[]> {
  const photos = await db.deleteFrom('return_photos').where('user_id', '=', userId).returning('file').execute();
  await db
    .updateTable('returns')
    .set({ payout: null })
    .where('user_id', '=', userId)
    .where('status', 'not in', ['requested', 'approved', 'picked_up', 'received'])
    .execute();
  return photos.map((photo) => photo.file);
}
