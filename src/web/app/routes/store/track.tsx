import { useSearchParams } from 'react-router';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { OrderTracking, trackedNumber } from '#web/features/orders/components/order-tracking.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

/** /track: Order Tracking by order number and e-mail, for anyone (the footer's link is /orders). */
export default function TrackRoute() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const store = useStoreInfo();
  return (
    <>
      <title>{`Track your order · ${store.name}`}</title>
      <meta name="robots" content="noindex, follow" />
      <OrderTracking signedIn={user !== null} initialNumber={trackedNumber(params.get('number'))} />
    </>
  );
}
