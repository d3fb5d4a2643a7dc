import ReconciliationReport from '#web/features/admin-payments/components/reconciliation-report.tsx';

export default function AdminReconciliationRoute() {
  return <ReconciliationReport />;
}
