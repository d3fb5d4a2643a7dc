import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useCart } from '#web/features/cart/hooks/use-cart.ts';
import { isBuyNowOrder } from '#web/features/checkout/buy-now.ts';
import { OrderConfirmation } from '#web/features/checkout/components/order-confirmation.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function OrderSuccessRoute() {
  const [params] = useSearchParams();
  const { clear } = useCart();
  const store = useStoreInfo();
  const order = params.get('order') ?? '';
  const valid = /^[1-9]\d{0,14}$/.test(order);

  useEffect(() => {
    if (!valid) return;
    // The order is placed: the cart (unless it was bought with "Buy now") and this checkout's key are done with.
    if (!isBuyNowOrder(Number(order))) clear();
    window.sessionStorage.removeItem('checkout-key');
  }, [valid, clear, order]);

  if (!valid) return <Navigate to={paths.orders()} replace />;
  return (
    <div className="px-4 py-8 sm:px-6">
      <title>{`Order placed · ${store.name}`}</title>
      <OrderConfirmation orderId={Number(order)} />
    </div>
  );
}
