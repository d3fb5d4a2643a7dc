import { sql } from 'kysely';
import { indiaDateRange } from '#shared/india-time.ts';
import type { Payment } from '#shared/schemas/orders.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import type { PaymentsTable } from '#server/db/schema.ts';

type Row = Pick<PaymentsTable, 'method' | 'status' | 'reference' | 'details' | 'failure_reason' | 'awaiting'> & {
  id: number;
  order_id: number;
  amount: number | string;
  refunded_amount: number | string;
  abandoned_at: string | Date | null;
  created_at: string | Date;
};

const columns = [
  'id',
  'order_id',
  'method',
  'amount',
  'status',
  'reference',
  'details',
  'failure_reason',
  'refunded_amount',
  'awaiting',
  'abandoned_at',
  'created_at',
] as const;

/** How long an order waits to be paid (orders.service's PAYMENT_WINDOW_MS): an attempt still waiting on the shopper after it was abandoned. */
const ABANDONED_AFTER_MS = 30 * 60 * 1000;

type PaymentRefunds = NonNullable<Payment['refunds']>;

/** The refunds of these payments, by payment, oldest first. */
async function refundsByPayment(db: DbOrTx, paymentIds: readonly number[]): Promise<Map<number, PaymentRefunds>> {
  const byPayment = new Map<number, PaymentRefunds>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .selectFrom('refunds')
    .select(['payment_id', 'amount', 'reference', 'status', 'arn', 'created_at'])
    .where('payment_id', 'in', paymentIds)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byPayment.get(row.payment_id) ?? [];
    list.push({ amount: Number(row.amount), reference: row.reference, status: row.status, arn: row.arn, createdAt: toIso(row.created_at) });
    byPayment.set(row.payment_id, list);
  }
  return byPayment;
}

function toPayment(row: Row, refunds: PaymentRefunds = []): Payment {
  const createdAt = toIso(row.created_at);
  return {
    id: row.id,
    orderId: row.order_id,
    method: row.method,
    amount: Number(row.amount),
    status: row.status,
    reference: row.reference,
    details: JSON.parse(row.details) as Payment['details'],
    failureReason: row.failure_reason,
    refundedAmount: Number(row.refunded_amount),
    createdAt,
    refunds,
    // Given up (marked when it was), or still waiting on the shopper's OTP or bank page past the
    // time to pay (the order's expiry marks it soon). Never one the gateway is being asked about.
    abandoned:
      row.abandoned_at !== null ||
      (row.status === 'created' && row.awaiting !== null && Date.now() - new Date(createdAt).getTime() > ABANDONED_AFTER_MS),
  };
}

/** An attempt written before the gateway is asked, with the key the gateway is asked with. */
export interface OpenAttempt {
  id: number;
  orderId: number;
  attemptKey: string;
  amount: number;
}

