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
  users: {
    title: 'Manage Users',
    intro: 'Accounts by role. Approving vendors and suspending accounts arrive with the next admin release.',
    cards: [
      { label: 'Customers', value: (s) => s.users.customer },
      { label: 'Vendors', value: (s) => s.users.vendor },
      { label: 'Admins', value: (s) => s.users.admin },
      { label: 'Suspended shops', value: (s) => s.vendors.suspended },
    ],
  },
  products: {
    title: 'Manage Products',
    intro: 'Products listed by all vendors. Moderation tools arrive with the next admin release.',
    cards: [{ label: 'Products', value: (s) => s.products }],
  },
  payments: {
    title: 'Manage Payments',
    intro: 'Payments start with checkout; none have been taken yet.',
    cards: [],
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
