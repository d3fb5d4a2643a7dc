import type { Payment, PayoutDestination } from '#shared/schemas/orders.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { NewAuditEntry } from '#server/modules/audit/audit.service.ts';
import type { InvoicesService } from '#server/modules/invoices/invoices.service.ts';
import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { OrdersService } from './orders.service.ts';

/** What a refund's GST credit notes credit: the order's invoices by the rule (shared/credit-notes.ts), or one line of a shipment's invoice (a return). */
export type RefundCredit = { kind: 'invoices'; against?: number | null } | { kind: 'line'; fulfilmentId: number; orderItemId: number };

export interface RefundInput {
  orderId: number;
  paymentId: number;
  /** paise, at most what is left to refund on the payment */
  amount: number;
  reason: string;
  /** where cash collected on delivery goes back to */
  payout?: PayoutDestination;
  credit: RefundCredit;
}

export interface RefundOutcome {
  /** the payment as it was before the refund */
  before: Payment;
  after: { status: 'refunded' | 'partially_refunded'; refundedAmount: number };
  notes: Array<{ id: number; number: string }>;
  /** a full refund of an order nothing of which has shipped cancels it */
  orderCancelled: boolean;
  /** the outbox jobs to run once the transaction has committed: the refund first */
  jobs: number[];
}

/** The steps of a refund, in order (the fault tests stop after each). */
export type RefundStep = 'held' | 'claimed' | 'credited' | 'cancelled' | 'audited';

interface Deps {
  db: Db;
  orders: OrdersService;
  payments: PaymentsService;
  invoices: InvoicesService;
  outbox: OutboxService;
  audit: (entry: NewAuditEntry, tx: DbOrTx) => Promise<void>;
  /**
   * Cancels a confirmed order in the caller's transaction unless a shipment of it has left (the
   * checkout's cancellation, passed in by app.ts: checkout imports the orders module, not the other
   * way round). It queues no second refund of a payment this refund emptied.
   */
  cancelUnshipped: (tx: DbOrTx, orderId: number, reason: string) => Promise<{ cancelled: boolean; jobs: number[] }>;
  now?: () => Date;
  /** Fault injection for tests: called after each step, inside the transaction. */
  afterStep?: (step: RefundStep) => void;
}

/**
 * Money back on an order's payment: an admin's refund and a received return's, one use case.
 *
 * A refund is one transaction: the order's row is taken (as payments and returns take it, so they
 * queue up rather than deadlock), the amount is claimed on the payment by a guarded update of what
 * it has refunded (never more than was captured less earlier refunds) with the refund's outbox job
 * queued, the GST credit notes are issued, a full refund of an order none of which has shipped
 * cancels it (stock back to the offers, its coupon's use released), and the admin's audit entry is
 * written. The caller adds its own writes (the return's move, the customer's mail) to the same
 * transaction.
 *
 * What a crash leaves: between any two steps, before the commit, nothing at all (the payment as
 * it was, no credit note, the order and its stock untouched, no audit entry, no job), and the
 * refund can be asked for again. After the commit, the refund job is in the outbox: it is done
 * right after the commit, or by the outbox worker (every 10 s, on any process) if the process died
 * first or the gateway failed, with the job's id as the gateway's idempotency key, so a crash
 * between the gateway's answer and our record of it is answered with the same refund. Never
 * refunded twice, never lost.
 */
export function createRefundsService(deps: Deps) {
  const { db, orders, payments, invoices, outbox } = deps;
  const now = deps.now ?? (() => new Date());
  const step = (name: RefundStep) => deps.afterStep?.(name);

  async function credit(tx: DbOrTx, input: RefundInput, left: number) {
    const at = now();
    if (input.credit.kind === 'invoices')
      return invoices.creditRefund(tx, {
        orderId: input.orderId,
        amount: input.amount,
        left,
        reason: input.reason,
        against: input.credit.against,
        at,
      });
    const { fulfilmentId, orderItemId } = input.credit;
    const invoiceId = (await orders.fulfilmentsOf([input.orderId], tx)).find((f) => f.id === fulfilmentId)?.invoice?.id;
    if (!invoiceId) return [];
    const items = await orders.itemsOfFulfilments([fulfilmentId], tx);
    const line = items.findIndex((item) => item.id === orderItemId);
    return [await invoices.issueCreditNote(tx, { invoiceId, amount: input.amount, reason: input.reason, line, at })];
  }

  /** The refund in the caller's transaction (see above); run `jobs` once it has committed. */
  async function refundIn(tx: DbOrTx, input: RefundInput, audit?: (outcome: RefundOutcome) => NewAuditEntry): Promise<RefundOutcome> {
    await orders.hold(tx, input.orderId);
    step('held');
    const claimed = await payments.claimRefund(tx, input.paymentId, input.amount, input.reason, input.payout);
    step('claimed');
    const { before } = claimed;
    const left = before.amount - before.refundedAmount;
    const notes = await credit(tx, input, left);
    step('credited');
    const after = {
      status: input.amount === left ? ('refunded' as const) : ('partially_refunded' as const),
      refundedAmount: before.refundedAmount + input.amount,
    };
    const jobs = [claimed.job];
    let orderCancelled = false;
    // Refunded in full, with no other payment still holding money: the order, if nothing has shipped, is cancelled.
    const holding = (await payments.ofOrders([input.orderId], tx)).some(
      (payment) => payment.status === 'captured' || payment.status === 'partially_refunded',
    );
    if (after.status === 'refunded' && !holding) {
      const cancelled = await deps.cancelUnshipped(tx, input.orderId, 'Refunded in full by the store');
      orderCancelled = cancelled.cancelled;
      jobs.push(...cancelled.jobs);
    }
    step('cancelled');
    const outcome: RefundOutcome = { before, after, notes: notes.map(({ id, number }) => ({ id, number })), orderCancelled, jobs };
    if (audit) await deps.audit(audit(outcome), tx);
    step('audited');
    return outcome;
  }

  return {
    refundIn,

    /** The refund in a transaction of its own, its jobs run once it has committed. */
    async refund(input: RefundInput, audit?: (outcome: RefundOutcome) => NewAuditEntry): Promise<RefundOutcome> {
      const outcome = await db.transaction().execute((tx) => refundIn(tx, input, audit));
      await outbox.runNow(outcome.jobs);
      return outcome;
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
