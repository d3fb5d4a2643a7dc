import { type FormEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ModeratedReview, ReviewModerationInput } from '#shared/schemas/review-moderation.ts';
import { REVIEW_REPORT_REASONS } from '#shared/schemas/reviews.ts';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { Announcer, type AnnouncerTone } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { readPage, searchOf, withParam } from '#web/lib/url-params.ts';
import { type ReviewQueue, useModerateReview, useModerationQueue } from '../api/moderation.ts';
import { ReviewCard, ReviewTabs } from './review-card.tsx';

const QUEUES: Array<{ queue: ReviewQueue; label: string }> = [
  { queue: 'reported', label: 'Reported' },
  { queue: 'hidden', label: 'Hidden' },
];

const DONE: Record<ReviewModerationInput['action'], string> = {
  hide: 'hidden: it no longer shows or counts in the product’s rating',
  restore: 'restored: it shows and counts in the product’s rating again',
  dismiss: 'kept: its reports are dismissed',
};

/**
 * The admin's review moderation: reviews shoppers reported (since last decided on) and hidden
 * ones, each with its reports; hide, keep or restore it with a reason, which goes in the audit log.
 */
export function ReviewModerationPage() {
  const [params] = useSearchParams();
  const queue: ReviewQueue = params.get('queue') === 'hidden' ? 'hidden' : 'reported';
  const query = useModerationQueue(queue, readPage(params));
  const [announcement, setAnnouncement] = useState<{ text: string; tone: AnnouncerTone }>({ text: '', tone: 'success' });
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <div className="mx-auto w-full max-w-5xl min-w-0">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
        Reviews
      </h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Reviews shoppers reported wait here until you decide. A hidden review leaves the product page and its rating; every decision and its
        reason go in the audit log.
      </p>
      <ReviewTabs
        label="Review queues"
        tabs={QUEUES.map((item) => ({
          label: item.label,
          search: searchOf(withParam(new URLSearchParams(), 'queue', item.queue === 'reported' ? undefined : item.queue)),
          current: queue === item.queue,
        }))}
      />
      <Announcer message={announcement.text} tone={announcement.tone} className="mt-4" />
      <PagedList
        query={query}
        params={params}
        noun={['review', 'reviews']}
        pagesLabel="Pages of reviews"
        empty={
          <EmptyState title={queue === 'reported' ? 'No reported reviews' : 'No hidden reviews'}>
            {queue === 'reported' ? 'Reviews shoppers report appear here.' : 'Reviews you hide appear here, to restore.'}
          </EmptyState>
        }
      >
        {(page, summaryId) => (
          <ul aria-describedby={summaryId} className="space-y-4">
            {page.items.map((review) => (
              <ModeratedItem
                key={review.id}
                review={review}
                onDone={(text, tone) => {
                  setAnnouncement({ text, tone });
                  if (tone === 'success') heading.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

function ModeratedItem({ review, onDone }: { review: ModeratedReview; onDone: (text: string, tone: AnnouncerTone) => void }) {
  const id = useId();
  const moderate = useModerateReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [action, setAction] = useState<ReviewModerationInput['action']>(review.status === 'hidden' ? 'restore' : 'hide');
  const reasonBox = useRef<HTMLTextAreaElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 5) {
      setError('Please give a reason of at least 5 characters');
      reasonBox.current?.focus();
      return;
    }
    setError(null);
    moderate.mutate(
      { id: review.id, input: { action, reason: reason.trim() } },
      {
        onSuccess: () => onDone(`“${review.title}” by ${review.author} was ${DONE[action]}.`, 'success'),
        onError: (failure) => setError(errorMessage(failure, 'Nothing was changed: please check your internet connection and try again.')),
      },
    );
  }

  const actions: Array<{ value: ReviewModerationInput['action']; label: string }> =
    review.status === 'hidden'
      ? [{ value: 'restore', label: 'Restore it' }]
      : [
          { value: 'hide', label: 'Hide it' },
          ...(review.openReports > 0 ? [{ value: 'dismiss' as const, label: 'Keep it (dismiss the reports)' }] : []),
        ];

  return (
    <ReviewCard review={review} meta={<span>{formatDateTime(review.createdAt)}</span>}>
      {review.status === 'hidden' && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">Hidden: {review.hiddenReason}</p>
      )}
      {review.reports.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">
            {`Reports (${review.reports.length}${review.openReports > 0 ? `, ${review.openReports} new` : ''})`}
          </h3>
          <ul className="mt-1 space-y-1 text-sm text-slate-700">
            {review.reports.map((report, index) => (
              <li key={index} className="wrap-break-word">
                <span className="font-medium">{REVIEW_REPORT_REASONS[report.reason]}</span>
                {report.details ? `: ${report.details}` : ''} <span className="text-slate-500">· {formatDateTime(report.createdAt)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={submit} noValidate className="mt-4 space-y-3 border-t border-slate-200 pt-3">
        <fieldset>
          <legend className={labelClassName}>Decision</legend>
          <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-2">
            {actions.map((option) => (
              <label key={option.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${id}-action`}
                  value={option.value}
                  checked={action === option.value}
                  onChange={() => setAction(option.value)}
                  className="size-4 accent-brand-600"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-reason`} className={labelClassName}>
            Reason (for the audit log{action === 'hide' ? ' and the reviewer' : ''})
          </label>
          <textarea
            ref={reasonBox}
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={2}
            maxLength={500}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${controlClassName} mt-1.5`}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
        <button type="submit" disabled={moderate.isPending} className={buttonClass(action === 'hide' ? 'primary' : 'secondary', 'sm')}>
          {moderate.isPending
            ? 'Saving…'
            : actions
                .find((option) => option.value === action)
                ?.label.replace(/ \(.*\)$/, '')
                .replace(' it', ' review')}
        </button>
      </form>
    </ReviewCard>
  );
}
