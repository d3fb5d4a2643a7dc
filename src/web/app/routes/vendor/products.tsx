import VendorProductList from '#web/features/vendor-products/components/vendor-product-list.tsx';

export default function VendorProductsRoute() {
  return <VendorProductList />;
}
