import AdminPaymentsList from '#web/features/admin-payments/components/admin-payments-list.tsx';

export default function AdminPaymentsRoute() {
  return (
    <>
      <title>Manage Payments · Admin</title>
      <AdminPaymentsList />
    </>
  );
}
