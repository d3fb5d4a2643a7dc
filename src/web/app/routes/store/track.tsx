import { Link, useSearchParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { TrackOrder } from '#web/features/orders/components/track-order.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function TrackRoute() {
  const store = useStoreInfo();
  const [params] = useSearchParams();
  const number = params.get('number') ?? '';
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Track your order · ${store.name}`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Track your order</h1>
      <p className="mt-2 mb-5 text-slate-700">
        Enter the order number and the e-mail it was placed with. Signed in?{' '}
        <Link to={paths.orders()} className="font-semibold text-brand-700 underline">
          See all your orders
        </Link>
        .
      </p>
      <TrackOrder initialNumber={/^CB\d{8}$/i.test(number) ? number.toUpperCase() : ''} />
    </div>
  );
}
