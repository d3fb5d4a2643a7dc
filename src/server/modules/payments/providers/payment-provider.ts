import type { PayoutDestination } from '#shared/schemas/orders.ts';
import type { CheckoutGateway } from '#shared/schemas/payment-gateway.ts';

/**
 * The PaymentProvider port. A gateway's own types stay in its file under providers/; the rest
 * of the store sees only these.
 *
 * Every call that moves money carries our idempotency key for it. Asking again with the same key
 * returns the first answer and never moves the money twice (Razorpay, Stripe and PayU all offer
 * this), so a call whose answer was lost in a crash can be repeated or looked up safely.
 */
export type ChargeRequest =
  | { method: 'upi'; amount: number; vpa: string }
  | { method: 'netbanking'; amount: number; bank: string }
  | {
      method: 'card' | 'emi';
      amount: number;
      card: { number: string; expiryMonth: number; expiryYear: number; cvv: string; name: string };
    };

export type ChargeOutcome =
  | { status: 'captured'; reference: string }
  | { status: 'failed'; reference: string; reason: string }
  /** the shopper must finish on the bank's page or enter an OTP */
  | { status: 'requires_action'; reference: string; action: 'bank' | 'otp' };

export type Confirmation = { otp: string } | { bankOutcome: 'success' | 'failure' };

export interface PaymentProvider {
  readonly name: string;
  readonly testMode: boolean;
  /** what the browser needs to know of the gateway to pay through it */
  readonly gateway: CheckoutGateway;
  charge(request: ChargeRequest, idempotencyKey: string): Promise<ChargeOutcome>;
  /** The shopper's OTP or bank answer; a charge already captured stays captured. */
  confirm(reference: string, confirmation: Confirmation): Promise<{ status: 'captured' } | { status: 'failed'; reason: string }>;
  /** What became of the charge made with this key; 'unknown' when the gateway never received it. */
  lookup(idempotencyKey: string): Promise<ChargeOutcome | { status: 'unknown' }>;
  refund(reference: string, amount: number, idempotencyKey: string): Promise<{ reference: string }>;
  /**
   * Sends money to a UPI ID or bank account (a payout, as RazorpayX offers): how money paid in
   * cash on delivery goes back.
   */
  payout(destination: PayoutDestination, amount: number, idempotencyKey: string): Promise<{ reference: string }>;
}
