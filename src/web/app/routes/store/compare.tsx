import { ComparePage } from '#web/features/catalog/components/compare-page.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

/** The comparison of up to four products of one category (kept in this browser): not for search results. */
export default function CompareRoute() {
  const store = useStoreInfo();
  return (
    <>
      <title>{`Compare products · ${store.name}`}</title>
      <meta name="robots" content="noindex, follow" />
      <ComparePage />
    </>
  );
}
