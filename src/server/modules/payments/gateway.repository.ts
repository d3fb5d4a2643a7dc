import type { Payment } from '#shared/schemas/orders.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import type { PaymentsTable } from '#server/db/schema.ts';

/** A payment row as a hosted-checkout gateway's events and look-ups need it. */
export interface GatewayAttempt {
  id: number;
  orderId: number;
  amount: number;
  status: PaymentsTable['status'];
  /** the gateway's payment id once captured; our attempt key before */
  reference: string;
  awaiting: PaymentsTable['awaiting'];
  gatewayOrderId: string | null;
  refundedAmount: number;
  createdAt: string;
  updatedAt: string;
}

const columns = [
  'id',
  'order_id',
  'amount',
  'status',
  'reference',
  'awaiting',
  'gateway_order_id',
  'refunded_amount',
  'created_at',
  'updated_at',
] as const;

type Row = {
  id: number;
  order_id: number;
  amount: number | string;
  status: PaymentsTable['status'];
  reference: string;
  awaiting: PaymentsTable['awaiting'];
  gateway_order_id: string | null;
  refunded_amount: number | string;
  created_at: string | Date;
  updated_at: string | Date;
};

const toAttempt = (row: Row): GatewayAttempt => ({
  id: row.id,
  orderId: row.order_id,
  amount: Number(row.amount),
  status: row.status,
  reference: row.reference,
  awaiting: row.awaiting,
  gatewayOrderId: row.gateway_order_id,
  refundedAmount: Number(row.refunded_amount),
  createdAt: toIso(row.created_at),
  updatedAt: toIso(row.updated_at),
});

/** The open attempt now waits for the shopper on the gateway's page, paying this gateway order. */
export async function awaitGateway(db: DbOrTx, id: number, gatewayOrderId: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ awaiting: 'gateway', gateway_order_id: gatewayOrderId, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .where('awaiting', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findByGatewayOrder(db: DbOrTx, gatewayOrderId: string): Promise<GatewayAttempt | undefined> {
  const row = await db.selectFrom('payments').select(columns).where('gateway_order_id', '=', gatewayOrderId).executeTakeFirst();
  return row ? toAttempt(row) : undefined;
}

export async function findById(db: DbOrTx, id: number): Promise<GatewayAttempt | undefined> {
  const row = await db.selectFrom('payments').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toAttempt(row) : undefined;
}

export async function findByReference(db: DbOrTx, provider: string, reference: string): Promise<GatewayAttempt | undefined> {
  const row = await db
    .selectFrom('payments')
    .select(columns)
    .where('provider', '=', provider)
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row ? toAttempt(row) : undefined;
}

/** The order's attempt waiting on the gateway's page, if any (at most one: one open attempt per order). */
export async function waitingAttemptOf(db: DbOrTx, orderId: number): Promise<GatewayAttempt | undefined> {
  const row = await db
    .selectFrom('payments')
    .select(columns)
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .where('awaiting', '=', 'gateway')
    .executeTakeFirst();
  return row ? toAttempt(row) : undefined;
}

/** Attempts waiting on the gateway's page, made after `createdAfter` and untouched since `touchedBefore`: the reconciler asks about them. */
export async function waitingOnGateway(db: DbOrTx, createdAfter: Date, touchedBefore: Date): Promise<GatewayAttempt[]> {
  const rows = await db
    .selectFrom('payments')
    .select(columns)
    .where('status', '=', 'created')
    .where('awaiting', '=', 'gateway')
    .where('created_at', '>', createdAfter.toISOString())
    .where('updated_at', '<', touchedBefore.toISOString())
    .orderBy('id')
    .execute();
  return rows.map(toAttempt);
}

/** Marks an attempt as looked at now, so the reconciler asks the gateway about it again only later. */
export async function touch(db: DbOrTx, id: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({ updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .execute();
}

/**
 * The gateway captured this attempt's money: captured, with the gateway's payment id and masked
 * details, from open or from given up (the shopper paid an attempt the store had abandoned),
 * never twice: false when another request finished it first.
 */
export async function captureAttempt(
  db: DbOrTx,
  id: number,
  reference: string,
  details: Payment['details'],
  method: Payment['method'] | undefined,
): Promise<boolean> {
  const row = await db.selectFrom('payments').select('details').where('id', '=', id).executeTakeFirst();
  const merged = { ...(row ? (JSON.parse(row.details) as Payment['details']) : {}), ...details };
  const result = await db
    .updateTable('payments')
    .set({
      status: 'captured',
      reference,
      details: JSON.stringify(merged),
      failure_reason: null,
      awaiting: null,
      abandoned_at: null,
      updated_at: new Date().toISOString(),
      ...(method ? { method } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', ['created', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes why the shopper's last try on the gateway's page failed; the attempt stays open (Razorpay lets them try again). */
export async function noteFailure(db: DbOrTx, id: number, reason: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ failure_reason: reason, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .execute();
}

/** A second capture of one gateway order (the shopper paid twice): its own payment row, captured, to be refunded. */
export async function insertCapture(
  db: DbOrTx,
  capture: { orderId: number; amount: number; method: Payment['method']; provider: string; reference: string; details: Payment['details'] },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('payments')
    .values({
      order_id: capture.orderId,
      method: capture.method,
      amount: capture.amount,
      status: 'captured',
      provider: capture.provider,
      reference: capture.reference,
      attempt_key: null,
      awaiting: null,
      details: JSON.stringify(capture.details),
      failure_reason: null,
      refunded_amount: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The gateway reports a refund processed (with the bank's ARN) or failed; false when no such refund is recorded yet. */
export async function settleRefund(db: DbOrTx, reference: string, status: 'processed' | 'failed', arn: string | null): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ status, ...(arn ? { arn } : {}) })
    .where('reference', '=', reference)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Payments through this gateway made in the window that took money (captured, refunded in part or in full). */
export async function capturedBetween(db: DbOrTx, provider: string, from: Date, to: Date): Promise<GatewayAttempt[]> {
  const rows = await db
    .selectFrom('payments')
    .select(columns)
    .where('provider', '=', provider)
    .where('status', 'in', ['captured', 'partially_refunded', 'refunded'])
    .where('created_at', '>=', from.toISOString())
    .where('created_at', '<', to.toISOString())
    .orderBy('id')
    .execute();
  return rows.map(toAttempt);
}

/** What the gateway has refunded of a payment, as we recorded it (refunds not failed). */
export async function refundedAtGateway(db: DbOrTx, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.val(0)).as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', '!=', 'failed')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
