import { CouponsPage } from '#web/features/coupons/components/coupons-page.tsx';

export default function AdminCouponsRoute() {
  return (
    <>
      <title>Coupons · Admin</title>
      <CouponsPage area="admin" />
    </>
  );
}
