import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { paidBankOffer } from '#shared/bank-offers.ts';
import { formatPrice } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { formatIndianMobile } from '#web/components/address/format-mobile.ts';
import { TaxDocumentLinks } from '#web/components/ui/invoice-link.tsx';
import { BankOfferLine, CouponLine } from '#web/components/ui/order-totals.tsx';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { paths } from '#web/config/paths.ts';
import { card, cardHeading } from './order-card.ts';
import { TrackingTimeline } from './tracking-timeline.tsx';

/** Tracking means nothing before payment, or for an order cancelled before anything shipped. */
export function showsTracking(order: Order): boolean {
  if (order.fulfilments.length === 0 || order.status === 'pending_payment') return false;
  return !(order.status === 'cancelled' && order.fulfilments.every((f) => f.shippedAt === null));
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

/** Where the order goes: name, address and phone. */
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

/** Each seller's shipment with its tracking and its tax documents. */
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
