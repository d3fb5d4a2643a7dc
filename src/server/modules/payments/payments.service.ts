import { randomBytes } from 'node:crypto';
import { type BankOffer, describeBankOffer } from '#shared/bank-offers.ts';
import { type EmiPlan, EMI_MIN_ORDER, emiQuote } from '#shared/emi.ts';
import { AppError } from '#shared/errors.ts';
import { formatPrice } from '#shared/money.ts';
import { detectNetwork, digitsOnly, expiryInFuture, luhnValid, NET_BANKING_BANKS } from '#shared/payment-methods.ts';
import type { Payment, PaymentInput, PayoutDestination } from '#shared/schemas/orders.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import * as repository from './payments.repository.ts';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, RefundOutcome } from './providers/payment-provider.ts';

export type { OpenAttempt } from './payments.repository.ts';

interface RefundJob {
  paymentId: number;
  amount: number;
  reason: string;
  /** Cash on Delivery: where the money goes back */
  payout?: PayoutDestination;
}

/** What the gateway is asked to charge: every method but Cash on Delivery, which no gateway takes. */
export type GatewayPaymentInput = Exclude<PaymentInput, { method: 'cod' }>;

const toRequest = (input: GatewayPaymentInput, amount: number): ChargeRequest =>
  input.method === 'upi'
    ? { method: 'upi', amount, vpa: input.vpa }
    : input.method === 'netbanking'
      ? { method: 'netbanking', amount, bank: input.bank }
      : { method: input.method, amount, card: input.card };

/**
 * An order with nothing to pay (₹0, which no coupon leaves: see priceCoupon) is never sent to a
 * payment gateway: a 0-paise capture would confirm it and leave a payment no refund can change.
 */
export function refuseNothingToPay(amount: number): void {
  if (!(amount > 0)) throw new AppError('UNPROCESSABLE', 'This order has nothing to pay online');
}

/**
 * Payments and refunds through the provider. A payment row is written before the gateway is
 * asked (an open attempt, at most one per order), with the idempotency key the gateway is asked
 * with; so whatever dies after the gateway captured, the capture can be looked up and finished
 * (see the checkout's reconcile). Refunds are claimed on the payment and queued in the outbox in
 * the caller's transaction; the outbox asks the gateway, with the job's id as idempotency key.
 */
