import { formatPrice } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { StoreInfo } from '#shared/store-info.ts';

/** The checkout's mails to the customer: an order confirmed, an order cancelled. */

/** The store's signature under every checkout mail. */
export const signed = (store: StoreInfo, text: string) => `${text}\n\n${store.name} · ${store.supportEmail} · ${store.phone}`;

function itemLines(order: Order): string {
  return order.items
    .map((item) => `  ${item.quantity} × ${item.name} — ${formatPrice(item.lineTotal)} (sold by ${item.vendor.name})`)
    .join('\n');
}

export function confirmationMail(store: StoreInfo, order: Order, cashOnDelivery = false) {
  const address = order.address;
  const total = cashOnDelivery
    ? `To pay on delivery: ${formatPrice(order.total)} (includes GST of ${formatPrice(order.gst)}), in cash or by UPI to the courier`
    : `Total paid: ${formatPrice(order.total)} (includes GST of ${formatPrice(order.gst)})`;
  return {
    subject: `Your ${store.name} order ${order.number} is confirmed`,
    text: `Thank you for your order.\n\nOrder ${order.number}\n${itemLines(order)}\n\n${total}\n\nDelivering to:\n  ${address.name}, ${address.phone}\n  ${address.line1}${address.line2 ? `, ${address.line2}` : ''}\n  ${address.city}, ${address.state} ${address.pincode}`,
  };
}

/** The customer's own cancellation; `refunded` is what goes back to them (0: nothing was paid). */
export function cancelledMail(store: StoreInfo, order: Order, refunded: number) {
  return {
    subject: `Your ${store.name} order ${order.number} is cancelled`,
    text: `Order ${order.number} has been cancelled.\n${itemLines(order)}\n\n${refunded > 0 ? `A refund of ${formatPrice(refunded)} has been issued to your original payment method.` : 'No payment was taken.'}`,
  };
}
