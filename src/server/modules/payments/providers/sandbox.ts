import { randomBytes } from 'node:crypto';
import { digitsOnly } from '#shared/payment-methods.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** Documented sandbox inputs (README, DESIGN.md). */
export const SANDBOX = {
  failingVpa: 'failure@upi',
  failingCard: '4000000000000002',
  otp: '123456',
} as const;

const reference = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

/**
 * The built-in "Test mode" provider: UPI succeeds for any VPA but failure@upi; Net Banking and
 * cards need the bank page or an OTP; card 4000 0000 0000 0002 is declined; the OTP is 123456.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    testMode: true,
    async charge(request) {
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
    },
    async confirm(_reference, confirmation) {
      if ('otp' in confirmation) {
        return confirmation.otp === SANDBOX.otp ? { status: 'captured' } : { status: 'failed', reason: 'The OTP was incorrect' };
      }
      return confirmation.bankOutcome === 'success' ? { status: 'captured' } : { status: 'failed', reason: 'The payment was not completed at the bank' };
    },
    async refund() {
      return { reference: reference('rfnd') };
    },
  };
}
