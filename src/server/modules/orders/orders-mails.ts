import { RETURN_WINDOW_DAYS } from '#shared/returns.ts';
import type { StoreInfo } from '#shared/store-info.ts';

/** The orders' mails to the customer: a shipment packed, shipped or delivered. */

/**
 * The delivery mail's words on returns. A replacement unit cannot be returned from the order page
 * (only the lines first delivered can): a faulty one goes to support.
 */
function deliveredLine(store: StoreInfo, vendorName: string, replacements: number, items: number): string {
  const support = `if a replacement is faulty, please contact us at ${store.supportEmail} within ${RETURN_WINDOW_DAYS} days`;
  if (replacements === 0)
    return `Your items from ${vendorName} have been delivered. You can request a return within ${RETURN_WINDOW_DAYS} days.`;
  if (replacements === items)
    return `Your replacement from ${vendorName} has been delivered. It cannot be returned from the order page: ${support}.`;
  return `Your items from ${vendorName} have been delivered. You can request a return of the other items within ${RETURN_WINDOW_DAYS} days; ${support}.`;
}

/** A seller's step on its shipment; `replacements` and `delivered` count the shipment's lines (for a delivery). */
export function shipmentMail(
  store: StoreInfo,
  step: {
    step: 'pack' | 'ship' | 'deliver';
    status: string;
    orderNumber: string;
    vendorName: string;
    shipment?: { carrier: string; trackingNumber: string };
    items: ReadonlyArray<{ quantity: number; name: string }>;
    replacements: number;
    delivered: number;
  },
) {
  const what = step.items.map((item) => `  ${item.quantity} × ${item.name}`).join('\n');
  const line =
    step.step === 'pack'
      ? `${step.vendorName} has packed your items and will ship them soon.`
      : step.step === 'ship'
        ? `${step.vendorName} has shipped your items with ${step.shipment?.carrier}, tracking number ${step.shipment?.trackingNumber}.`
        : deliveredLine(store, step.vendorName, step.replacements, step.delivered);
  return {
    subject: `Order ${step.orderNumber}: ${step.status}`,
    text: `${line}\n${what}\n\n${store.name} · ${store.supportEmail}`,
  };
}
