import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { cartLines } from '#web/features/cart/cart-rules.ts';
import { useCart } from '#web/features/cart/hooks/use-cart.ts';
import { guestOrderEmail, useGuestOrder } from '#web/features/checkout/api/guest-checkout.ts';
import { buyNowLine, isBuyNowOrder } from '#web/features/checkout/buy-now.ts';
import { EmptyCheckout } from '#web/features/checkout/components/empty-checkout.tsx';
import { GuestCheckout } from '#web/features/checkout/components/guest-checkout.tsx';
import { GuestOrderConfirmation } from '#web/features/checkout/components/guest-order-confirmation.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

const ID = /^[1-9]\d{0,14}$/;

/**
 * Checkout without an account: the cart, or with "Buy now" one item alone (the cart left as it
 * is). `?order=` is a guest order of this tab: its confirmation once paid, else its payment step
 * again (after a failed bank page, say).
 */
export default function GuestCheckoutRoute() {
  const cart = useCart();
  const store = useStoreInfo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orderId = ID.test(params.get('order') ?? '') ? Number(params.get('order')) : undefined;
  const buyNow = orderId === undefined ? buyNowLine(params) : undefined;
  const lines = buyNow ? [buyNow] : cartLines(cart.items);
  const placed = useGuestOrder(orderId);
  const done = placed.data !== undefined && placed.data.status !== 'pending_payment';
  const clear = cart.clear;

  useEffect(() => {
    if (!done || orderId === undefined) return;
    // The order is placed: the cart (unless it was bought with "Buy now") and this checkout's key are done with.
    if (!isBuyNowOrder(orderId)) clear();
    window.sessionStorage.removeItem('guest-checkout-key');
  }, [done, orderId, clear]);

  const signInPath = `${paths.login()}?redirectTo=${encodeURIComponent(buyNow ? paths.buyNow(buyNow.productId, buyNow.offerId ?? null, buyNow.quantity) : paths.checkout())}`;

  let content;
  if (orderId !== undefined && placed.isPending) content = <Loading label="Loading your order…" />;
  else if (orderId !== undefined && placed.isError) {
    content = (
      <div role="alert" className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5">
        <p className="font-semibold">{placed.error.message}</p>
        <Link to={paths.track()} className={`${buttonClass('secondary')} mt-3`}>
          Track an order
        </Link>
      </div>
    );
  } else if (done) content = <GuestOrderConfirmation order={placed.data} email={guestOrderEmail(placed.data.id)} />;
  else if (orderId === undefined && lines.length === 0) content = <EmptyCheckout />;
  else {
    content = (
      <GuestCheckout
        key={orderId ?? (buyNow ? `buy-now:${buyNow.productId}:${buyNow.offerId ?? ''}:${buyNow.quantity}` : 'cart')}
        lines={lines}
        buyNow={buyNow !== undefined}
        signInPath={signInPath}
        resumeOrderId={orderId}
        initialError={
          params.get('failed') ? 'The payment was not completed at the bank. You can try again with any payment method.' : undefined
        }
        onPaid={(id) => {
          void queryClient.invalidateQueries({ queryKey: ['guest-orders', id] });
          void navigate(paths.guestOrder(id));
          window.scrollTo({ top: 0 });
        }}
        onBank={(paymentId, id) => void navigate(paths.guestBank(paymentId, id))}
      />
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Checkout · ${store.name}`}</title>
      <h1 className="mb-4 text-2xl font-bold text-slate-900 sm:text-3xl">{done ? 'Thank you for your order' : 'Checkout'}</h1>
      {buyNow && !done && (
        <p className="mb-4 rounded-lg bg-brand-50 px-4 py-2 text-sm text-brand-900">
          Buy now: only this item is ordered. Your cart stays as it is.
        </p>
      )}
      {content}
    </div>
  );
}
