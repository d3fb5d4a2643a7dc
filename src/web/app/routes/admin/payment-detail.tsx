import { Link, useParams } from 'react-router';
import AdminPaymentDetail from '#web/features/admin-payments/components/admin-payment-detail.tsx';
import ReconciliationReport from '#web/features/admin-payments/components/reconciliation-report.tsx';

export default function AdminPaymentDetailRoute() {
  const { id = '' } = useParams();
  // /admin/payments/reconciliation is drawn here rather than as a route of its own, which would
  // weigh on every page's entry chunk (the home page's budget has no room for it).
  if (id === 'reconciliation') return <ReconciliationReport />;
  if (!/^[1-9]\d{0,14}$/.test(id)) {
    return (
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Payment not found</h1>
        <Link to="/admin/payments" className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
          All payments
        </Link>
      </div>
    );
  }
  return (
    <>
      <title>{`Payment ${id} · Admin`}</title>
      <AdminPaymentDetail key={id} id={Number(id)} />
    </>
  );
}
