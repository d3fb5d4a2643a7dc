import type { ProductRating } from '#shared/schemas/catalog.ts';

const COUNT = new Intl.NumberFormat('en-IN');

/**
 * A product's customer rating as shoppers know it from Indian stores: the average in a green pill
 * with a star, then how many rated. Read aloud as one sentence; nothing before the first review.
 */
export function RatingBadge({ rating }: { rating: ProductRating | null }) {
  if (!rating) return null;
  const average = rating.average.toFixed(1);
  const count = COUNT.format(rating.count);
  return (
    <div className="flex items-center gap-1.5 text-sm text-slate-600">
      <span
        aria-hidden="true"
        className="inline-flex items-center gap-0.5 rounded bg-green-700 px-1.5 py-0.5 text-xs font-semibold text-white"
      >
        {average} ★
      </span>
      <span aria-hidden="true">({count})</span>
      <span className="sr-only">
        Rated {average} out of 5 by {count} {rating.count === 1 ? 'customer' : 'customers'}
      </span>
    </div>
  );
}