export function createPaymentsService({
  db,
  provider,
  outbox,
  emiPlans,
  now = () => new Date(),
}: {
  db: Db;
  provider: PaymentProvider;
  outbox: OutboxService;
  emiPlans: readonly EmiPlan[];
  now?: () => Date;
}) {
  /** Masked details only: a card number and CVV never reach the database. */
  function details(input: PaymentInput, amount: number): Payment['details'] {
    switch (input.method) {
      case 'upi':
        return { vpa: input.vpa.toLowerCase() };
      case 'netbanking':
        return { bank: NET_BANKING_BANKS.find((bank) => bank.code === input.bank)?.name ?? input.bank };
      case 'cod':
        return {};
      case 'card':
      case 'emi': {
        const number = digitsOnly(input.card.number);
        if (!luhnValid(number)) throw new AppError('VALIDATION_FAILED', 'The card number is not valid');
        const network = detectNetwork(number);
        if (!network)
          throw new AppError('VALIDATION_FAILED', 'We accept Visa, Mastercard, RuPay, American Express, Diners Club and Discover cards');
        if (!expiryInFuture(input.card.expiryMonth, input.card.expiryYear, now()))
          throw new AppError('VALIDATION_FAILED', 'The card has expired or the expiry date is not valid');
        const card = { network, last4: number.slice(-4) };
        if (input.method === 'card') return card;
        if (amount < EMI_MIN_ORDER)
          throw new AppError('VALIDATION_FAILED', `EMI is available on orders of ${formatPrice(EMI_MIN_ORDER)} or more`);
        const plan = emiPlans.find((p) => p.months === input.months);
        if (!plan) throw new AppError('VALIDATION_FAILED', `No EMI plan for ${input.months} months`);
        return { ...card, emi: { months: plan.months, annualRatePercent: plan.annualRatePercent, ...emiQuote(amount, plan) } };
      }
    }
  }

  async function require(id: number, tx: DbOrTx = db): Promise<Payment> {
    const payment = await repository.findPayment(tx, id);
    if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
    return payment;
  }

  /** Claims `amount` of a payment for refunding and queues the refund, in the caller's transaction. */
  async function queueRefund(tx: DbOrTx, payment: Payment, amount: number, reason: string, payout?: PayoutDestination): Promise<number> {
    if (
      !(await repository.claimRefund(tx, payment.id, payment.refundedAmount, amount, payment.refundedAmount + amount === payment.amount))
    ) {
      throw new AppError('CONFLICT', 'This payment changed meanwhile; please reload');
    }
    return outbox.enqueue(
      tx,
      'refund',
      { paymentId: payment.id, amount, reason, ...(payout ? { payout } : {}) } satisfies RefundJob,
      `payment:${payment.id}`,
    );
  }

  // The outbox's refund handler: idempotent through the job's id, which the gateway is given.
  outbox.handle('refund', async (payload, job) => {
    const { paymentId, amount, reason, payout } = payload as RefundJob;
    const payment = await require(paymentId);
    // Cash collected on delivery goes back as a payout to the account the customer gave.
    const refund: RefundOutcome = payout
      ? await provider.payout(payout, amount, `refund-${job.id}`)
      : await provider.refund(payment.reference, amount, `refund-${job.id}`);
    await repository.recordRefund(db, {
      paymentId,
      amount,
      reference: refund.reference,
      reason,
      outboxId: job.id,
      status: refund.status ?? 'processed',
      arn: refund.arn ?? null,
    });
  });

  return {
    testMode: provider.testMode,
    gateway: provider.gateway,
    find: (id: number) => repository.findPayment(db, id),
    ofOrders: (orderIds: readonly number[], tx?: DbOrTx) => repository.paymentsOfOrders(tx ?? db, orderIds),

    /** Checks the method's details (card number, expiry, EMI plan) before anything is written. */
    validate: (input: PaymentInput, amount: number) => details(input, amount),

    /**
     * Writes the attempt before the gateway is asked, in the caller's transaction; an attempt
     * still waiting for the shopper is replaced. A second attempt while one is being asked gets
     * 409 (the unique index on open attempts), so a double click never charges twice.
     */
    async open(
      tx: DbOrTx,
      orderId: number,
      amount: number,
      input: PaymentInput,
      offer?: { offer: BankOffer; discount: number },
    ): Promise<repository.OpenAttempt> {
      refuseNothingToPay(amount);
      const masked = {
        ...details(input, amount),
        ...(offer ? { offer: { id: offer.offer.id, title: describeBankOffer(offer.offer), discount: offer.discount } } : {}),
      };
      await repository.failWaitingAttempts(tx, orderId, 'Replaced by a newer payment attempt');
      const key = `pay_${orderId}_${randomBytes(12).toString('hex')}`;
      try {
        const id = await repository.insertPayment(tx, {
          orderId,
          method: input.method,
          amount,
          provider: provider.name,
          attemptKey: key,
          details: masked,
        });
        return { id, orderId, attemptKey: key, amount };
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('CONFLICT', 'A payment for this order is already being processed. Please wait a moment.');
        throw error;
      }
    },

    /** Asks the gateway to charge an open attempt; repeating it with the same attempt charges once. */
    charge: (attempt: repository.OpenAttempt, input: GatewayPaymentInput): Promise<ChargeOutcome> =>
      provider.charge(toRequest(input, attempt.amount), attempt.attemptKey),

    /** The gateway's answer for an attempt, for recovery. */
    lookup: (attemptKey: string) => provider.lookup(attemptKey),

    /** Records an answer that is not a capture: waiting for the shopper, or failed. */
    async recordPending(paymentId: number, outcome: Exclude<ChargeOutcome, { status: 'captured' }>): Promise<boolean> {
      return outcome.status === 'failed'
        ? repository.finishAttempt(db, paymentId, { status: 'failed', reference: outcome.reference, failureReason: outcome.reason })
        : repository.awaitShopper(db, paymentId, outcome.reference, outcome.action);
    },

    /** Moves an open attempt to captured, in the caller's transaction; false if it was no longer open. */
    markCaptured: (tx: DbOrTx, paymentId: number, reference: string) =>
      repository.finishAttempt(tx, paymentId, { status: 'captured', reference, failureReason: null }),

    /** Takes the shopper's step (OTP or bank page) of a waiting attempt: only one request can. */
    async takeStep(paymentId: number, step: 'otp' | 'bank'): Promise<boolean> {
      return repository.takeStep(db, paymentId, step);
    },

    confirmWithProvider: (payment: Payment, confirmation: { otp: string } | { bankOutcome: 'success' | 'failure' }) =>
      provider.confirm(payment.reference, confirmation),

    /** Open attempts the gateway is (or was, before a crash) being asked about. */
    inFlight: () => repository.inFlightAttempts(db),
    unsettledCaptures: () => repository.unsettledCaptures(db),
    attemptOf: (paymentId: number) => repository.attemptOf(db, paymentId),
    failAttempt: (paymentId: number, reason: string) =>
      repository.finishAttempt(db, paymentId, { status: 'failed', reference: null, failureReason: reason }),

    /** Marks attempts still waiting on the shopper as failed (the order was cancelled or expired). */
    abandonWaiting: (tx: DbOrTx, orderId: number, reason: string) => repository.failWaitingAttempts(tx, orderId, reason),

    list: (filter: repository.PaymentFilter, page: number, pageSize: number) => repository.listPayments(db, filter, page, pageSize),
    refundsOf: (paymentId: number) => repository.refundsOf(db, paymentId),
    /** Refunds of a payment claimed and queued but not yet made by the gateway (it may be refusing). */
    async queuedRefunds(paymentId: number) {
      const jobs = await outbox.about(`payment:${paymentId}`);
      return jobs
        .filter((job) => job.kind === 'refund' && job.status === 'pending')
        .map((job) => ({
          jobId: job.id,
          amount: (job.payload as RefundJob).amount,
          reason: (job.payload as RefundJob).reason,
          attempts: job.attempts,
          lastError: job.lastError,
          nextAttemptAt: job.nextAttemptAt,
          createdAt: job.createdAt,
        }));
    },

    /**
     * Claims a full or partial refund (the admin's), in the caller's transaction, so that what else
     * the refund writes, its credit notes, commits with the claim or not at all: never more than
     * was captured minus earlier refunds. Returns the payment as it was before, and the outbox job
     * to run once the transaction has committed (a gateway failure then leaves it queued).
     */
    async claimRefund(
      tx: DbOrTx,
      paymentId: number,
      amount: number,
      reason: string,
      payout?: PayoutDestination,
    ): Promise<{ before: Payment; job: number }> {
      const payment = await repository.findPayment(tx, paymentId);
      if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
      if (payment.method === 'cod' && !payout) {
        const message = 'Cash paid on delivery goes back to the customer’s UPI ID or bank account: please give one';
        throw new AppError('VALIDATION_FAILED', message, { issues: [{ field: 'payout', message }] });
      }
      if (payment.method !== 'cod' && payout) {
        const message = 'This payment is refunded to the card, UPI ID or bank it was paid with';
        throw new AppError('VALIDATION_FAILED', message, { issues: [{ field: 'payout', message }] });
      }
      if (payment.status !== 'captured' && payment.status !== 'partially_refunded')
        throw new AppError('CONFLICT', `A ${payment.status} payment cannot be refunded`);
      const remaining = payment.amount - payment.refundedAmount;
      if (amount > remaining) throw new AppError('CONFLICT', `At most ${formatPrice(remaining)} is left to refund on this payment`);
      return { before: payment, job: await queueRefund(tx, payment, amount, reason, payout) };
    },

    /**
     * Cash on Delivery: the order is confirmed with a payment for its total that is authorized, the
     * cash still to be collected, in the caller's transaction. Attempts still waiting for the
     * shopper (an OTP, a bank page) are given up; one in flight at the gateway makes this 409.
     */
    async authorizeCashOnDelivery(tx: DbOrTx, orderId: number, amount: number): Promise<number> {
      await repository.failWaitingAttempts(tx, orderId, 'Replaced by Cash on Delivery');
      if (await repository.hasAttemptInFlight(tx, orderId))
        throw new AppError('CONFLICT', 'A payment for this order is already being processed. Please wait a moment.');
      return repository.insertCashOnDelivery(tx, { orderId, amount, reference: `cod_${orderId}_${randomBytes(8).toString('hex')}` });
    },

    /** The courier has collected the cash: the order's Cash on Delivery payment is captured. */
    collectCash: (tx: DbOrTx, orderId: number) => repository.settleCashOnDelivery(tx, orderId, 'captured', null),

    /** The order was cancelled before delivery: its Cash on Delivery payment is cancelled, no money having changed hands. */
    cancelCashOnDelivery: (tx: DbOrTx, orderId: number, reason: string) =>
      repository.settleCashOnDelivery(tx, orderId, 'cancelled', reason),

    /**
     * Queues the refund of what is left of a captured payment, in the caller's transaction, and
     * returns the outbox job (run it after the commit), or undefined when nothing is left (the
     * payment is then closed as refunded).
     */
    async queueFullRefund(tx: DbOrTx, paymentId: number, reason: string): Promise<number | undefined> {
      const payment = await repository.findPayment(tx, paymentId);
      if (!payment || (payment.status !== 'captured' && payment.status !== 'partially_refunded')) return undefined;
      const remaining = payment.amount - payment.refundedAmount;
      if (remaining <= 0) {
        // Nothing can go back: closed, so the reconciler does not pick it up again on every pass.
        await repository.closeNothingToRefund(tx, payment.id);
        return undefined;
      }
      return queueRefund(tx, payment, remaining, reason);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
