import { formatPrice } from '#shared/money.ts';
import type { Payment } from '#shared/schemas/orders.ts';

const PAYMENT_STATUS: Record<Payment['status'], { label: string; tone: string }> = {
  created: { label: 'Pending', tone: 'text-amber-800' },
  authorized: { label: 'Authorised', tone: 'text-blue-800' },
  captured: { label: 'Paid', tone: 'text-emerald-700' },
  failed: { label: 'Failed', tone: 'text-red-700' },
  cancelled: { label: 'Cancelled', tone: 'text-slate-700' },
  refunded: { label: 'Refunded', tone: 'text-slate-700' },
  partially_refunded: { label: 'Partially refunded', tone: 'text-slate-700' },
};

/** Masked details only, as the API keeps them: "name@okaxis", "HDFC Bank", "Visa •••• 1111", the EMI plan. */
export function paymentDetails(payment: Payment): string[] {
  const offer = payment.details.offer ? [`${payment.details.offer.title}: ${formatPrice(payment.details.offer.discount)} off`] : [];
  return [...methodDetails(payment), ...offer];
}

function methodDetails({ method, details }: Payment): string[] {
  const cardLine = details.last4 ? `${details.network ?? 'Card'} •••• ${details.last4}` : details.network;
  switch (method) {
    case 'upi':
      return details.vpa ? [details.vpa] : [];
    case 'netbanking':
      return details.bank ? [details.bank] : [];
    case 'card':
      return cardLine ? [cardLine] : [];
    case 'emi':
      return [
        ...(cardLine ? [cardLine] : []),
        ...(details.emi
          ? [`${details.emi.months} months × ${formatPrice(details.emi.monthly)} (interest ${formatPrice(details.emi.interest)})`]
          : []),
      ];
    case 'cod':
      return ['In cash or by UPI to the courier, on delivery'];
  }
}

/**
 * Cash on Delivery waiting for the courier reads "To pay on delivery", not "Authorised"; an
 * attempt the shopper never finished reads "Abandoned: not charged", not as a second charge
 * pending beside the paid one.
 */
export function statusOf(payment: Payment) {
  if (payment.abandoned) return { label: 'Abandoned: not charged', tone: 'text-slate-600' };
  return payment.method === 'cod' && payment.status === 'authorized'
    ? { label: 'To pay on delivery', tone: 'text-amber-800' }
    : PAYMENT_STATUS[payment.status];
}
