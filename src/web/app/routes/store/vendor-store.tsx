import { useParams } from 'react-router';
import { ProductListing } from '#web/features/catalog/components/product-listing.tsx';
import PublicStoreHeader from '#web/features/vendor-shop/components/public-store.tsx';
import NotFound from '../not-found.tsx';

/** A shop's public page: its name and its active products, with the usual filters. */
export default function VendorStoreRoute() {
  const { vendorSlug = '' } = useParams();
  if (!/^[a-z0-9-]{1,80}$/.test(vendorSlug)) return <NotFound />;
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
        <PublicStoreHeader slug={vendorSlug} />
      </div>
      <ProductListing vendor={vendorSlug} embedded title="Products" />
    </>
  );
}
