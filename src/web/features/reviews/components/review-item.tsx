import { useId, useState } from 'react';
import { type MyReview, type Review } from '#shared/schemas/reviews.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { useVoteHelpful } from '../api/review-actions.ts';
import { plural } from './plural.ts';
import { ReportForm } from './review-report-form.tsx';
import { Stars, VerifiedPurchase } from './stars.tsx';

/** A review in the list: its stars, words and seller's reply, a helpful vote and a report. */
export function ReviewItem({
  productId,
  review,
  signedIn,
  mine,
}: {
  productId: number;
  review: Review;
  signedIn: boolean;
  mine: MyReview | undefined;
}) {
  const id = useId();
  const own = mine?.review?.id === review.id;
  const voted = mine?.helpful.includes(review.id) ?? false;
  const reported = mine?.reported.includes(review.id) ?? false;
  const vote = useVoteHelpful(productId);
  const [reporting, setReporting] = useState(false);
  const [reportDone, setReportDone] = useState(false);
  const edited = review.updatedAt.slice(0, 10) !== review.createdAt.slice(0, 10);
  return (
    <li className="py-5">
      <article aria-labelledby={`${id}-title`}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars rating={review.rating} />
          <h4 id={`${id}-title`} className="font-semibold wrap-break-word text-slate-900">
            {review.title}
          </h4>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <span className="font-medium text-slate-800">{review.author}</span>
          {review.verifiedPurchase && <VerifiedPurchase />}
          <span>
            <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            {edited ? ' · edited' : ''}
          </span>
        </p>
        <p className="mt-2 whitespace-pre-line wrap-break-word text-slate-800">{review.text}</p>
        {review.reply && (
          <div className="mt-3 rounded-lg border-l-4 border-brand-600 bg-slate-50 px-3 py-2 text-sm">
            <p className="font-semibold text-slate-900">
              Reply from {review.reply.seller}
              <span className="font-normal text-slate-600">
                {' · '}
                <time dateTime={review.reply.at}>{formatDate(review.reply.at)}</time>
              </span>
            </p>
            <p className="mt-1 whitespace-pre-line wrap-break-word text-slate-800">{review.reply.text}</p>
          </div>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {review.helpful > 0 ? (
            <span className="text-slate-600">{`${plural(review.helpful, 'person', 'people')} found this helpful`}</span>
          ) : null}
          {signedIn && mine && !own && (
            <>
              {!voted && !mine.canVote ? (
                <span className="text-slate-600">{mine.voteReason}</span>
              ) : (
                <button
                  type="button"
                  aria-pressed={voted}
                  disabled={voted || vote.isPending}
                  onClick={() => vote.mutate(review.id)}
                  className={`${buttonClass('secondary', 'sm')} ${voted ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : ''}`}
                >
                  {voted ? 'You found this helpful' : 'Helpful'}
                </button>
              )}
              {reported || reportDone ? (
                <span className="text-slate-600">Reported: thank you</span>
              ) : (
                <button
                  type="button"
                  aria-expanded={reporting}
                  onClick={() => setReporting((open) => !open)}
                  className="text-slate-600 underline hover:text-slate-900"
                >
                  Report
                </button>
              )}
            </>
          )}
        </div>
        {vote.isError && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {errorMessage(vote.error, 'Your vote was not counted. Please try again.')}
          </p>
        )}
        {reporting && !reportDone && (
          <ReportForm
            productId={productId}
            reviewId={review.id}
            onDone={() => {
              setReporting(false);
              setReportDone(true);
            }}
            onCancel={() => setReporting(false)}
          />
        )}
      </article>
    </li>
  );
}
