import type { RatingSummary } from '#shared/schemas/rating-summary.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { plural } from './plural.ts';
import { Stars } from './stars.tsx';

/** "4.3 out of 5", the count, and a bar per star that filters the list to it. */
export function RatingOverview({
  summary,
  stars,
  onStars,
}: {
  summary: RatingSummary;
  stars: number | null;
  onStars: (stars: number | null) => void;
}) {
  const alive = useTakenOver();
  if (summary.count === 0 || summary.average === null) {
    return <p className="text-slate-700">No reviews yet. Customers who have received this product can review it.</p>;
  }
  const average = summary.average.toLocaleString('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="sr-only">{`Average rating ${average} out of 5, from ${plural(summary.count, 'rating', 'ratings')}`}</span>
        <span aria-hidden="true" className="text-4xl font-bold text-slate-900">
          {average}
        </span>
        <span aria-hidden="true" className="flex flex-col">
          <Stars rating={summary.average} size="lg" />
          <span className="text-sm text-slate-600">{plural(summary.count, 'rating', 'ratings')}</span>
        </span>
      </p>
      <ul className="mt-4 space-y-1" aria-label="Reviews per star">
        {summary.distribution.map((row) => {
          const share = Math.round((row.count / summary.count) * 100);
          const pressed = stars === row.stars;
          return (
            <li key={row.stars}>
              <button
                type="button"
                disabled={!alive || row.count === 0}
                aria-pressed={pressed}
                onClick={() => onStars(pressed ? null : row.stars)}
                className={`grid w-full grid-cols-[3.5rem_1fr_3rem] items-center gap-2 rounded-md px-1 py-1 text-left text-sm text-slate-700 enabled:hover:bg-slate-100 disabled:cursor-default ${pressed ? 'bg-amber-50 font-semibold ring-1 ring-amber-300' : ''}`}
              >
                <span>{`${row.stars} star${row.stars === 1 ? '' : 's'}`}</span>
                <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-slate-200">
                  <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
                </span>
                <span className="text-right tabular-nums">
                  {row.count.toLocaleString('en-IN')}
                  <span className="sr-only">{` ${row.count === 1 ? 'review' : 'reviews'}${pressed ? ', shown' : ''}`}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {stars !== null && (
        <button type="button" onClick={() => onStars(null)} className="mt-2 text-sm font-medium text-brand-700 underline">
          Show all reviews
        </button>
      )}
    </div>
  );
}
