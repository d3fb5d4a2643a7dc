import { RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { formatPrice } from '#shared/money.ts';
import type { AdminOutboxJob } from '#shared/schemas/admin.ts';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { errorMessage, type QueuedRefund } from '../api/admin-payments.ts';
import type { useRetryQueuedRefund } from '../api/retry-queued-refund.ts';
import { formatDateTime } from '../utils/format.ts';

/** What came of a retry, for the page to announce; `made`: the refund is now among the refunds. */
export interface RetryOutcome {
  message: string;
  made: boolean;
}

/** What a retry's answer means for the refund, in one sentence. */
function outcomeOf(refund: QueuedRefund, after: AdminOutboxJob): RetryOutcome {
  const amount = formatPrice(refund.amount);
  if (after.status === 'done')
    return { made: true, message: `The gateway has made the refund of ${amount}. It is now listed under Refunds.` };
  if (after.attempts === refund.attempts)
    return { made: false, message: `The refund of ${amount} is being tried right now by the automatic retry. Check again in a moment.` };
  return {
    made: false,
    message: `The gateway still refuses the refund of ${amount}${after.lastError ? `: ${after.lastError}` : ''}. Next try ${formatDateTime(after.nextAttemptAt)}.`,
  };
}

interface QueuedRefundsProps {
  refunds: QueuedRefund[];
  /** when the payment was fetched: a next try before it is due now */
  fetchedAt: number;
  /** lives in the page, so its callbacks still run when this section goes (its last refund was made) */
  retry: ReturnType<typeof useRetryQueuedRefund>;
  onStart: () => void;
  onRetried: (outcome: RetryOutcome) => void;
}

/** Refunds claimed on the payment that the gateway has not made yet, with their errors and a "Retry now" for each. */
export function QueuedRefunds({ refunds, fetchedAt, retry, onStart, onRetried }: QueuedRefundsProps) {
  const ids = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = retry.isPending;

  const onRetry = (refund: QueuedRefund) => {
    if (busy) return;
    setProblem(null);
    onStart();
    retry.mutate(refund.jobId, {
      onSuccess: (after) => onRetried(outcomeOf(refund, after)),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409)
          onRetried({
            made: true,
            message: `The refund of ${formatPrice(refund.amount)} had already been made. It is listed under Refunds.`,
          });
        else
          setProblem(
            `The refund of ${formatPrice(refund.amount)} was not retried. ${errorMessage(error, 'Please check your internet connection and try again.')}`,
          );
      },
    });
  };

  return (
    <section aria-labelledby={`${ids}-heading`} className="mt-6 min-w-0 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-6">
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        Refunds waiting for the gateway
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        These refunds are taken off what is left to refund, but the payment gateway has not made them yet. Each is tried again
        automatically, after 10 s, 20 s, 40 s and so on, up to once an hour, until it goes through.
      </p>
      {problem && <ErrorAlert className="mt-3">{problem}</ErrorAlert>}
      <ul className="mt-3 space-y-3">
        {refunds.map((refund) => {
          const due = Date.parse(refund.nextAttemptAt) <= fetchedAt;
          const pressed = busy && retry.variables === refund.jobId;
          return (
            <li key={refund.jobId} className="min-w-0 rounded-lg border border-amber-200 bg-white p-3 text-sm sm:p-4">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="text-base font-semibold text-slate-900">{formatPrice(refund.amount)}</span>
                <span className="text-slate-600">Queued {formatDateTime(refund.createdAt)}</span>
              </p>
              <p className="mt-1 wrap-break-word text-slate-800">{refund.reason}</p>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="text-slate-600">Attempts</dt>
                <dd className="text-slate-900 tabular-nums">{refund.attempts}</dd>
                <dt className="text-slate-600">Last error</dt>
                <dd className={`wrap-break-word ${refund.lastError ? 'text-red-800' : 'text-slate-900'}`}>
                  {refund.lastError ?? 'None yet'}
                </dd>
                <dt className="text-slate-600">Next try</dt>
                <dd className="text-slate-900">{due ? 'Due now' : formatDateTime(refund.nextAttemptAt)}</dd>
              </dl>
              {/* aria-disabled, not disabled, while a retry runs: the pressed button keeps focus. */}
              <button
                type="button"
                aria-label={`${pressed ? 'Retrying…' : 'Retry now'} – refund of ${formatPrice(refund.amount)}`}
                aria-disabled={busy || undefined}
                onClick={() => onRetry(refund)}
                className={`${buttonClass('secondary', 'sm')} mt-3 min-h-11 w-full sm:w-auto ${busy ? 'cursor-not-allowed opacity-60' : ''}`}
              >
                <RotateCw aria-hidden="true" className={`size-4 ${pressed ? 'animate-spin' : ''}`} />
                {pressed ? 'Retrying…' : 'Retry now'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
