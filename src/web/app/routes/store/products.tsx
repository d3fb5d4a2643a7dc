import { paths } from '#web/config/paths.ts';
import { ProductListing } from '#web/features/catalog/components/product-listing.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function ProductsRoute() {
  const store = useStoreInfo();
  return (
    <ProductListing
      title="All Products"
      meta={{
        title: `All products · ${store.name}`,
        description:
          'Laptops, desktops and monitors from verified sellers across India: filter by brand, specifications and price, with GST invoices and EMI.',
        path: paths.products(),
      }}
      intro="Laptops, desktops and monitors from verified sellers across India."
    />
  );
}
