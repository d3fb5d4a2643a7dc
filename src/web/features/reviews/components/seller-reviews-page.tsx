import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { REPLY_MAX, type SellerReview } from '#shared/schemas/review-moderation.ts';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { Announcer } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { readPage, searchOf, withParam } from '#web/lib/url-params.ts';
import { useReplyToReview, useSellerReviews } from '../api/seller-reviews.ts';
import { Stars, VerifiedPurchase } from './stars.tsx';

/** The seller's reviews: what shoppers said of what they bought from the shop, each with one public reply. */
export function SellerReviewsPage() {
  const [params] = useSearchParams();
  const unanswered = params.get('unanswered') === 'true';
  const query = useSellerReviews(unanswered, readPage(params));
  const [announcement, setAnnouncement] = useState('');

  return (
    <div className="mx-auto w-full max-w-5xl min-w-0">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Reviews</h1>
      <p className="mt-1 max-w-3xl text-slate-600">Reviews of products shoppers bought from you. You may reply once to each; your reply shows under the review on the product page.</p>
      <nav aria-label="Which reviews" className="mt-4 flex gap-2">
        {[
          { value: false, label: 'All' },
          { value: true, label: 'Awaiting your reply' },
        ].map((item) => (
          <Link
            key={item.label}
            to={{ search: searchOf(withParam(new URLSearchParams(), 'unanswered', item.value ? 'true' : undefined)) }}
            aria-current={unanswered === item.value ? 'page' : undefined}
            className={`rounded-lg px-3 py-2 text-sm font-semibold ${unanswered === item.value ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <Announcer message={announcement} className="mt-4" />
      <PagedList
        query={query}
        params={params}
        noun={['review', 'reviews']}
        pagesLabel="Pages of reviews"
        empty={<EmptyState title={unanswered ? 'Every review has your reply' : 'No reviews yet'}>{unanswered ? 'New reviews appear here.' : 'Shoppers can review what they bought from you once it is delivered.'}</EmptyState>}
      >
        {(page, summaryId) => (
          <ul aria-describedby={summaryId} className="space-y-4">
            {page.items.map((review) => (
              <SellerReviewItem key={review.id} review={review} onReplied={() => setAnnouncement(`Your reply to ${review.author} is published under the review.`)} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

function SellerReviewItem({ review, onReplied }: { review: SellerReview; onReplied: () => void }) {
  const id = useId();
  const reply = useReplyToReview();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError('Please write the text of your reply');
      box.current?.focus();
      return;
    }
    setError(null);
    reply.mutate({ id: review.id, text: text.trim() }, { onSuccess: onReplied, onError: (failure) => setError(errorMessage(failure, 'Your reply was not sent. Please try again.')) });
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <article aria-labelledby={`${id}-title`}>
        <p className="text-sm">
          <Link to={paths.product(review.productId)} className="font-medium text-brand-700 underline">
            {review.productName}
          </Link>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars rating={review.rating} />
          <h2 id={`${id}-title`} className="font-semibold wrap-break-word text-slate-900">
            {review.title}
          </h2>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className="font-medium text-slate-800">{review.author}</span>
          <VerifiedPurchase />
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          {review.helpful > 0 ? <span>· {review.helpful} found it helpful</span> : null}
        </p>
        <p className="mt-2 whitespace-pre-line wrap-break-word text-slate-800">{review.text}</p>
        {review.reply ? (
          <div className="mt-3 rounded-lg border-l-4 border-brand-600 bg-slate-50 px-3 py-2 text-sm">
            <p className="font-semibold text-slate-900">
              Your reply <span className="font-normal text-slate-600">· {formatDate(review.reply.at)}</span>
            </p>
            <p className="mt-1 whitespace-pre-line wrap-break-word text-slate-800">{review.reply.text}</p>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-3 space-y-2 border-t border-slate-200 pt-3">
            <label htmlFor={`${id}-reply`} className={labelClassName}>
              Your public reply
            </label>
            <p id={`${id}-hint`} className="text-sm text-slate-600">
              Shown under the review on the product page. You can reply only once.
            </p>
            <textarea
              ref={box}
              id={`${id}-reply`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={3}
              maxLength={REPLY_MAX}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              className={controlClassName}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            )}
            <button type="submit" disabled={reply.isPending} className={buttonClass('primary', 'sm')}>
              {reply.isPending ? 'Sending…' : 'Post reply'}
            </button>
          </form>
        )}
      </article>
    </li>
  );
}
