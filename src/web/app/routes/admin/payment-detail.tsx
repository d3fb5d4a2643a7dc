import { Link, useParams } from 'react-router';
import AdminPaymentDetail from '#web/features/admin-payments/components/admin-payment-detail.tsx';

export default function AdminPaymentDetailRoute() {
  const { id = '' } = useParams();
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
