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

export interface RefundOutcome {
  reference: string;
  /** absent: processed at once */
  status?: 'pending' | 'processed' | 'failed';
  /** the acquirer's reference number, when already known */
  arn?: string | null;
}

/** A payment as a hosted-checkout gateway reports it, in our terms (paise, our statuses). */
export interface GatewayPayment {
  /** the gateway's payment id (pay_…) */
  id: string;
  /** the gateway's order it pays (order_…) */
  orderId: string | null;
  amount: number;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** how much of it the gateway has refunded */
  amountRefunded: number;
  method: string;
  /** why it failed, when it did */
  error: string | null;
  createdAt: string;
  /** masked details for our records */
  details: { vpa?: string; bank?: string; network?: string; last4?: string };
}

export interface GatewaySettlement {
  id: string;
  amount: number;
  fees: number;
  tax: number;
  utr: string | null;
  settledAt: string;
}

/** A verified webhook, in our terms; `other` for an event we do not act on. */
export type GatewayEvent =
  | { kind: 'payment'; name: 'payment.captured' | 'payment.failed' | 'order.paid'; payment: GatewayPayment }
  | {
      kind: 'refund';
      name: 'refund.processed' | 'refund.failed';
      refund: { id: string; paymentId: string; amount: number; arn: string | null };
    }
  | { kind: 'other'; name: string };

/**
 * A gateway whose own page takes the shopper's card or UPI details (a hosted checkout, such as
 * Razorpay's Standard Checkout). We create the gateway's order for the amount, the shopper pays it
 * there, and we learn of the payment twice: from the browser (a signed answer) and from a signed
 * webhook; either, or a look-up, finishes it.
 */
export interface HostedCheckout {
  readonly keyId: string;
  readonly checkoutScriptUrl: string;
  /** Creates the gateway's order for `amount` paise; `receipt` is our attempt key. */
  startCheckout(amount: number, receipt: string): Promise<{ orderId: string }>;
  /** Whether the browser's answer is signed by the gateway for this order and payment (constant-time). */
  verifyReturn(answer: { orderId: string; paymentId: string; signature: string }): boolean;
  /** Whether a webhook's raw body carries the gateway's signature (constant-time). */
  verifyWebhook(rawBody: Buffer, signature: string): boolean;
  /** A verified webhook's body, in our terms. */
  parseWebhook(rawBody: Buffer): GatewayEvent;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  paymentsOfOrder(orderId: string): Promise<GatewayPayment[]>;
  /** Captures an authorized payment (a gateway set to capture by itself has done it). */
  capture(paymentId: string, amount: number): Promise<GatewayPayment>;
  paymentsBetween(from: Date, to: Date): Promise<GatewayPayment[]>;
  settlementsBetween(from: Date, to: Date): Promise<GatewaySettlement[]>;
}

export interface PaymentProvider {
  readonly name: string;
  readonly testMode: boolean;
  /** what the browser needs to know of the gateway to pay through it */
  readonly gateway: CheckoutGateway;
  /** set for a hosted-checkout gateway: the shopper pays on its page, never through charge() */
  readonly hosted?: HostedCheckout;
  charge(request: ChargeRequest, idempotencyKey: string): Promise<ChargeOutcome>;
  /** The shopper's OTP or bank answer; a charge already captured stays captured. */
  confirm(reference: string, confirmation: Confirmation): Promise<{ status: 'captured' } | { status: 'failed'; reason: string }>;
  /** What became of the charge made with this key; 'unknown' when the gateway never received it. */
  lookup(idempotencyKey: string): Promise<ChargeOutcome | { status: 'unknown' }>;
  /**
   * Refunds a captured charge. A gateway that settles refunds later answers `pending` and reports
   * the outcome (and the bank's ARN) by webhook; the sandbox refunds at once.
   */
  refund(reference: string, amount: number, idempotencyKey: string): Promise<RefundOutcome>;
  /**
   * Sends money to a UPI ID or bank account (a payout, as RazorpayX offers): how money paid in
   * cash on delivery goes back.
   */
  payout(destination: PayoutDestination, amount: number, idempotencyKey: string): Promise<{ reference: string }>;
}
