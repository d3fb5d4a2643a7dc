import { Star } from 'lucide-react';

/** Five stars, filled to the rating (to the half star); read out as "4.5 out of 5 stars". */
export function Stars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'lg' }) {
  const icon = size === 'lg' ? 'size-5' : 'size-4';
  return (
    <span className="inline-flex items-center gap-0.5 align-middle">
      <span className="sr-only">{`${rating.toLocaleString('en-IN', { maximumFractionDigits: 1 })} out of 5 stars`}</span>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rating >= n - 0.25 ? 'full' : rating >= n - 0.75 ? 'half' : 'none';
        return (
          <span key={n} aria-hidden="true" className={`relative inline-block ${icon}`}>
            <Star className={`absolute inset-0 ${icon} text-slate-300`} fill="currentColor" strokeWidth={0} />
            {fill !== 'none' && (
              <span className={`absolute inset-y-0 left-0 overflow-hidden ${fill === 'half' ? 'w-1/2' : 'w-full'}`}>
                <Star className={`${icon} text-amber-500`} fill="currentColor" strokeWidth={0} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

/** "Verified purchase": every review is one (only customers who received the product may write one). */
export function VerifiedPurchase() {
  return (
    <span className="inline-flex items-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset">
      Verified purchase
    </span>
  );
}
