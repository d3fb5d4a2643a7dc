import AdminUsersList from '#web/features/admin-users/components/admin-users-list.tsx';

export default function AdminUsersRoute() {
  return (
    <>
      <title>Manage Users · Admin</title>
      <AdminUsersList />
    </>
  );
}
