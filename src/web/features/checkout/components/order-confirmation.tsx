import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paidBankOffer } from '#shared/bank-offers.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { OrderReceipt } from '#web/components/ui/order-totals.tsx';
import { paths } from '#web/config/paths.ts';
import { useExpectedDelivery, useOrderForCheckout } from '../api/checkout.ts';

/** After a successful payment: the order number, items, total and delivery address. */
export function OrderConfirmation({ orderId }: { orderId: number }) {
  const order = useOrderForCheckout(orderId);
  const expected = useExpectedDelivery(order.data);
  // Paying left the focus on a button that is gone: it goes to what the shopper needs to hear.
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = order.isSuccess;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  if (order.isPending) return <Loading label="Loading your order…" />;
  if (order.isError)
    return (
      <p role="alert" className="text-red-800">
        {order.error.message}
      </p>
    );
  const o = order.data;
  return (
    <div className="mx-auto max-w-2xl">
      <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-center">
        <p aria-hidden="true" className="text-4xl">
          ✓
        </p>
        <h1 ref={heading} tabIndex={-1} className="mt-2 text-2xl font-bold text-emerald-900 focus:outline-none">
          Thank you! Your order is {o.status === 'confirmed' ? 'confirmed' : o.displayStatus.toLowerCase()}.
        </h1>
        <p className="mt-1 text-emerald-900">
          Order number <strong data-testid="order-number">{o.number}</strong>. A confirmation e-mail is on its way.
        </p>
      </div>
      <OrderReceipt order={o} bankOffer={paidBankOffer(o.payments)} expectedBy={expected.data} />
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
