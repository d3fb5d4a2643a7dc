import { lazy, Suspense } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { couponPaths } from '#web/features/coupons/paths.ts';
import { returnPaths } from '#web/features/returns/paths.ts';
import { reviewPaths } from '#web/features/reviews/paths.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { RequireRole } from '../guards.tsx';

// The admin schemas it reads are not part of the shop's first load.
const PendingCountBadge = lazy(() => import('#web/features/admin-outbox/components/pending-count-badge.tsx'));

const LINKS = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/users', label: 'Manage Users' },
  { to: '/admin/products', label: 'Manage Products' },
  { to: '/admin/product-changes', label: 'Product changes' },
  { to: paths.adminPayments(), label: 'Manage Payments' },
  { to: returnPaths.admin(), label: 'Returns' },
  { to: couponPaths.admin(), label: 'Coupons' },
  { to: reviewPaths.admin(), label: 'Reviews' },
];

const linkLook = (isActive: boolean) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-600 text-white' : 'text-slate-200 hover:bg-slate-800'}`;
const link = ({ isActive }: { isActive: boolean }) => `block ${linkLook(isActive)}`;

/** The admin area: a sidebar, no shop header or footer, for signed-in admins only. */
export function AdminLayout() {
  const { user, signOut } = useAuth();
  const store = useStoreInfo();
  const navigate = useNavigate();

  async function logout() {
    try {
      await signOut();
    } finally {
      await navigate(paths.adminLogin(), { replace: true });
    }
  }

  return (
    <RequireRole role="admin" loginPath={paths.adminLogin()}>
      <div className="min-h-screen bg-slate-50 md:grid md:grid-cols-[15rem_1fr] md:items-start">
        {/* The sidebar's background runs the page's whole length; its links stay in view as the page scrolls. */}
        <aside className="bg-slate-900 text-white md:self-stretch">
          <div className="p-4 md:sticky md:top-0 md:max-h-screen md:overflow-y-auto">
            <p className="px-3 text-lg font-bold">{store.name}</p>
            <p className="px-3 text-xs text-slate-400">Admin · {user?.name}</p>
            <nav aria-label="Admin" className="mt-4">
              <ul className="flex flex-wrap gap-1 md:block md:space-y-1">
                {LINKS.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={link}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <RetryQueueLink />
                </li>
                <li>
                  <button
                    type="button"
                    onClick={() => void logout()}
                    className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-200 hover:bg-slate-800"
                  >
                    Logout
                  </button>
                </li>
              </ul>
            </nav>
          </div>
        </aside>
        <main id="main" className="min-w-0 p-4 sm:p-8">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </RequireRole>
  );
}

/** The retry queue, with how many refunds and mails are waiting (checked every minute). */
function RetryQueueLink() {
  return (
    <NavLink to={paths.adminRetryQueue()} className={({ isActive }) => `flex items-center justify-between gap-2 ${linkLook(isActive)}`}>
      Retry queue
      <Suspense fallback={null}>
        <PendingCountBadge />
      </Suspense>
    </NavLink>
  );
}
