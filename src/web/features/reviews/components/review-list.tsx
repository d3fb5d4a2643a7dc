import { useId } from 'react';
import { type MyReview, type ReviewSort } from '#shared/schemas/reviews.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { type ReviewListParams, useReviews } from '../api/get-reviews.ts';
import { ReviewItem } from './review-item.tsx';

interface ReviewListProps {
  productId: number;
  params: ReviewListParams;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onChange: (next: Partial<ReviewListParams>) => void;
  onPage: (page: number) => void;
  signedIn: boolean;
  mine: MyReview | undefined;
}

export function ReviewList({ productId, params, headingRef, onChange, onPage, signedIn, mine }: ReviewListProps) {
  const id = useId();
  const alive = useTakenOver();
  const reviews = useReviews(productId, params);
  const data = reviews.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  if (data && data.total === 0 && params.stars === null) return null;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {params.stars === null ? 'Customer reviews' : `${params.stars}-star reviews`}
          {data ? <span className="ml-2 text-sm font-normal text-slate-600">({data.total.toLocaleString('en-IN')})</span> : null}
        </h3>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-sort`} className="text-sm text-slate-700">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={params.sort}
            disabled={!alive}
            onChange={(event) => onChange({ sort: event.target.value as ReviewSort })}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="helpful">Most helpful</option>
            <option value="newest">Newest</option>
          </select>
        </div>
      </div>
      {reviews.isError && !data ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {errorMessage(reviews.error, 'We could not load the reviews. Please try again.')}
        </p>
      ) : !data ? (
        <p className="mt-4 text-sm text-slate-600">Loading reviews…</p>
      ) : (
        <div aria-busy={reviews.isPlaceholderData || undefined} className={reviews.isPlaceholderData ? 'opacity-60' : undefined}>
          {data.items.length === 0 ? <p className="mt-4 text-slate-700">No reviews with {params.stars} stars.</p> : null}
          <ol className="divide-y divide-slate-200">
            {data.items.map((review) => (
              <ReviewItem key={review.id} productId={productId} review={review} signedIn={signedIn} mine={mine} />
            ))}
          </ol>
          {pageCount > 1 && (
            <nav aria-label="Pages of reviews" className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <button
                type="button"
                disabled={!alive || data.page <= 1}
                onClick={() => onPage(data.page - 1)}
                className={buttonClass('secondary', 'sm')}
              >
                Previous
              </button>
              <p className="text-sm text-slate-700">
                Page {data.page} of {pageCount}
              </p>
              <button
                type="button"
                disabled={!alive || data.page >= pageCount}
                onClick={() => onPage(data.page + 1)}
                className={buttonClass('secondary', 'sm')}
              >
                Next
              </button>
            </nav>
          )}
        </div>
      )}
    </div>
  );
}
