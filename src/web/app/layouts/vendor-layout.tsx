import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { couponPaths } from '#web/features/coupons/paths.ts';
import { returnPaths } from '#web/features/returns/paths.ts';
import { reviewPaths } from '#web/features/reviews/paths.ts';
import { RequireRole } from '../guards.tsx';

const SECTIONS = [
  { to: '/vendor/dashboard', label: 'Overview', end: true },
  { to: '/vendor/dashboard/products', label: 'Products', end: false },
  { to: '/vendor/dashboard/orders', label: 'Orders', end: false },
  { to: returnPaths.vendor(), label: 'Returns', end: false },
  { to: '/vendor/dashboard/settlements', label: 'Settlements', end: false },
  { to: couponPaths.vendor(), label: 'Coupons', end: false },
  { to: reviewPaths.vendor(), label: 'Reviews', end: false },
  { to: '/vendor/dashboard/profile', label: 'Shop profile', end: false },
];

const BANNERS = {
  pending: {
    tone: 'border-amber-300 bg-amber-50 text-amber-950',
    title: 'Your shop is awaiting approval',
    text: 'Our team reviews new sellers, usually within two business days. You can prepare products as drafts meanwhile; you can publish them once your shop is approved.',
  },
  suspended: {
    tone: 'border-red-300 bg-red-50 text-red-950',
    title: 'Your shop is suspended',
    text: 'Your products are hidden from the store. Please contact seller support to resolve this.',
  },
} as const;

/** The vendor dashboard: inside the shop's header and footer, for vendors only. */
export function VendorLayout() {
  const { user } = useAuth();
  const vendor = user?.vendor;
  const banner = vendor && vendor.status !== 'active' ? BANNERS[vendor.status] : undefined;
  return (
    <RequireRole role="vendor" loginPath={paths.vendorLogin()}>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <p className="text-sm font-medium text-slate-500">
          Vendor dashboard · <span className="text-slate-800">{vendor?.name}</span>
        </p>
        {banner && (
          <div role="status" className={`mt-3 rounded-xl border p-4 ${banner.tone}`}>
            <p className="font-semibold">{banner.title}</p>
            <p className="mt-1 text-sm">{banner.text}</p>
          </div>
        )}
        <nav aria-label="Vendor dashboard" className="relative mt-4 overflow-x-auto border-b border-slate-200">
          <ul className="flex min-w-max gap-1">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.end}
                  className={({ isActive }) =>
                    `inline-block border-b-2 px-3 py-2 text-sm font-semibold ${isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </RequireRole>
  );
}
