import { ProductListing } from '#web/features/catalog/components/product-listing.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function ProductsRoute() {
  const store = useStoreInfo();
  return (
    <ProductListing
      title="All Products"
      documentTitle={`All products · ${store.name}`}
      intro="Laptops, desktops and monitors from verified sellers across India."
    />
  );
}
