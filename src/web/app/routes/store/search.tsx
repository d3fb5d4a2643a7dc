import { Navigate, useSearchParams } from 'react-router';
import { understoodSearchParams } from '#shared/query-understanding.ts';
import { ProductListing } from '#web/features/catalog/components/product-listing.tsx';
import { SearchQueryForm } from '#web/features/catalog/components/search-query-form.tsx';
import { hasActiveFilters } from '#web/features/catalog/listing-query.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function SearchRoute() {
  const [params] = useSearchParams();
  const store = useStoreInfo();
  // "16gb ram laptop under 80000" is the listing with those filters, ticked in the panel (the
  // server sends a first visit there itself).
  const understood = understoodSearchParams(params);
  if (understood) return <Navigate replace to={`/search?${understood.toString()}`} />;
  const q = (params.get('q') ?? '').trim();
  const filtered = hasActiveFilters(params);
  return (
    <ProductListing
      q={q}
      title={q ? <>Results for “{q}”</> : filtered ? 'Search results' : 'Search'}
      meta={{
        title: q ? `“${q}” · ${store.name}` : `Search · ${store.name}`,
        description: q
          ? `Laptops, desktops and monitors matching “${q}” on ${store.name}: compare prices, specifications and sellers, with GST invoices and EMI.`
          : `Search laptops, desktops and monitors on ${store.name}.`,
        path: '/search',
      }}
      intro={
        <>
          {q || filtered ? undefined : 'Type what you are looking for to find laptops, desktops and monitors.'}
          {/* Drawn afresh for each search, so the field shows the words of the one on screen. */}
          <SearchQueryForm key={q} q={q} />
        </>
      }
    />
  );
}
