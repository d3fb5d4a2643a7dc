import { Link } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { formatDate } from '#web/lib/format.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

const BANNERS = {
  pending: {
    tone: 'border-amber-300 bg-amber-50 text-amber-950',
    title: 'Your shop is awaiting approval',
    text: 'Our team reviews new sellers, usually within two business days. You can sign in meanwhile; you can publish products once your shop is approved.',
  },
  suspended: {
    tone: 'border-red-300 bg-red-50 text-red-950',
    title: 'Your shop is suspended',
    text: 'Your products are hidden from the store. Please contact seller support to resolve this.',
  },
} as const;

export default function VendorDashboardRoute() {
  const { user } = useAuth();
  const store = useStoreInfo();
  const vendor = user?.vendor;
  const banner = vendor && vendor.status !== 'active' ? BANNERS[vendor.status] : undefined;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <title>{`Vendor dashboard · ${store.name}`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Vendor dashboard</h1>
      {banner && (
        <div role="status" className={`mt-4 rounded-xl border p-4 ${banner.tone}`}>
          <p className="font-semibold">{banner.title}</p>
          <p className="mt-1 text-sm">{banner.text}</p>
        </div>
      )}
      {vendor ? (
        <section aria-labelledby="shop-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="shop-heading" className="text-lg font-semibold text-slate-900">
            {vendor.name}
          </h2>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">Status</dt>
              <dd className="font-medium capitalize">{vendor.status}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Owner</dt>
              <dd className="font-medium">{user.name}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Seller since</dt>
              <dd className="font-medium">{formatDate(user.createdAt)}</dd>
            </div>
          </dl>
        </section>
      ) : (
        <p className="mt-4 text-slate-600">No shop belongs to this account.</p>
      )}
      <p className="mt-6 text-sm text-slate-600">
        Questions about selling? <Link to={paths.contact()} className="font-semibold text-brand-700 hover:underline">Contact seller support</Link>.
      </p>
    </div>
  );
}
