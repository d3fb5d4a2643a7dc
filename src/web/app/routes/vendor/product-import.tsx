import VendorProductImport from '#web/features/vendor-products/components/vendor-product-import.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorProductImportRoute() {
  const store = useStoreInfo();
  return (
    <>
      <title>{`Import products · Vendor dashboard · ${store.name}`}</title>
      <VendorProductImport />
    </>
  );
}
