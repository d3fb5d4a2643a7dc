import { PAISE_PER_RUPEE } from '#shared/money.ts';
import { PAYMENT_METHOD_NAMES } from '#shared/schemas/orders.ts';
import type { AdminPayment, PaymentStatus } from '../api/admin-payments.ts';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  created: 'Created',
  authorized: 'Authorised',
  captured: 'Captured',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

/** "22 Nov 2026, 3:45 pm": one format for the whole store. */
export { formatDateTime } from '#web/lib/format.ts';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The payment's details as safe to show: "Visa •••• 1111", the UPI ID, or the bank. */
export function maskedDetails(payment: Pick<AdminPayment, 'method' | 'details' | 'status'>): string | undefined {
  const { details } = payment;
  if (payment.method === 'card' || payment.method === 'emi') {
    const last4 = text(details.last4);
    const card = [text(details.network), last4 ? `•••• ${last4.slice(-4)}` : undefined].filter(Boolean).join(' ');
    const emi = details.emi as { months?: unknown } | undefined;
    const months = payment.method === 'emi' && typeof emi?.months === 'number' ? `${emi.months} months` : undefined;
    return [card || undefined, months].filter(Boolean).join(' · ') || undefined;
  }
  if (payment.method === 'upi') return text(details.vpa);
  if (payment.method === 'cod') return payment.status === 'authorized' ? 'Cash to collect on delivery' : undefined;
  return text(details.bank);
}

export function methodName(method: AdminPayment['method']): string {
  return PAYMENT_METHOD_NAMES[method];
}

/** "1299.5" or "₹1,299.50" typed by a person → paise; undefined when it is not an amount. */
export function rupeesToPaise(input: string): number | undefined {
  const cleaned = input.replace(/[₹,\s]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * PAISE_PER_RUPEE);
}

/** Paise as a plain rupee amount for an input: 129999 → "1299.99", 100000 → "1000". */
export function paiseToRupeesText(paise: number): string {
  const whole = Math.trunc(paise / PAISE_PER_RUPEE);
  const rest = paise % PAISE_PER_RUPEE;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
