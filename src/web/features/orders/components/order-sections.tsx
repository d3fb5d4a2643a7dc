import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { paidBankOffer } from '#shared/bank-offers.ts';
import { formatPrice } from '#shared/money.ts';
import { type Order, PAYMENT_METHOD_NAMES, type Payment } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { formatIndianMobile } from '#web/components/address/format-mobile.ts';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/lib/format.ts';
import { formatDateTime, formatTime } from '../format-date-time.ts';
import { TaxDocumentLinks } from '#web/components/ui/invoice-link.tsx';
import { BankOfferLine, CouponLine } from '#web/components/ui/order-totals.tsx';
import { TrackingTimeline } from './tracking-timeline.tsx';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { PaymentRefunds } from './payment-refunds.tsx';

export const card = 'rounded-xl border border-slate-200 bg-white';
export const cardHeading = 'text-lg font-semibold text-slate-900';

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
function paymentDetails(payment: Payment): string[] {
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
function statusOf(payment: Payment) {
  if (payment.abandoned) return { label: 'Abandoned: not charged', tone: 'text-slate-600' };
  return payment.method === 'cod' && payment.status === 'authorized'
    ? { label: 'To pay on delivery', tone: 'text-amber-800' }
    : PAYMENT_STATUS[payment.status];
}

/** Tracking means nothing before payment, or for an order cancelled before anything shipped. */
export function showsTracking(order: Order): boolean {
  if (order.fulfilments.length === 0 || order.status === 'pending_payment') return false;
  return !(order.status === 'cancelled' && order.fulfilments.every((f) => f.shippedAt === null));
}

export function Notice({ tone, children }: { tone: 'amber' | 'slate' | 'orange'; children: ReactNode }) {
  const tones = {
    amber: 'border-amber-300 bg-amber-50 text-amber-950',
    slate: 'border-slate-300 bg-slate-50 text-slate-800',
    orange: 'border-orange-200 bg-orange-50 text-orange-950',
  };
  return <div className={`rounded-xl border p-4 text-sm ${tones[tone]}`}>{children}</div>;
}

/** The order's lines; `extra` adds under a line what may be done with it (a return). */
export function ItemsSection({ order, extra }: { order: Order; extra?: (item: Order['items'][number]) => ReactNode }) {
  return (
    <section aria-labelledby="order-items-heading" className={card}>
      <h2 id="order-items-heading" className={`${cardHeading} px-4 pt-4 sm:px-5`}>
        Items
      </h2>
      <ul className="divide-y divide-slate-200">
        {order.items.map((item) => (
          <li key={item.id} className="p-4 sm:px-5">
            <div className="flex gap-3 sm:gap-4">
              {item.image ? (
                <ProductImage
                  src={item.image}
                  alt={item.name}
                  width={96}
                  height={72}
                  loading="lazy"
                  className="aspect-[4/3] w-20 shrink-0 rounded-lg border border-slate-200 object-cover sm:w-24"
                />
              ) : (
                <span aria-hidden="true" className="aspect-[4/3] w-20 shrink-0 rounded-lg border border-slate-200 bg-slate-100 sm:w-24" />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">
                  <Link to={paths.product(item.productId)} className="hover:text-brand-700 hover:underline">
                    {item.name}
                  </Link>
                </p>
                {item.vendor.name && <p className="text-sm text-slate-600">Sold by {item.vendor.name}</p>}
                <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <p className="text-slate-700 tabular-nums">
                    <span aria-hidden="true">
                      {item.quantity} × {formatPrice(item.unitPrice)}
                    </span>
                    <span className="sr-only">
                      Quantity {item.quantity} at {formatPrice(item.unitPrice)} each
                    </span>
                  </p>
                  <p className="font-semibold text-slate-900 tabular-nums">
                    <span className="sr-only">Line total </span>
                    {item.replacementFor !== null ? 'Replacement, free' : formatPrice(item.lineTotal)}
                  </p>
                </div>
              </div>
            </div>
            {extra?.(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The order's total and its lines; a bank's offer on the card is one of them, so they add up to what was paid. */
export function PriceSection({ order }: { order: Order }) {
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const offer = paidBankOffer(order.payments);
  return (
    <section aria-labelledby="order-price-heading" className={`${card} p-4 sm:p-5`}>
      <h2 id="order-price-heading" className={cardHeading}>
        Price details
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">
            Subtotal ({count} {count === 1 ? 'item' : 'items'})
          </dt>
          <dd className="font-medium tabular-nums">{formatPrice(order.subtotal)}</dd>
        </div>
        {order.coupon && order.discount > 0 && <CouponLine code={order.coupon.code} discount={order.discount} />}
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Delivery</dt>
          <dd className="font-medium tabular-nums">{order.shipping === 0 ? 'Free' : formatPrice(order.shipping)}</dd>
        </div>
        {offer && <BankOfferLine offer={offer} />}
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold">{offer ? 'Total paid' : 'Total'}</dt>
          <dd className="font-bold tabular-nums">{formatPrice(order.total - (offer?.discount ?? 0))}</dd>
        </div>
        <div className="flex justify-between gap-3 text-xs text-slate-500">
          <dt>GST included</dt>
          <dd className="tabular-nums">{formatPrice(order.gst)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function AddressSection({ order }: { order: Order }) {
  const { address } = order;
  return (
    <section aria-labelledby="order-address-heading" className={`${card} p-4 sm:p-5`}>
      <h2 id="order-address-heading" className={cardHeading}>
        Delivery address
      </h2>
      <address className="mt-2 text-sm break-words text-slate-700 not-italic">
        <span className="block font-semibold text-slate-900">{address.name}</span>
        <span className="block">{address.line1}</span>
        {address.line2 && <span className="block">{address.line2}</span>}
        <span className="block">
          {address.city}, {address.state} {address.pincode}
        </span>
        <span className="mt-1 block">Phone: {formatIndianMobile(address.phone)}</span>
      </address>
    </section>
  );
}

export function PaymentsSection({ payments }: { payments: Payment[] }) {
  return (
    <section aria-labelledby="order-payments-heading" className={card}>
      <h2 id="order-payments-heading" className={`${cardHeading} px-4 pt-4 sm:px-5`}>
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 sm:px-5">No payment has been made for this order yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {payments.map((payment) => {
            const status = statusOf(payment);
            return (
              <li key={payment.id} className="p-4 text-sm sm:px-5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-semibold text-slate-900">{PAYMENT_METHOD_NAMES[payment.method]}</p>
                  <p className={`tabular-nums ${payment.abandoned ? 'text-slate-500' : 'font-semibold text-slate-900'}`}>
                    {formatPrice(payment.amount)}
                  </p>
                </div>
                {paymentDetails(payment).map((line) => (
                  <p key={line} className="break-words text-slate-700">
                    {line}
                  </p>
                ))}
                <p className="mt-1 text-slate-600">
                  Status: <span className={`font-semibold ${status.tone}`}>{status.label}</span>,{' '}
                  <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
                </p>
                <PaymentRefunds payment={payment} />
                {(payment.status === 'failed' || payment.status === 'cancelled') && payment.failureReason && (
                  <p className={`mt-1 ${payment.abandoned ? 'text-slate-700' : 'text-red-800'}`}>Reason: {payment.failureReason}</p>
                )}
                <p className="mt-1 text-xs break-all text-slate-500">Reference {payment.reference}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function TrackingSection({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-tracking-heading" className="space-y-4">
      <h2 id="order-tracking-heading" className={cardHeading}>
        Tracking
      </h2>
      {order.fulfilments.map((fulfilment) => {
        const headingId = `fulfilment-${fulfilment.id}-heading`;
        return (
          <section key={fulfilment.id} aria-labelledby={headingId} className={`${card} p-4 sm:p-5`}>
            <h3 id={headingId} className="mb-4 font-semibold break-words text-slate-900">
              Shipment from {fulfilment.vendor.name}
            </h3>
            <TrackingTimeline
              fulfilment={fulfilment}
              orderDate={order.orderDate}
              cancelledAt={order.cancelledAt}
              label={`Tracking for the shipment from ${fulfilment.vendor.name}`}
            />
            {fulfilment.invoice && <TaxDocumentLinks invoice={fulfilment.invoice} creditNotes={fulfilment.creditNotes} className="mt-4" />}
          </section>
        );
      })}
    </section>
  );
}

export function StatusNotices({ order }: { order: Order }) {
  const refunded = order.payments.reduce((sum, payment) => sum + payment.refundedAmount, 0);
  const paid = order.payments.some((payment) => ['captured', 'refunded', 'partially_refunded'].includes(payment.status));
  return (
    <>
      {order.canPay && order.payBy && (
        <Notice tone="amber">
          <p className="font-semibold">
            Awaiting payment — complete payment by <time dateTime={order.payBy}>{formatTime(order.payBy)}</time>
          </p>
          <p className="mt-1">Unpaid orders are cancelled automatically and their items released.</p>
          <Link to={`${paths.checkout()}?order=${order.id}`} className={`${buttonClass('primary')} mt-3`}>
            Complete payment
          </Link>
        </Notice>
      )}
      {order.status === 'pending_payment' && !order.canPay && (
        <Notice tone="amber">
          <p>The time to pay for this order has run out. It will be cancelled shortly.</p>
        </Notice>
      )}
      {order.status === 'cancelled' && (
        <Notice tone="slate">
          <p className="font-semibold">
            {order.cancelledAt ? (
              <>
                Cancelled on <time dateTime={order.cancelledAt}>{formatDate(order.cancelledAt)}</time>
              </>
            ) : (
              'This order was cancelled'
            )}
          </p>
          {refunded > 0 ? (
            <p className="mt-1">{formatPrice(refunded)} has been refunded to the original payment method.</p>
          ) : (
            !paid && <p className="mt-1">No payment was taken for this order.</p>
          )}
        </Notice>
      )}
      {order.returnReason && order.status !== 'cancelled' && (
        <Notice tone={order.status === 'refunded' ? 'slate' : 'orange'}>
          <p className="font-semibold">
            {order.status === 'refunded' && refunded > 0
              ? `Returned and refunded: ${formatPrice(refunded)} to the original payment method`
              : order.status === 'return_requested'
                ? 'Return requested'
                : 'Return'}
          </p>
          <p className="mt-1 break-words">Your reason: {order.returnReason}</p>
        </Notice>
      )}
    </>
  );
}
