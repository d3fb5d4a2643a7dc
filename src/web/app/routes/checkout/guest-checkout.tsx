import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { cartLines } from '#web/features/cart/cart-rules.ts';
import { useCart } from '#web/features/cart/hooks/use-cart.ts';
import { GuestCheckout } from '#web/features/checkout/components/guest-checkout.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function GuestCheckoutRoute() {
  const cart = useCart();
  const store = useStoreInfo();
  const [done, setDone] = useState<{ order: Order; email: string } | undefined>();
  const lines = cartLines(cart.items);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Checkout · ${store.name}`}</title>
      <h1 className="mb-4 text-2xl font-bold text-slate-900 sm:text-3xl">{done ? 'Thank you for your order' : 'Checkout'}</h1>
      {done ? (
        <div role="status" className="max-w-2xl space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950">
          <p className="text-lg font-semibold">Order {done.order.number} is confirmed.</p>
          <p className="break-words">
            We have mailed the details to {done.email}. Keep the order number: with it and your e-mail you can track the order at any time.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={`${paths.track()}?number=${done.order.number}`} className={buttonClass('primary')}>
              Track this order
            </Link>
            <Link to={paths.register()} className={buttonClass('secondary')}>
              Create an account
            </Link>
          </div>
          <p className="text-sm">Create an account with {done.email} and verify it: this order joins it.</p>
        </div>
      ) : lines.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold">Your cart is empty</p>
          <Link to={paths.products()} className={`${buttonClass('primary')} mt-4`}>
            Start shopping
          </Link>
        </div>
      ) : (
        <GuestCheckout
          lines={lines}
          onPaid={(order, email) => {
            cart.clear();
            setDone({ order, email });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </div>
  );
}
