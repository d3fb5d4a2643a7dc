import { randomBytes } from 'node:crypto';
import { AppError } from '#shared/errors.ts';
import type { Payment } from '#shared/schemas/orders.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import * as events from './gateway-events.repository.ts';
import * as repository from './gateway.repository.ts';
import * as payments from './payments.repository.ts';
import { refuseNothingToPay } from './payments.service.ts';
import type { GatewayPayment, PaymentProvider } from './providers/payment-provider.ts';

export type { GatewayAttempt } from './gateway.repository.ts';
export type { StoredEvent } from './gateway-events.repository.ts';

const METHODS: ReadonlyArray<Payment['method']> = ['upi', 'netbanking', 'card', 'emi'];

/** The method the shopper paid with at the gateway, when it is one of ours (a wallet keeps the one chosen). */
export const methodOf = (payment: GatewayPayment): Payment['method'] | undefined =>
  (METHODS as readonly string[]).includes(payment.method) ? (payment.method as Payment['method']) : undefined;

/**
 * The payments module's records for a hosted-checkout gateway: attempts paid on the gateway's page
 * (written before the gateway's order is made, so a crash leaves an attempt the checkout's
 * reconciler gives up), the webhooks it sent (once each by event id), and what the day's
 * reconciliation compares. Every write is a guarded update: two finishers never both win.
 */
export function createGatewayPaymentsService({ db, provider }: { db: Db; provider: PaymentProvider }) {
  return {
    provider: provider.name,
    hosted: provider.hosted,

    /**
     * Writes an attempt to be paid on the gateway's page, in the caller's transaction (under the
     * order's row); attempts still waiting for the shopper are given up. 409 while another is being asked.
     */
    async open(tx: DbOrTx, orderId: number, amount: number, method: Payment['method']) {
      refuseNothingToPay(amount);
      await payments.failWaitingAttempts(tx, orderId, 'Replaced by a newer payment attempt');
      const attemptKey = `pay_${orderId}_${randomBytes(12).toString('hex')}`;
      try {
        const id = await payments.insertPayment(tx, { orderId, method, amount, provider: provider.name, attemptKey, details: {} });
        return { id, orderId, attemptKey, amount };
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('CONFLICT', 'A payment for this order is already being processed. Please wait a moment.');
        throw error;
      }
    },
    awaitGateway: (id: number, gatewayOrderId: string) => repository.awaitGateway(db, id, gatewayOrderId),
    waitingAttemptOf: (orderId: number) => repository.waitingAttemptOf(db, orderId),
    findById: (id: number, tx?: DbOrTx) => repository.findById(tx ?? db, id),
    findByGatewayOrder: (gatewayOrderId: string, tx?: DbOrTx) => repository.findByGatewayOrder(tx ?? db, gatewayOrderId),
    findByReference: (reference: string, tx?: DbOrTx) => repository.findByReference(tx ?? db, provider.name, reference),
    waitingOnGateway: (createdAfter: Date, touchedBefore: Date) => repository.waitingOnGateway(db, createdAfter, touchedBefore),
    touch: (id: number) => repository.touch(db, id),
    noteFailure: (id: number, reason: string) => repository.noteFailure(db, id, reason),

    /** Captures the attempt with the gateway's payment, in the caller's transaction; false if already finished. */
    capture: (tx: DbOrTx, id: number, payment: GatewayPayment) =>
      repository.captureAttempt(tx, id, payment.id, payment.details, methodOf(payment)),

    /** A second capture of a gateway order, recorded as its own captured payment, in the caller's transaction. */
    insertCapture: (tx: DbOrTx, orderId: number, method: Payment['method'], payment: GatewayPayment) =>
      repository.insertCapture(tx, {
        orderId,
        amount: payment.amount,
        method: methodOf(payment) ?? method,
        provider: provider.name,
        reference: payment.id,
        details: payment.details,
      }),

    settleRefund: (reference: string, status: 'processed' | 'failed', arn: string | null) =>
      repository.settleRefund(db, reference, status, arn),
    capturedBetween: (from: Date, to: Date) => repository.capturedBetween(db, provider.name, from, to),
    refundedAtGateway: (paymentId: number) => repository.refundedAtGateway(db, paymentId),

    storeEvent: (eventId: string, event: string, payload: string) => events.storeOnce(db, provider.name, eventId, event, payload),
    eventProcessed: (id: number) => events.markProcessed(db, id),
    eventFailed: (id: number, error: string) => events.markFailed(db, id, error),
    unprocessedEvents: (receivedAfter: Date, receivedBefore: Date) => events.unprocessed(db, provider.name, receivedAfter, receivedBefore),
    countEvents: (eventId: string) => events.countOf(db, provider.name, eventId),
  };
}

export type GatewayPaymentsService = ReturnType<typeof createGatewayPaymentsService>;
