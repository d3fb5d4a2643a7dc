import { sql } from 'kysely';
import type { Payment } from '#shared/schemas/orders.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import type { PaymentsTable } from '#server/db/schema.ts';

type Row = Pick<PaymentsTable, 'method' | 'status' | 'reference' | 'details' | 'failure_reason'> & {
  id: number;
  order_id: number;
  amount: number | string;
  refunded_amount: number | string;
  created_at: string | Date;
};

const columns = ['id', 'order_id', 'method', 'amount', 'status', 'reference', 'details', 'failure_reason', 'refunded_amount', 'created_at'] as const;

function toPayment(row: Row): Payment {
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
    createdAt: toIso(row.created_at),
  };
}

export async function insertPayment(
  db: DbOrTx,
  payment: { orderId: number; method: Payment['method']; amount: number; status: Payment['status']; provider: string; reference: string; details: Payment['details']; failureReason: string | null },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('payments')
    .values({
      order_id: payment.orderId,
      method: payment.method,
      amount: payment.amount,
      status: payment.status,
      provider: payment.provider,
      reference: payment.reference,
      details: JSON.stringify(payment.details),
      failure_reason: payment.failureReason,
      refunded_amount: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findPayment(db: DbOrTx, id: number): Promise<Payment | undefined> {
  const row = await db.selectFrom('payments').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/** Payments of several orders at once, oldest first. */
export async function paymentsOfOrders(db: DbOrTx, orderIds: readonly number[]): Promise<Payment[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.selectFrom('payments').select(columns).where('order_id', 'in', orderIds).orderBy('created_at').orderBy('id').execute();
  return rows.map(toPayment);
}

/** Moves a payment on only from the status it is known to be in, so two confirmations cannot both win. */
export async function updatePaymentStatus(
  db: DbOrTx,
  id: number,
  from: readonly Payment['status'][],
  to: Payment['status'],
  failureReason: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: to, failure_reason: failureReason, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims an amount for refunding: moves refunded_amount on only from the value the caller saw,
 * so two refunders can never both refund the same money. False when someone else got there first.
 */
export async function claimRefund(db: DbOrTx, paymentId: number, seenRefunded: number, amount: number, fully: boolean): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ refunded_amount: seenRefunded + amount, status: fully ? 'refunded' : 'partially_refunded', updated_at: new Date().toISOString() })
    .where('id', '=', paymentId)
    .where('status', 'in', ['captured', 'partially_refunded'])
    .where('refunded_amount', '=', seenRefunded)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claim back when the provider refused the refund. */
export async function releaseRefundClaim(db: DbOrTx, paymentId: number, previousRefunded: number, previousStatus: 'captured' | 'partially_refunded'): Promise<void> {
  await db.updateTable('payments').set({ refunded_amount: previousRefunded, status: previousStatus, updated_at: new Date().toISOString() }).where('id', '=', paymentId).execute();
}

export async function recordRefund(db: DbOrTx, paymentId: number, amount: number, reference: string, reason: string): Promise<void> {
  await db.insertInto('refunds').values({ payment_id: paymentId, amount, reference, reason, created_at: new Date().toISOString() }).execute();
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
  if (filter.from) query = query.where('payments.created_at', '>=', new Date(`${filter.from}T00:00:00+05:30`).toISOString());
  if (filter.to) query = query.where('payments.created_at', '<', new Date(new Date(`${filter.to}T00:00:00+05:30`).getTime() + 24 * 60 * 60 * 1000).toISOString());
  if (filter.minAmount !== undefined) query = query.where('payments.amount', '>=', filter.minAmount);
  if (filter.maxAmount !== undefined) query = query.where('payments.amount', '<=', filter.maxAmount);
  if (filter.orderId !== undefined) query = query.where('payments.order_id', '=', filter.orderId);
  if (filter.userId !== undefined) query = query.where('orders.user_id', '=', filter.userId);
  const totals = await query
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('payments.amount'), sql<number>`0`).as('amount'),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('payments.status', 'in', ['captured', 'partially_refunded', 'refunded']).then(eb.ref('payments.amount')).else(0).end()), sql<number>`0`).as('captured'),
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
    totals: { count: Number(totals.count), amount: Number(totals.amount), captured: Number(totals.captured), refunded: Number(totals.refunded) },
  };
}

export async function refundsOf(db: DbOrTx, paymentId: number) {
  const rows = await db.selectFrom('refunds').select(['amount', 'reason', 'reference', 'created_at']).where('payment_id', '=', paymentId).orderBy('id').execute();
  return rows.map((row) => ({ amount: Number(row.amount), reason: row.reason, reference: row.reference, createdAt: toIso(row.created_at) }));
}
