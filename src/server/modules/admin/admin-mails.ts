import { formatPrice } from '#shared/money.ts';
import { describePayout, type PayoutDestination } from '#shared/schemas/orders.ts';
import type { StoreInfo } from '#shared/store-info.ts';

/** The admin area's mails: to a seller on its shop's approval, to a customer on a refund. */

/** The store's signature under the admin area's mails. */
export const signed = (store: StoreInfo, text: string) => `${text}\n\n${store.name} · ${store.supportEmail}`;

export function shopDecisionMail(store: StoreInfo, shop: { name: string }, decision: 'approve' | 'reject', reason?: string) {
  return {
    subject: decision === 'approve' ? `Your shop ${shop.name} is approved` : `Your shop ${shop.name} was not approved`,
    text:
      decision === 'approve'
        ? `Welcome to ${store.name}! You can now publish your products.`
        : `We could not approve your shop.\nReason: ${reason}\n\nReply to this mail if you can fix this.`,
  };
}

export function refundMail(refund: {
  amount: number;
  orderNumber: string;
  reason: string;
  payout?: PayoutDestination;
  cancelled: boolean;
  creditNotes: readonly string[];
}) {
  const { amount, orderNumber, reason, payout, cancelled, creditNotes } = refund;
  return {
    subject: `Refund of ${formatPrice(amount)} for order ${orderNumber}`,
    text:
      `We have refunded ${formatPrice(amount)} ${payout ? `to your ${describePayout(payout)}` : 'to your original payment method'} for order ${orderNumber}.\nReason: ${reason}${cancelled ? '\nThe order has been cancelled.' : ''}` +
      (creditNotes.length > 0
        ? `\nGST credit note${creditNotes.length > 1 ? 's' : ''} ${creditNotes.join(', ')}: on your order’s page, beside its tax invoice.`
        : '') +
      '\n\nRefunds reach UPI in 1–3 business days and cards in 5–7.',
  };
}
