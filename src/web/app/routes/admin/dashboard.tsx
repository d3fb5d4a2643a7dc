import AdminDashboard from '#web/features/admin-dashboard/components/admin-dashboard.tsx';

export default function AdminDashboardRoute() {
  return (
    <>
      <title>Dashboard · Admin</title>
      <AdminDashboard />
    </>
  );
}
