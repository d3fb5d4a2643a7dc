import { useSearchParams } from 'react-router';
import { ProductListing } from '#web/features/catalog/components/product-listing.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function SearchRoute() {
  const [params] = useSearchParams();
  const store = useStoreInfo();
  const q = (params.get('q') ?? '').trim();
  return (
    <ProductListing
      q={q}
      title={q ? <>Results for “{q}”</> : 'Search'}
      meta={{
        title: q ? `“${q}” · ${store.name}` : `Search · ${store.name}`,
        description: q
          ? `Laptops, desktops and monitors matching “${q}” on ${store.name}: compare prices, specifications and sellers, with GST invoices and EMI.`
          : `Search laptops, desktops and monitors on ${store.name}.`,
        path: '/search',
      }}
      intro={q ? undefined : 'Type in the search box to find laptops, desktops and monitors.'}
    />
  );
}
