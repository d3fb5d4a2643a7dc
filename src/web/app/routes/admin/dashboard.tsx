import { Link } from 'react-router';
import { Loading } from '#web/components/ui/loading.tsx';
import { useAdminSummary } from '#web/features/admin/api/get-summary.ts';
import { type SummaryCard, SummaryCards } from '#web/features/admin/components/summary-cards.tsx';

export const ADMIN_PAGES = {
  dashboard: {
    title: 'Dashboard',
    intro: 'The marketplace at a glance.',
    cards: [
      { label: 'Customers', value: (s) => s.users.customer },
      { label: 'Vendors awaiting approval', value: (s) => s.vendors.pending },
      { label: 'Active vendors', value: (s) => s.vendors.active },
      { label: 'Products', value: (s) => s.products },
    ],
  },
} satisfies Record<string, { title: string; intro: string; cards: SummaryCard[] }>;

export function AdminPage({ page }: { page: keyof typeof ADMIN_PAGES }) {
  const { title, intro, cards } = ADMIN_PAGES[page];
  const summary = useAdminSummary();
  return (
    <div>
      <title>{`${title} · Admin`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{intro}</p>
      {page === 'dashboard' && (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/admin/users?pendingVendors=true" className="font-semibold text-brand-700 hover:underline">
            Vendors awaiting approval
          </Link>
          <Link to="/admin/audit" className="font-semibold text-brand-700 hover:underline">
            Audit log
          </Link>
        </p>
      )}
      <div className="mt-6">
        {cards.length === 0 ? null : summary.data ? (
          <SummaryCards summary={summary.data} cards={cards} />
        ) : summary.isError ? (
          <p role="alert" className="text-red-800">{summary.error.message}</p>
        ) : (
          <Loading label="Loading figures…" />
        )}
      </div>
    </div>
  );
}

export default function AdminDashboardRoute() {
  return <AdminPage page="dashboard" />;
}
