import { type EmiPlan, EMI_MIN_ORDER, emiQuote } from '#shared/emi.ts';
import { AppError } from '#shared/errors.ts';
import { formatPrice } from '#shared/money.ts';
import { detectNetwork, digitsOnly, expiryInFuture, luhnValid, NET_BANKING_BANKS } from '#shared/payment-methods.ts';
import type { Payment, PaymentInput } from '#shared/schemas/orders.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import * as repository from './payments.repository.ts';

export interface StartedPayment {
  payment: Payment;
  next: 'done' | 'otp' | 'bank' | 'retry';
}

export function createPaymentsService({ db, provider, emiPlans, now = () => new Date() }: { db: Db; provider: PaymentProvider; emiPlans: readonly EmiPlan[]; now?: () => Date }) {
  /** Masked details only: a card number and CVV never reach the database. */
  function details(input: PaymentInput, amount: number): Payment['details'] {
    switch (input.method) {
      case 'upi':
        return { vpa: input.vpa.toLowerCase() };
      case 'netbanking':
        return { bank: NET_BANKING_BANKS.find((bank) => bank.code === input.bank)?.name ?? input.bank };
      case 'card':
      case 'emi': {
        const number = digitsOnly(input.card.number);
        if (!luhnValid(number)) throw new AppError('VALIDATION_FAILED', 'The card number is not valid');
        const network = detectNetwork(number);
        if (!network) throw new AppError('VALIDATION_FAILED', 'We accept Visa, Mastercard, RuPay, American Express, Diners Club and Discover cards');
        if (!expiryInFuture(input.card.expiryMonth, input.card.expiryYear, now())) throw new AppError('VALIDATION_FAILED', 'The card has expired or the expiry date is not valid');
        const card = { network, last4: number.slice(-4) };
        if (input.method === 'card') return card;
        if (amount < EMI_MIN_ORDER) throw new AppError('VALIDATION_FAILED', `EMI is available on orders of ${formatPrice(EMI_MIN_ORDER)} or more`);
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

  return {
    testMode: provider.testMode,
    find: (id: number) => repository.findPayment(db, id),
    ofOrders: (orderIds: readonly number[], tx?: DbOrTx) => repository.paymentsOfOrders(tx ?? db, orderIds),

    /** Records the attempt and asks the provider; the payment says what the shopper does next. */
    async start(orderId: number, amount: number, input: PaymentInput): Promise<StartedPayment> {
      const masked = details(input, amount);
      const outcome = await provider.charge(
        input.method === 'upi'
          ? { method: 'upi', amount, vpa: input.vpa }
          : input.method === 'netbanking'
            ? { method: 'netbanking', amount, bank: input.bank }
            : { method: input.method, amount, card: input.card },
      );
      const status = outcome.status === 'captured' ? 'captured' : outcome.status === 'failed' ? 'failed' : 'created';
      const id = await repository.insertPayment(db, {
        orderId,
        method: input.method,
        amount,
        status,
        provider: provider.name,
        reference: outcome.reference,
        details: masked,
        failureReason: outcome.status === 'failed' ? outcome.reason : null,
      });
      const next = outcome.status === 'captured' ? 'done' : outcome.status === 'failed' ? 'retry' : outcome.action;
      return { payment: await require(id), next };
    },

    /** The OTP or the bank page's answer for a payment waiting on it. */
    async confirm(paymentId: number, confirmation: { otp: string } | { bankOutcome: 'success' | 'failure' }): Promise<StartedPayment> {
      const payment = await require(paymentId);
      const expected = payment.method === 'netbanking' ? 'bankOutcome' : 'otp';
      if (payment.status !== 'created' || !(expected in confirmation)) {
        throw new AppError('CONFLICT', payment.status === 'created' ? 'This payment is not waiting for that step' : 'This payment is already complete');
      }
      const result = await provider.confirm(payment.reference, confirmation);
      const moved =
        result.status === 'captured'
          ? await repository.updatePaymentStatus(db, paymentId, ['created'], 'captured')
          : await repository.updatePaymentStatus(db, paymentId, ['created'], 'failed', result.reason);
      if (!moved) throw new AppError('CONFLICT', 'This payment is already complete');
      const updated = await require(paymentId);
      return { payment: updated, next: updated.status === 'captured' ? 'done' : 'retry' };
    },

    /** Marks payments still waiting on a step as failed (the order was cancelled or expired). */
    async abandon(payments: readonly Payment[], reason: string, tx: DbOrTx = db): Promise<void> {
      for (const payment of payments) {
        if (payment.status === 'created') await repository.updatePaymentStatus(tx, payment.id, ['created'], 'failed', reason);
      }
    },

    list: (filter: repository.PaymentFilter, page: number, pageSize: number) => repository.listPayments(db, filter, page, pageSize),
    refundsOf: (paymentId: number) => repository.refundsOf(db, paymentId),

    /** A full or partial refund: never more than was captured minus earlier refunds. */
    async refund(paymentId: number, amount: number, reason: string): Promise<void> {
      const payment = await repository.findPayment(db, paymentId);
      if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
      if (payment.status !== 'captured' && payment.status !== 'partially_refunded') throw new AppError('CONFLICT', `A ${payment.status} payment cannot be refunded`);
      const remaining = payment.amount - payment.refundedAmount;
      if (amount > remaining) throw new AppError('CONFLICT', `At most ${formatPrice(remaining)} is left to refund on this payment`);
      if (!(await repository.claimRefund(db, payment.id, payment.refundedAmount, amount, payment.refundedAmount + amount === payment.amount))) {
        throw new AppError('CONFLICT', 'This payment changed meanwhile; please reload');
      }
      try {
        const { reference } = await provider.refund(payment.reference, amount);
        await repository.recordRefund(db, payment.id, amount, reference, reason);
      } catch (error) {
        await repository.releaseRefundClaim(db, payment.id, payment.refundedAmount, payment.status);
        throw error;
      }
    },

    /**
     * Refunds what is left of a captured payment through the provider. The amount is claimed
     * first with a guarded update, so concurrent refunders cannot refund the same money twice.
     * Call it outside any transaction: the provider's refund cannot be rolled back.
     */
    async refundInFull(paymentId: number, reason: string): Promise<number> {
      const payment = await repository.findPayment(db, paymentId);
      if (!payment || (payment.status !== 'captured' && payment.status !== 'partially_refunded')) return 0;
      const remaining = payment.amount - payment.refundedAmount;
      if (remaining <= 0) return 0;
      if (!(await repository.claimRefund(db, payment.id, payment.refundedAmount, remaining, true))) return 0;
      try {
        const { reference } = await provider.refund(payment.reference, remaining);
        await repository.recordRefund(db, payment.id, remaining, reference, reason);
      } catch (error) {
        await repository.releaseRefundClaim(db, payment.id, payment.refundedAmount, payment.status);
        throw error;
      }
      return remaining;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
