import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { RatingSummary } from '#shared/schemas/rating-summary.ts';
import { type MyReview, REVIEW_REPORT_REASONS, type Review, type ReviewReportReason, type ReviewSort } from '#shared/schemas/reviews.ts';
import { Announcer } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { useResendVerification } from '#web/lib/resend-verification.ts';
import { useMyReview } from '../api/get-my-review.ts';
import { useRatingSummary } from '../api/get-rating-summary.ts';
import { FIRST_REVIEWS, type ReviewListParams, useReviews } from '../api/get-reviews.ts';
import { useReportReview, useVoteHelpful } from '../api/review-actions.ts';
import { ReviewForm } from './review-form.tsx';
import { Stars, VerifiedPurchase } from './stars.tsx';

interface ProductReviewsProps {
  productId: number;
  signedIn: boolean;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

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

/** "4.3 out of 5", the count, and a bar per star that filters the list to it. */
function RatingOverview({ summary, stars, onStars }: { summary: RatingSummary; stars: number | null; onStars: (stars: number | null) => void }) {
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

/** Write a review (a buyer who received it), edit one's own, or why one cannot. */
function MyReviewPanel({ productId, signedIn, loginPath, mine, onSaved }: { productId: number; signedIn: boolean; loginPath: string; mine: MyReview | undefined; onSaved: (text: string) => void }) {
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const box = 'mb-6 rounded-xl border border-slate-200 bg-white p-4';
  if (!signedIn) {
    return (
      <div className={box}>
        <p className="text-sm text-slate-700">Bought this product? Share what you think of it.</p>
        <Link to={loginPath} className={`${buttonClass('secondary')} mt-3`}>
          Sign in to write a review
        </Link>
      </div>
    );
  }
  if (!mine) return null;
  const own = mine.review;
  const close = (saved: boolean) => {
    setEditing(false);
    if (saved) onSaved(own ? 'Your review was updated.' : 'Thank you: your review is published.');
    requestAnimationFrame(() => opener.current?.focus());
  };
  if (!own && mine.verifyEmailFirst) return <VerifyEmailToReview className={box} />;
  if (!own && !mine.canReview) {
    return <p className="mb-6 text-sm text-slate-600">{mine.reason}</p>;
  }
  return (
    <div className={box}>
      {own ? (
        <>
          <h3 className="text-base font-semibold text-slate-900">Your review</h3>
          {own.status === 'hidden' && (
            <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
              Hidden by our moderators: {own.hiddenReason}. Other shoppers do not see it.
            </p>
          )}
          {!editing && (
            <div className="mt-2">
              <Stars rating={own.rating} />
              <p className="mt-1 font-medium wrap-break-word text-slate-900">{own.title}</p>
            </div>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-700">You received this product. How is it?</p>
      )}
      {mine.verifyEmailFirst ? (
        <VerifyEmailToReview className="mt-3" />
      ) : editing ? (
        <ReviewForm productId={productId} initial={own ? { rating: own.rating, title: own.title, text: own.text } : undefined} onSaved={() => close(true)} onCancel={() => close(false)} />
      ) : (
        <button ref={opener} type="button" onClick={() => setEditing(true)} className={`${buttonClass(own ? 'secondary' : 'primary')} mt-3`}>
          {own ? 'Edit your review' : 'Write a review'}
        </button>
      )}
    </div>
  );
}

/** A buyer whose e-mail is not verified: why they cannot write (or edit) a review yet, and a new link. */
function VerifyEmailToReview({ className }: { className: string }) {
  const resend = useResendVerification();
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'warning' }>({ text: '', tone: 'success' });
  const send = async () => {
    setStatus({ text: '', tone: 'success' });
    try {
      setStatus({ text: (await resend.mutateAsync()).message, tone: 'success' });
    } catch (error) {
      setStatus({ text: errorMessage(error, 'We could not send the link. Please check your connection and try again.'), tone: 'warning' });
    }
  };
  return (
    <div className={className}>
      <p className="text-sm font-semibold text-slate-900">Verify your e-mail to review</p>
      <p className="mt-1 text-sm text-slate-700">Open the link we mailed you when you registered. Reviews need it: one real shopper, one voice.</p>
      <button type="button" onClick={() => void send()} disabled={resend.isPending} className={`${buttonClass('secondary')} mt-3`}>
        {resend.isPending ? 'Sending…' : 'Resend link'}
      </button>
      <Announcer message={status.text} tone={status.tone} className="mt-3" />
    </div>
  );
}

interface ReviewListProps {
  productId: number;
  params: ReviewListParams;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onChange: (next: Partial<ReviewListParams>) => void;
  onPage: (page: number) => void;
  signedIn: boolean;
  mine: MyReview | undefined;
}

function ReviewList({ productId, params, headingRef, onChange, onPage, signedIn, mine }: ReviewListProps) {
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
              <button type="button" disabled={!alive || data.page <= 1} onClick={() => onPage(data.page - 1)} className={buttonClass('secondary', 'sm')}>
                Previous
              </button>
              <p className="text-sm text-slate-700">
                Page {data.page} of {pageCount}
              </p>
              <button type="button" disabled={!alive || data.page >= pageCount} onClick={() => onPage(data.page + 1)} className={buttonClass('secondary', 'sm')}>
                Next
              </button>
            </nav>
          )}
        </div>
      )}
    </div>
  );
}

function ReviewItem({ productId, review, signedIn, mine }: { productId: number; review: Review; signedIn: boolean; mine: MyReview | undefined }) {
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
          {review.helpful > 0 ? <span className="text-slate-600">{`${plural(review.helpful, 'person', 'people')} found this helpful`}</span> : null}
          {signedIn && mine && !own && (
            <>
              <button
                type="button"
                aria-pressed={voted}
                disabled={voted || vote.isPending}
                onClick={() => vote.mutate(review.id)}
                className={`${buttonClass('secondary', 'sm')} ${voted ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : ''}`}
              >
                {voted ? 'You found this helpful' : 'Helpful'}
              </button>
              {reported || reportDone ? (
                <span className="text-slate-600">Reported: thank you</span>
              ) : (
                <button type="button" aria-expanded={reporting} onClick={() => setReporting((open) => !open)} className="text-slate-600 underline hover:text-slate-900">
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

function ReportForm({ productId, reviewId, onDone, onCancel }: { productId: number; reviewId: number; onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReviewReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportReview(productId);
  const select = useRef<HTMLSelectElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason for reporting this review');
      select.current?.focus();
      return;
    }
    setError(null);
    report.mutate({ reviewId, input: { reason, details } }, { onSuccess: onDone, onError: (failure) => setError(errorMessage(failure, 'The report was not sent. Please try again.')) });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div>
        <label htmlFor={`${id}-reason`} className={labelClassName}>
          Why are you reporting this review?
        </label>
        <select
          ref={select}
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value as ReviewReportReason)}
          aria-invalid={error && !reason ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${controlClassName} mt-1.5`}
        >
          <option value="">Choose a reason</option>
          {Object.entries(REVIEW_REPORT_REASONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-details`} className={labelClassName}>
          Details <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea id={`${id}-details`} value={details} onChange={(event) => setDetails(event.target.value)} maxLength={500} rows={2} className={`${controlClassName} mt-1.5`} />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={report.isPending} className={buttonClass('primary', 'sm')}>
          Send report
        </button>
        <button type="button" onClick={onCancel} className={buttonClass('secondary', 'sm')}>
          Cancel
        </button>
      </div>
    </form>
  );
}
