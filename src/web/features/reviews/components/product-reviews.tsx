import { useId, useRef, useState } from 'react';
import { Announcer } from '#web/components/ui/alerts.tsx';
import { paths } from '#web/config/paths.ts';
import { useMyReview } from '../api/get-my-review.ts';
import { useRatingSummary } from '../api/get-rating-summary.ts';
import { FIRST_REVIEWS, type ReviewListParams } from '../api/get-reviews.ts';
import { MyReviewPanel } from './my-review-panel.tsx';
import { RatingOverview } from './rating-overview.tsx';
import { ReviewList } from './review-list.tsx';

interface ProductReviewsProps {
  productId: number;
  signedIn: boolean;
}

/**
 * A product's ratings and reviews: the average and how many gave each star (a star's bar shows
 * only its reviews), the shopper's own review (write, edit), and the reviews, most helpful or
 * newest first, ten a page, each with its seller's reply, a helpful vote and a report. Loaded apart
 * from the product page's own code (see routes/store/product.tsx); the server draws its first page.
 */
export default function ProductReviews({ productId, signedIn }: ProductReviewsProps) {
  const loginPath = `${paths.login()}?redirectTo=${encodeURIComponent(paths.product(productId))}`;
  const id = useId();
  const [params, setParams] = useState<ReviewListParams>(FIRST_REVIEWS);
  const [announcement, setAnnouncement] = useState('');
  const summary = useRatingSummary(productId);
  const mine = useMyReview(productId, signedIn);
  const listTop = useRef<HTMLHeadingElement>(null);

  const change = (next: Partial<ReviewListParams>) => setParams((current) => ({ ...current, page: 1, ...next }));

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-12 border-t border-slate-200 pt-8">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Ratings and reviews
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-[20rem_1fr]">
        <div className="min-w-0">
          {summary.data ? <RatingOverview summary={summary.data} stars={params.stars} onStars={(stars) => change({ stars })} /> : null}
        </div>
        <div className="min-w-0">
          <MyReviewPanel productId={productId} signedIn={signedIn} loginPath={loginPath} mine={mine.data} onSaved={setAnnouncement} />
          <Announcer message={announcement} className="mb-4" />
          <ReviewList
            productId={productId}
            params={params}
            headingRef={listTop}
            onChange={change}
            onPage={(page) => {
              setParams((current) => ({ ...current, page }));
              listTop.current?.focus();
            }}
            signedIn={signedIn}
            mine={mine.data}
          />
        </div>
      </div>
    </section>
  );
}
