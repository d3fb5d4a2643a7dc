import { ComparePage } from '#web/features/catalog/components/compare-page.tsx';

/** The comparison of up to four products of one category (kept in this browser): not for search results. */
export default function CompareRoute() {
  return (
    <>
      {/* The page titles itself; it is per shopper, so not for search results. */}
      <meta name="robots" content="noindex, follow" />
      <ComparePage />
    </>
  );
}
