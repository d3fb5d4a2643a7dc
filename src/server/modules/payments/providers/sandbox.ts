import { randomBytes } from 'node:crypto';
import { digitsOnly } from '#shared/payment-methods.ts';
import type { Db } from '#server/db/database.ts';
import type { ChargeOutcome, ChargeRequest, PaymentProvider } from './payment-provider.ts';
import * as ledger from './sandbox-ledger.repository.ts';

/** Documented sandbox inputs (README, DESIGN.md). */
export const SANDBOX = {
  failingVpa: 'failure@upi',
  failingCard: '4000000000000002',
  otp: '123456',
} as const;

const reference = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

function decide(request: ChargeRequest): ChargeOutcome {
  switch (request.method) {
    case 'upi':
      return request.vpa.toLowerCase() === SANDBOX.failingVpa
        ? { status: 'failed', reference: reference('upi'), reason: 'The UPI payment was declined by the payer’s bank' }
        : { status: 'captured', reference: reference('upi') };
    case 'netbanking':
      return { status: 'requires_action', reference: reference('nb'), action: 'bank' };
    case 'card':
    case 'emi':
      return digitsOnly(request.card.number) === SANDBOX.failingCard
        ? { status: 'failed', reference: reference('card'), reason: 'The card was declined by the issuing bank' }
        : { status: 'requires_action', reference: reference('card'), action: 'otp' };
  }
}

export interface SandboxProvider extends PaymentProvider {
  /** Tests: the sandbox gateway refuses refunds while this is set, as a real one does in an outage. */
  refundsFailWith: string | null;
}

/**
 * The built-in "Test mode" provider: UPI succeeds for any VPA but failure@upi; Net Banking and
 * cards need the bank page or an OTP; card 4000 0000 0000 0002 is declined; the OTP is 123456.
 *
 * Like a real gateway it remembers every charge and refund under our idempotency key, in its own
 * table (sandbox_gateway), so a retried call returns the first answer and a lost answer can be
 * looked up after a crash.
 */
export function createSandboxProvider({ db }: { db: Db }): SandboxProvider {
  const provider: SandboxProvider = {
    name: 'sandbox',
    testMode: true,
    gateway: { provider: 'sandbox' },
    refundsFailWith: null,

    async charge(request, idempotencyKey) {
      const known = await ledger.findByKey(db, idempotencyKey);
      if (known) return ledger.outcomeOf(known);
      const outcome = decide(request);
      const recorded = await ledger.recordCharge(db, idempotencyKey, request, outcome);
      return ledger.outcomeOf(recorded);
    },

    async confirm(chargeReference, confirmation) {
      const charge = await ledger.findByReference(db, chargeReference);
      if (!charge) return { status: 'failed', reason: 'The bank has no record of this payment' };
      if (charge.status === 'captured' || charge.status === 'refunded') return { status: 'captured' };
      if (charge.status === 'failed') return { status: 'failed', reason: charge.reason ?? 'The payment failed' };
      const outcome =
        'otp' in confirmation
          ? confirmation.otp === SANDBOX.otp
            ? ({ status: 'captured' } as const)
            : ({ status: 'failed', reason: 'The OTP was incorrect' } as const)
          : confirmation.bankOutcome === 'success'
            ? ({ status: 'captured' } as const)
            : ({ status: 'failed', reason: 'The payment was not completed at the bank' } as const);
      // Only the first answer to a waiting charge counts, as at a bank.
      await ledger.settle(db, chargeReference, outcome.status, outcome.status === 'failed' ? outcome.reason : null);
      const settled = await ledger.findByReference(db, chargeReference);
      return settled?.status === 'captured'
        ? { status: 'captured' }
        : { status: 'failed', reason: settled?.reason ?? outcome.reason ?? 'The payment failed' };
    },

    async lookup(idempotencyKey) {
      const known = await ledger.findByKey(db, idempotencyKey);
      return known ? ledger.outcomeOf(known) : { status: 'unknown' };
    },

    async refund(chargeReference, amount, idempotencyKey) {
      if (provider.refundsFailWith) throw new Error(provider.refundsFailWith);
      const known = await ledger.findByKey(db, idempotencyKey);
      if (known) return { reference: known.reference };
      return { reference: await ledger.recordRefund(db, idempotencyKey, chargeReference, amount, reference('rfnd')) };
    },

    async payout(destination, amount, idempotencyKey) {
      if (provider.refundsFailWith) throw new Error(provider.refundsFailWith);
      if ('upi' in destination && destination.upi === SANDBOX.failingVpa) throw new Error('The bank refused the payout to this UPI ID');
      const known = await ledger.findByKey(db, idempotencyKey);
      if (known) return { reference: known.reference };
      return { reference: await ledger.recordPayout(db, idempotencyKey, amount, reference('pout')) };
    },
  };
  return provider;
}
