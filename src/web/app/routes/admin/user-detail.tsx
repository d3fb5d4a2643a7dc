import { useParams } from 'react-router';
import AdminUserDetail from '#web/features/admin-users/components/admin-user-detail.tsx';

export default function AdminUserDetailRoute() {
  const { uid = '' } = useParams();
  return (
    <>
      <title>User · Admin</title>
      <AdminUserDetail key={uid} uid={uid} />
    </>
  );
}
