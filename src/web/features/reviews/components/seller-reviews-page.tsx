import { type FormEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { REPLY_MAX, type SellerReview } from '#shared/schemas/review-moderation.ts';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { Announcer } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { readPage, searchOf, withParam } from '#web/lib/url-params.ts';
import { useReplyToReview, useSellerReviews } from '../api/seller-reviews.ts';
import { ReviewCard, ReviewTabs } from './review-card.tsx';

/** The seller's reviews: what shoppers said of what they bought from the shop, each with one public reply. */
export function SellerReviewsPage() {
  const [params] = useSearchParams();
  const unanswered = params.get('unanswered') === 'true';
  const query = useSellerReviews(unanswered, readPage(params));
  const [announcement, setAnnouncement] = useState('');

  return (
    <div className="mx-auto w-full max-w-5xl min-w-0">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Reviews</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Reviews of products shoppers bought from you. You may reply once to each; your reply shows under the review on the product page.
      </p>
      <ReviewTabs
        label="Which reviews"
        tabs={[
          { value: false, label: 'All' },
          { value: true, label: 'Awaiting your reply' },
        ].map((item) => ({
          label: item.label,
          search: searchOf(withParam(new URLSearchParams(), 'unanswered', item.value ? 'true' : undefined)),
          current: unanswered === item.value,
        }))}
      />
      <Announcer message={announcement} className="mt-4" />
      <PagedList
        query={query}
        params={params}
        noun={['review', 'reviews']}
        pagesLabel="Pages of reviews"
        empty={
          <EmptyState title={unanswered ? 'Every review has your reply' : 'No reviews yet'}>
            {unanswered ? 'New reviews appear here.' : 'Shoppers can review what they bought from you once it is delivered.'}
          </EmptyState>
        }
      >
        {(page, summaryId) => (
          <ul aria-describedby={summaryId} className="space-y-4">
            {page.items.map((review) => (
              <SellerReviewItem
                key={review.id}
                review={review}
                onReplied={() => setAnnouncement(`Your reply to ${review.author} is published under the review.`)}
              />
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
    reply.mutate(
      { id: review.id, text: text.trim() },
      { onSuccess: onReplied, onError: (failure) => setError(errorMessage(failure, 'Your reply was not sent. Please try again.')) },
    );
  }

  return (
    <ReviewCard
      review={review}
      meta={
        <>
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
          {review.helpful > 0 ? <span>· {review.helpful} found it helpful</span> : null}
        </>
      }
    >
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
    </ReviewCard>
  );
}