export async function insertPayment(
  db: DbOrTx,
  payment: {
    orderId: number;
    method: Payment['method'];
    amount: number;
    provider: string;
    attemptKey: string;
    details: Payment['details'];
  },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('payments')
    .values({
      order_id: payment.orderId,
      method: payment.method,
      amount: payment.amount,
      status: 'created',
      provider: payment.provider,
      // the gateway's reference replaces it once known
      reference: payment.attemptKey,
      attempt_key: payment.attemptKey,
      awaiting: null,
      details: JSON.stringify(payment.details),
      failure_reason: null,
      refunded_amount: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A Cash on Delivery payment: authorized at once, with no gateway and no attempt key. */
export async function insertCashOnDelivery(db: DbOrTx, payment: { orderId: number; amount: number; reference: string }): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('payments')
    .values({
      order_id: payment.orderId,
      method: 'cod',
      amount: payment.amount,
      status: 'authorized',
      provider: 'cod',
      reference: payment.reference,
      attempt_key: null,
      awaiting: null,
      details: '{}',
      failure_reason: null,
      refunded_amount: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Collected (captured) or cancelled: only from authorized, so twice is a no-op. */
export async function settleCashOnDelivery(
  db: DbOrTx,
  orderId: number,
  status: 'captured' | 'cancelled',
  reason: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status, failure_reason: reason, updated_at: new Date().toISOString() })
    .where('order_id', '=', orderId)
    .where('method', '=', 'cod')
    .where('status', '=', 'authorized')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An open attempt the gateway is being asked about (not one waiting for the shopper). */
export async function hasAttemptInFlight(db: DbOrTx, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .where('awaiting', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findPayment(db: DbOrTx, id: number): Promise<Payment | undefined> {
  const row = await db.selectFrom('payments').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return toPayment(row, Number(row.refunded_amount) > 0 ? (await refundsByPayment(db, [row.id])).get(row.id) : []);
}

/** Payments of several orders at once, oldest first. */
export async function paymentsOfOrders(db: DbOrTx, orderIds: readonly number[]): Promise<Payment[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('payments')
    .select(columns)
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const refunds = await refundsByPayment(
    db,
    rows.filter((row) => Number(row.refunded_amount) > 0).map((row) => row.id),
  );
  return rows.map((row) => toPayment(row, refunds.get(row.id)));
}

/** Finishes an open attempt (captured or failed) only if it is still open, so two finishers cannot both win. */
export async function finishAttempt(
  db: DbOrTx,
  id: number,
  outcome: { status: 'captured' | 'failed'; reference: string | null; failureReason: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: outcome.status,
      failure_reason: outcome.failureReason,
      awaiting: null,
      updated_at: new Date().toISOString(),
      ...(outcome.reference === null ? {} : { reference: outcome.reference }),
    })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The gateway asks the shopper for an OTP or the bank page: the open attempt now waits for that step. */
export async function awaitShopper(db: DbOrTx, id: number, reference: string, step: 'otp' | 'bank'): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ awaiting: step, reference, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .where('awaiting', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes the shopper's step of a waiting attempt (it is then in flight again): one request only. */
export async function takeStep(db: DbOrTx, id: number, step: 'otp' | 'bank'): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ awaiting: null, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .where('awaiting', '=', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Attempts of an order still waiting on the shopper are given up (never one the gateway is being asked about). */
export async function failWaitingAttempts(db: DbOrTx, orderId: number, reason: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      status: 'failed',
      failure_reason: reason,
      awaiting: null,
      abandoned_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .where('awaiting', 'is not', null)
    .execute();
}

/** Open attempts that are not waiting for the shopper: the gateway is being (or was) asked about them. */
export async function inFlightAttempts(db: DbOrTx): Promise<Array<OpenAttempt & { updatedAt: string }>> {
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'order_id', 'attempt_key', 'amount', 'updated_at'])
    .where('status', '=', 'created')
    .where('awaiting', 'is', null)
    .where('attempt_key', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    attemptKey: row.attempt_key!,
    amount: Number(row.amount),
    updatedAt: toIso(row.updated_at),
  }));
}

export async function attemptOf(db: DbOrTx, id: number): Promise<OpenAttempt | undefined> {
  const row = await db
    .selectFrom('payments')
    .select(['id', 'order_id', 'attempt_key', 'amount'])
    .where('id', '=', id)
    .where('attempt_key', 'is not', null)
    .executeTakeFirst();
  return row ? { id: row.id, orderId: row.order_id, attemptKey: row.attempt_key!, amount: Number(row.amount) } : undefined;
}

/**
 * Claims an amount for refunding: moves refunded_amount on only from the value the caller saw,
 * so two refunders can never both refund the same money. False when someone else got there first.
 */
export async function claimRefund(db: DbOrTx, paymentId: number, seenRefunded: number, amount: number, fully: boolean): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      refunded_amount: seenRefunded + amount,
      status: fully ? 'refunded' : 'partially_refunded',
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', paymentId)
    .where('status', 'in', ['captured', 'partially_refunded'])
    .where('refunded_amount', '=', seenRefunded)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Closes a captured payment with nothing left to refund (0 paise captured, or its whole amount
 * refunded already) as refunded, so recovery, which picks up captured payments of unpaid orders,
 * settles it once rather than on every pass. False when it had something left or was closed already.
 */
export async function closeNothingToRefund(db: DbOrTx, paymentId: number): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'refunded', updated_at: new Date().toISOString() })
    .where('id', '=', paymentId)
    .where('status', 'in', ['captured', 'partially_refunded'])
    .whereRef('refunded_amount', '>=', 'amount')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a refund the gateway made; a retried outbox job records it once. */
export async function recordRefund(
  db: DbOrTx,
  refund: {
    paymentId: number;
    amount: number;
    reference: string;
    reason: string;
    outboxId: number;
    status: 'pending' | 'processed' | 'failed';
    arn: string | null;
  },
): Promise<void> {
  await db
    .insertInto('refunds')
    .values({
      payment_id: refund.paymentId,
      amount: refund.amount,
      reference: refund.reference,
      reason: refund.reason,
      outbox_id: refund.outboxId,
      status: refund.status,
      arn: refund.arn,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('outbox_id').doNothing())
    .execute();
}

/**
 * Captured money not yet matched by its order: captured payments of orders still awaiting payment
 * or cancelled with money left unrefunded. Only data from before captures and confirmations were
 * one transaction (or a refund that was only logged) can be in this state.
 */
export async function unsettledCaptures(
  db: DbOrTx,
): Promise<Array<{ paymentId: number; orderId: number; orderStatus: 'pending_payment' | 'cancelled' }>> {
  const rows = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.id', 'payments.order_id', 'orders.status'])
    .where('payments.status', 'in', ['captured', 'partially_refunded'])
    .where('orders.status', 'in', ['pending_payment', 'cancelled'])
    .orderBy('payments.id')
    .execute();
  return rows.map((row) => ({ paymentId: row.id, orderId: row.order_id, orderStatus: row.status as 'pending_payment' | 'cancelled' }));
}

export interface PaymentFilter {
  status?: Payment['status'];
  method?: Payment['method'];
  from?: string;
  to?: string;
  minAmount?: number;
  maxAmount?: number;
  orderId?: number;
  /** payments of orders placed by this user */
  userId?: string;
}

/** All payments for the admin, newest first, with the order's number and buyer. */
export async function listPayments(db: DbOrTx, filter: PaymentFilter, page: number, pageSize: number) {
  let query = db.selectFrom('payments').innerJoin('orders', 'orders.id', 'payments.order_id');
  if (filter.status) query = query.where('payments.status', '=', filter.status);
  if (filter.method) query = query.where('payments.method', '=', filter.method);
  const days = indiaDateRange(filter.from, filter.to);
  if (days.from) query = query.where('payments.created_at', '>=', days.from);
  if (days.toBefore) query = query.where('payments.created_at', '<', days.toBefore);
  if (filter.minAmount !== undefined) query = query.where('payments.amount', '>=', filter.minAmount);
  if (filter.maxAmount !== undefined) query = query.where('payments.amount', '<=', filter.maxAmount);
  if (filter.orderId !== undefined) query = query.where('payments.order_id', '=', filter.orderId);
  if (filter.userId !== undefined) query = query.where('orders.user_id', '=', filter.userId);
  const totals = await query
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('payments.amount'), sql<number>`0`).as('amount'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            eb
              .case()
              .when('payments.status', 'in', ['captured', 'partially_refunded', 'refunded'])
              .then(eb.ref('payments.amount'))
              .else(0)
              .end(),
          ),
          sql<number>`0`,
        )
        .as('captured'),
      eb.fn.coalesce(eb.fn.sum<number>('payments.refunded_amount'), sql<number>`0`).as('refunded'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await query
    .select([...columns.map((c) => `payments.${c}` as const), 'orders.user_id'])
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    items: rows.map((row) => ({ ...toPayment(row), userId: row.user_id })),
    totals: {
      count: Number(totals.count),
      amount: Number(totals.amount),
      captured: Number(totals.captured),
      refunded: Number(totals.refunded),
    },
  };
}

export async function refundsOf(db: DbOrTx, paymentId: number) {
  const rows = await db
    .selectFrom('refunds')
    .select(['amount', 'reason', 'reference', 'status', 'arn', 'created_at'])
    .where('payment_id', '=', paymentId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    amount: Number(row.amount),
    reason: row.reason,
    reference: row.reference,
    status: row.status,
    arn: row.arn,
    createdAt: toIso(row.created_at),
  }));
}
