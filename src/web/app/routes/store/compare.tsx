import { ComparePage } from '#web/features/catalog/components/compare-page.tsx';

/** The comparison of up to four products of one category (kept in this browser). */
export default function CompareRoute() {
  return <ComparePage />;
}
