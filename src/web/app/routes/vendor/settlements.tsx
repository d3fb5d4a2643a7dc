import VendorSettlements from '#web/features/vendor-shop/components/vendor-settlements.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorSettlementsRoute() {
  const store = useStoreInfo();
  return (
    <>
      <title>{`Settlements · Vendor dashboard · ${store.name}`}</title>
      <VendorSettlements />
    </>
  );
}
