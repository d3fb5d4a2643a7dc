import { formatPrice } from '#shared/money.ts';
import { orderNumber } from '#shared/order-number.ts';
import { formatPickupDate, RETURN_REASON_LABELS, RETURN_STATUS_LABELS, type ReturnStatus } from '#shared/returns.ts';
import type { ApproveReturnInput } from '#shared/schemas/returns.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { ReturnRow } from './returns.repository.ts';

/** The returns' mails to the customer: a request, a guest's confirmation link, and every step after. */

/** The store's signature under every returns mail. */
export const signed = (store: StoreInfo, text: string) => `${text}\n\n${store.name} · ${store.supportEmail} · ${store.phone}`;

/** The units a return is of, as the mails name them: "2 × LG 24MP400". */
export const what = (row: Pick<ReturnRow, 'quantity' | 'name'>) => `${row.quantity} × ${row.name}`;

/** What a request asks for: a replacement, or a refund of an amount (to a payout account, for cash paid on delivery). */
export const askFor = (resolution: ReturnRow['resolution'], amount: number, payout: string | null) =>
  resolution === 'replacement' ? 'a replacement' : `a refund of ${formatPrice(amount)}${payout ? ` to your ${payout}` : ''}`;

interface Request {
  number: string;
  /** the units, as `what` names them */
  units: string;
  ask: string;
  reason: ReturnRow['reason'];
  details: string;
}

const reasonLine = (request: Request) => `Reason: ${RETURN_REASON_LABELS[request.reason]}${request.details ? ` — ${request.details}` : ''}`;

/** A return requested: by a member on asking, by a guest on opening the mailed link (`confirming`). */
export function requestedMail(request: Request & { seller: string }, confirming = false) {
  return {
    subject: `Order ${request.number}: return requested`,
    text: `${confirming ? 'Thank you for confirming. ' : ''}We have your request to return ${request.units} from order ${request.number} for ${request.ask}.\n${reasonLine(request)}\n\n${request.seller} will arrange a pickup within 48 hours.`,
  };
}

/** A guest's request from /track: the link that confirms it. */
export function confirmRequestMail(request: Request & { link: string; hours: number }) {
  return {
    subject: `Order ${request.number}: please confirm your return request`,
    text: `A request to return ${request.units} from order ${request.number} for ${request.ask} was made at Order Tracking with this order's number and e-mail.\n${reasonLine(request)}\n\nTo confirm it, open this link within ${request.hours} hours:\n\n${request.link}\n\nThe seller sees the request only once it is confirmed. If you did not ask for it, ignore this mail: the request is dropped and nothing is refunded.`,
  };
}

/** The mail for a step, to the customer. */
export function stepMail(
  row: ReturnRow,
  to: ReturnStatus,
  extra: {
    pickup?: ApproveReturnInput;
    reason?: string;
    amount?: number;
    payout?: string | null;
    creditNote?: string | null;
    carrier?: string;
    trackingNumber?: string;
  },
) {
  const number = orderNumber(row.orderId);
  const lines: Record<ReturnStatus, string> = {
    requested: '',
    approved: `Your return of ${what(row)} from order ${number} is approved. ${extra.pickup?.carrier} will pick it up on ${extra.pickup ? formatPickupDate(extra.pickup.pickupDate) : ''}. Please pack it with its box, accessories and invoice.`,
    rejected: `Your return of ${what(row)} from order ${number} was not accepted by ${row.vendorName}.\nReason: ${extra.reason}\n\nReply to this mail if you would like us to look at it again.`,
    cancelled: `You cancelled your return of ${what(row)} from order ${number}. The item stays yours.`,
    picked_up: `${what(row)} from order ${number} has been picked up and is on its way back to ${row.vendorName}.`,
    received: `${row.vendorName} has received ${what(row)} from order ${number}.${row.resolution === 'replacement' ? ' Your replacement will be shipped soon.' : ''}`,
    refunded:
      `${row.vendorName} has received ${what(row)} from order ${number}. We have refunded ${formatPrice(extra.amount ?? 0)} ${extra.payout ? `to your ${extra.payout}` : 'to your original payment method'}.` +
      (extra.creditNote ? `\nGST credit note ${extra.creditNote}: on your order’s page, beside its tax invoice.` : '') +
      '\n\nRefunds reach UPI in 1–3 business days and cards in 5–7.',
    replacement_shipped: `Your replacement for ${what(row)} from order ${number} has been shipped with ${extra.carrier}, tracking number ${extra.trackingNumber}.`,
  };
  return { subject: `Order ${number}: ${RETURN_STATUS_LABELS[to].toLowerCase()}`, text: lines[to] };
}
