import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { useOrderForCheckout } from '../api/checkout.ts';
import { ProductImage } from '#web/components/ui/product-image.tsx';

/** After a successful payment: the order number, items, total and delivery address. */
export function OrderConfirmation({ orderId }: { orderId: number }) {
  const order = useOrderForCheckout(orderId);
  // Paying left the focus on a button that is gone: it goes to what the shopper needs to hear.
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = order.isSuccess;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  if (order.isPending) return <Loading label="Loading your order…" />;
  if (order.isError) return <p role="alert" className="text-red-800">{order.error.message}</p>;
  const o = order.data;
  const a = o.address;
  // What was paid: cash is still to come on delivery; a bank's instant discount came off the card.
  const payment = o.payments.find((p) => p.status === 'captured' || p.status === 'authorized');
  const cash = payment?.method === 'cod';
  const offer = payment?.details.offer;
  return (
    <div className="mx-auto max-w-2xl">
      <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-center">
        <p aria-hidden="true" className="text-4xl">✓</p>
        <h1 ref={heading} tabIndex={-1} className="mt-2 text-2xl font-bold text-emerald-900 focus:outline-none">Thank you! Your order is {o.status === 'confirmed' ? 'confirmed' : o.displayStatus.toLowerCase()}.</h1>
        <p className="mt-1 text-emerald-900">
          Order number <strong data-testid="order-number">{o.number}</strong>. A confirmation e-mail is on its way.
        </p>
      </div>
      <section aria-labelledby="items-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="items-heading" className="text-lg font-semibold">Items</h2>
        <ul className="mt-2 divide-y divide-slate-100">
          {o.items.map((item) => (
            <li key={item.productId} className="flex gap-3 py-2 text-sm">
              <ProductImage src={item.image} alt="" width={64} height={48} className="aspect-[4/3] w-16 rounded border border-slate-200 object-cover" />
              <div className="flex-1">
                <p className="font-medium">{item.name}</p>
                <p className="text-slate-600">
                  {item.quantity} × {formatPrice(item.unitPrice)} · Sold by {item.vendor.name}
                </p>
              </div>
              <p className="font-semibold tabular-nums">{formatPrice(item.lineTotal)}</p>
            </li>
          ))}
        </ul>
        {o.coupon && o.discount > 0 && (
          <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">Subtotal</dt>
              <dd className="tabular-nums">{formatPrice(o.subtotal)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-emerald-800">
              <dt className="min-w-0 break-all">
                Coupon <span className="font-mono font-semibold">{o.coupon.code}</span>
              </dt>
              <dd className="font-medium whitespace-nowrap tabular-nums">−{formatPrice(o.discount)}</dd>
            </div>
          </dl>
        )}
        {offer && (
          <p className="mt-3 flex justify-between gap-3 border-t border-slate-200 pt-3 text-sm text-emerald-800">
            <span>Bank offer on your card</span>
            <span className="font-medium whitespace-nowrap tabular-nums">−{formatPrice(offer.discount)}</span>
          </p>
        )}
        <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 text-base font-bold">
          <span>{cash ? 'To pay on delivery' : 'Total paid'}</span>
          <span data-testid="order-total">{formatPrice(payment?.amount ?? o.total)}</span>
        </p>
        <p className="text-xs text-slate-500">Includes GST of {formatPrice(o.gst)}</p>
      </section>
      <section aria-labelledby="address-heading" className="mt-4 rounded-xl border border-slate-200 bg-white p-5 text-sm">
        <h2 id="address-heading" className="text-lg font-semibold">Delivering to</h2>
        <address className="mt-2 not-italic text-slate-700">
          {a.name}, {a.phone}
          <br />
          {a.line1}
          {a.line2 ? `, ${a.line2}` : ''}
          <br />
          {a.city}, {a.state} {a.pincode}
        </address>
      </section>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={paths.orderDetails(String(o.id))} className={buttonClass('primary')}>
          Track this order
        </Link>
        <Link to={paths.products()} className={buttonClass('secondary')}>
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
