import { AdminPage } from './dashboard.tsx';

export default function AdminPaymentsRoute() {
  return <AdminPage page="payments" />;
}
