import VendorProductImport from '#web/features/vendor-products/components/vendor-product-import.tsx';

export default function VendorProductImportRoute() {
  return <VendorProductImport />;
}
