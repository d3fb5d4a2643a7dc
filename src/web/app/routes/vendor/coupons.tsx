import { CouponsPage } from '#web/features/coupons/components/coupons-page.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorCouponsRoute() {
  const store = useStoreInfo();
  return (
    <>
      <title>{`Coupons · Vendor dashboard · ${store.name}`}</title>
      <CouponsPage area="vendor" />
    </>
  );
}
