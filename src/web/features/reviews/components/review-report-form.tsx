import { type FormEvent, useId, useRef, useState } from 'react';
import { REVIEW_REPORT_REASONS, type ReviewReportReason } from '#shared/schemas/reviews.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useReportReview } from '../api/review-actions.ts';

/** Report a review to the moderators: a reason and, if wanted, some words. */
export function ReportForm({
  productId,
  reviewId,
  onDone,
  onCancel,
}: {
  productId: number;
  reviewId: number;
  onDone: () => void;
  onCancel: () => void;
}) {
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
    report.mutate(
      { reviewId, input: { reason, details } },
      { onSuccess: onDone, onError: (failure) => setError(errorMessage(failure, 'The report was not sent. Please try again.')) },
    );
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
        <textarea
          id={`${id}-details`}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          maxLength={500}
          rows={2}
          className={`${controlClassName} mt-1.5`}
        />
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
