import { ExternalLink, LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { couponPaths } from '#web/features/coupons/paths.ts';
import { returnPaths } from '#web/features/returns/paths.ts';
import { reviewPaths } from '#web/features/reviews/paths.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
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

const headerLink =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-200 hover:bg-slate-800 hover:text-white';

/**
 * The seller console: a place of its own for vendors, without the shop's search, cart and footer.
 * Its header names the shop and leads to the shop front and the store; its sections are tabs that
 * wrap onto a second line on a phone rather than scroll out of sight.
 */
export function VendorLayout() {
  const { user, signOut } = useAuth();
  const store = useStoreInfo();
  const navigate = useNavigate();
  const vendor = user?.vendor;
  const banner = vendor && vendor.status !== 'active' ? BANNERS[vendor.status] : undefined;

  async function logout() {
    try {
      await signOut();
    } finally {
      await navigate(paths.vendorLogin(), { replace: true });
    }
  }

  return (
    <RequireRole role="vendor" loginPath={paths.vendorLogin()}>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <header className="bg-slate-900 text-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{store.name} Seller console</p>
              <p className="truncate text-lg font-bold">{vendor?.name ?? 'Your shop'}</p>
            </div>
            <nav aria-label="Seller console" className="flex flex-wrap items-center gap-1">
              {vendor && vendor.status === 'active' && (
                <Link to={`/store/${encodeURIComponent(vendor.slug)}`} className={headerLink}>
                  <ExternalLink aria-hidden="true" className="size-4" />
                  Your shop front
                </Link>
              )}
              <Link to={paths.home()} className={headerLink}>
                {store.name}
              </Link>
              <button type="button" onClick={() => void logout()} className={headerLink}>
                <LogOut aria-hidden="true" className="size-4" />
                Sign out
              </button>
            </nav>
          </div>
          <nav aria-label="Vendor dashboard" className="border-t border-slate-800">
            <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-2 py-1.5 sm:px-4">
              {SECTIONS.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end={section.end}
                    className={({ isActive }) =>
                      `inline-flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-white text-slate-900' : 'text-slate-200 hover:bg-slate-800 hover:text-white'}`
                    }
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6">
          {banner && (
            <div role="status" className={`mb-6 rounded-xl border p-4 ${banner.tone}`}>
              <p className="font-semibold">{banner.title}</p>
              <p className="mt-1 text-sm">{banner.text}</p>
            </div>
          )}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
        <ScrollRestoration />
      </div>
    </RequireRole>
  );
}
