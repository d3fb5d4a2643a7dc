import { AdminPage } from './dashboard.tsx';

export default function AdminUsersRoute() {
  return <AdminPage page="users" />;
}
