import VendorProductList from '#web/features/vendor-products/components/vendor-product-list.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorProductsRoute() {
  const store = useStoreInfo();
  return (
    <>
      <title>{`Products · Vendor dashboard · ${store.name}`}</title>
      <VendorProductList />
    </>
  );
}
