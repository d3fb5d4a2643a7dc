import VendorOrders from '#web/features/vendor-shop/components/vendor-orders.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorOrdersRoute() {
  const store = useStoreInfo();
  return (
    <>
      <title>{`Orders · Vendor dashboard · ${store.name}`}</title>
      <VendorOrders />
    </>
  );
}
