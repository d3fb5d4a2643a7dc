import VendorOverview from '#web/features/vendor-shop/components/vendor-overview.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorDashboardRoute() {
  const store = useStoreInfo();
  return (
    <>
      <title>{`Vendor dashboard · ${store.name}`}</title>
      <VendorOverview />
    </>
  );
}
