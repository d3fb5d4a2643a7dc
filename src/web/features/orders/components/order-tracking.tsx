import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { TrackOrder } from './track-order.tsx';

/** A number in the link (`?number=CB00000042`, as the confirmation mail has it), or none. */
export function trackedNumber(param: string | null): string {
  const number = param?.trim() ?? '';
  return /^CB\d{8}$/i.test(number) ? number.toUpperCase() : '';
}

/**
 * Order Tracking for anyone: an order found by its number and e-mail (no account needed) and,
 * for a visitor, sign-in beside it to see every order of the account. Shown at /track, and at
 * /orders to a visitor (a signed-in shopper sees the list of their orders there).
 */
export function OrderTracking({ signedIn, initialNumber = '' }: { signedIn: boolean; initialNumber?: string }) {
  const store = useStoreInfo();
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Order Tracking · ${store.name}`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Order Tracking</h1>
      <div className="mt-5 grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start">
        <section aria-labelledby="track-heading" className="min-w-0">
          <h2 id="track-heading" className="text-lg font-semibold text-slate-900">
            Track an order
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-700">
            Enter the order number and the e-mail it was placed with. No account is needed.
          </p>
          <TrackOrder initialNumber={initialNumber} />
        </section>
        {signedIn ? (
          <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 sm:p-5">
            Your account&apos;s orders are all in{' '}
            <Link to={paths.orders()} className="font-semibold text-brand-700 underline">
              My Orders
            </Link>
            .
          </p>
        ) : (
          <section aria-labelledby="orders-sign-in-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <h2 id="orders-sign-in-heading" className="text-lg font-semibold text-slate-900">
              Have an account?
            </h2>
            <p className="mt-1 text-sm text-slate-700">Sign in to see all your orders, track each one and ask for a return.</p>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <Link to={paths.login(paths.orders())} className={buttonClass('primary')}>
                Sign in
              </Link>
              <Link to={paths.register(paths.orders())} className="text-sm font-semibold text-brand-700 underline">
                Create an account
              </Link>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
