import { useSearchParams } from 'react-router';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { OrderTracking, trackedNumber } from '#web/features/orders/components/order-tracking.tsx';

/** /track: Order Tracking by order number and e-mail, for anyone (the footer's link is /orders). */
export default function TrackRoute() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  return (
    <>
      {/* The page titles itself; it is per shopper, so not for search results. */}
      <meta name="robots" content="noindex, follow" />
      <OrderTracking signedIn={user !== null} initialNumber={trackedNumber(params.get('number'))} />
    </>
  );
}
