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
