import type { ReactNode } from 'react';
import { formatPrice } from '#shared/money.ts';
import { formatPickupDate, RETURN_REASON_LABELS } from '#shared/returns.ts';
import { PAYMENT_METHOD_NAMES } from '#shared/schemas/orders.ts';
import type { ManagedReturn } from '#shared/schemas/returns.ts';
import { formatDate } from '#web/lib/format.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 wrap-break-word text-slate-900">{children}</dd>
    </>
  );
}

/** What is known of a return: reason, what the customer wants, payment, pickup, receipt and refund, and the customer's photos. */
export function ReturnFacts({ ret }: { ret: ManagedReturn }) {
  const cash = ret.paymentMethod === 'cod';
  return (
    <>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <Row label="Reason">
          {RETURN_REASON_LABELS[ret.reason]}
          {ret.details && <span className="block text-slate-700">“{ret.details}”</span>}
        </Row>
        <Row label="Customer wants">
          {ret.resolution === 'replacement' ? 'A replacement' : `A refund of ${formatPrice(ret.amount)}`}
          {ret.lineQuantity > 1 && ` (${ret.quantity} of ${ret.lineQuantity} bought)`}
        </Row>
        <Row label="Paid by">
          {ret.paymentMethod ? PAYMENT_METHOD_NAMES[ret.paymentMethod] : '—'}
          {cash && ret.payoutTo && `; refund to ${ret.payoutTo}`}
        </Row>
        {ret.pickup && <Row label="Pickup">{`${ret.pickup.carrier} on ${formatPickupDate(ret.pickup.date)}`}</Row>}
        {ret.rejectionReason && <Row label="Rejected because">{ret.rejectionReason}</Row>}
        {ret.restocked !== null && (
          <Row label="On receipt">{ret.restocked ? 'Back to stock (unopened)' : 'Not back to stock (damaged)'}</Row>
        )}
        {ret.refundedAt && <Row label="Refunded">{`${formatPrice(ret.amount)} on ${formatDate(ret.refundedAt)}`}</Row>}
        {ret.replacement && (
          <Row label="Replacement">{`${ret.replacement.carrier}, tracking number ${ret.replacement.trackingNumber}`}</Row>
        )}
      </dl>
      {ret.photos.length > 0 && (
        <ul aria-label="Customer’s photos" className="mt-3 flex flex-wrap gap-2">
          {ret.photos.map((photo, at) => (
            <li key={photo.id}>
              <a
                href={photo.url}
                target="_blank"
                rel="noreferrer"
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <img
                  src={photo.url}
                  alt={`Customer’s photo ${at + 1} of ${ret.product.name} (opens in a new tab)`}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-20 rounded-lg border border-slate-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
