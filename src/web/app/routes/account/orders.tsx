import { useSearchParams } from 'react-router';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { OrderTracking, trackedNumber } from '#web/features/orders/components/order-tracking.tsx';
import OrdersList from '#web/features/orders/components/orders-list.tsx';

/** /orders (Order Tracking in the footer): a shopper's own orders; a visitor tracks one by number and e-mail, or signs in. */
export default function OrdersRoute() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  if (!user) return <OrderTracking signedIn={false} initialNumber={trackedNumber(params.get('number'))} />;
  return <OrdersList />;
}
