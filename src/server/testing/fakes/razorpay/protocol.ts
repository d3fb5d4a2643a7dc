import { createHmac, randomBytes } from 'node:crypto';

/**
 * Razorpay's wire shapes, as its API reference documents them: amounts in paise, times in unix
 * seconds, ids as a prefix and 14 base62 characters, notes as an object (or `[]` when empty, as
 * the reference's samples show).
 */
export type Notes = Record<string, string> | never[];

export type PaymentMethod = 'upi' | 'card' | 'netbanking' | 'emi';

export interface RazorpayError {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: Record<string, string>;
  field?: string;
}

export interface OrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  invoice_id: null;
  international: false;
  method: PaymentMethod;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: string | null;
  card: {
    id: string;
    entity: 'card';
    name: string;
    last4: string;
    network: string;
    type: string;
    issuer: string | null;
    emi: boolean;
  } | null;
  bank: string | null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Notes;
  /** Razorpay's fee including GST, set at capture */
  fee: number | null;
  /** the GST share of `fee` */
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  emi_plan?: { issuer: string; type: string; rate: number; duration: number } | null;
  created_at: number;
}

export interface RefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'instant';
  speed_requested: 'normal' | 'optimum';
}

export interface SettlementEntity {
  id: string;
  entity: 'settlement';
  amount: number;
  status: 'created' | 'processed' | 'failed';
  /** Razorpay's fees in this settlement, GST excluded */
  fees: number;
  /** GST on those fees */
  tax: number;
  utr: string;
  created_at: number;
}

export interface Collection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `pay_` + 14 base62 characters, like `pay_29QQoUBi66xm2f`. */
export function razorpayId(prefix: string): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return prefix ? `${prefix}_${id}` : id;
}

export function unixSeconds(date: Date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}

/** HMAC-SHA256 hex of the raw body with the webhook secret: the `X-Razorpay-Signature` header. */
export function signWebhook(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The handler's `razorpay_signature`: HMAC-SHA256 hex of `order_id|payment_id` with the key secret. */
export function signPayment(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

export function razorpayError(description: string, extra: Partial<Omit<RazorpayError, 'description'>> = {}): { error: RazorpayError } {
  return {
    error: {
      code: extra.code ?? 'BAD_REQUEST_ERROR',
      description,
      source: extra.source ?? 'NA',
      step: extra.step ?? 'NA',
      reason: extra.reason ?? 'NA',
      metadata: extra.metadata ?? {},
      ...(extra.field === undefined ? {} : { field: extra.field }),
    },
  };
}

/** A request Razorpay refuses: its HTTP status and its error body. */
export class RazorpayApiError extends Error {
  readonly status: number;
  readonly body: { error: RazorpayError };
  constructor(status: number, description: string, extra: Partial<Omit<RazorpayError, 'description'>> = {}) {
    super(description);
    this.status = status;
    this.body = razorpayError(description, extra);
  }
}

export function badRequest(description: string, field?: string, reason = 'input_validation_failed'): RazorpayApiError {
  return new RazorpayApiError(400, description, { source: 'business', step: 'payment_initiation', reason, field });
}

/** Notes: at most 15 pairs of at most 256 characters; empty notes come back as `[]`. */
export function parseNotes(value: unknown): Notes {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('notes must be an object', 'notes');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 15) throw badRequest('Number of fields in notes should be less than or equal to 15', 'notes');
  const notes: Record<string, string> = {};
  for (const [key, note] of entries) {
    const text = typeof note === 'string' ? note : String(note);
    if (text.length > 256) throw badRequest('Notes values must not exceed 256 characters', 'notes');
    notes[key] = text;
  }
  return entries.length === 0 ? [] : notes;
}

/** What Razorpay's Checkout reports when a payment fails, by method. */
export function failureFor(method: PaymentMethod): Pick<RazorpayError, 'code' | 'description' | 'source' | 'step' | 'reason'> {
  switch (method) {
    case 'upi':
      return {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment was unsuccessful as the UPI request was declined by the customer.',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_cancelled',
      };
    case 'netbanking':
      return {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed because the transaction was declined by your bank.',
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_failed',
      };
    default:
      return {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment processing failed because of incorrect OTP',
        source: 'customer',
        step: 'payment_authentication',
        reason: 'incorrect_otp',
      };
  }
}
