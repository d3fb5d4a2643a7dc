import { ReturnsPage } from '#web/features/returns/components/returns-page.tsx';

export default function AdminReturnsRoute() {
  return (
    <>
      <title>Returns · Admin</title>
      <ReturnsPage area="admin" />
    </>
  );
}
