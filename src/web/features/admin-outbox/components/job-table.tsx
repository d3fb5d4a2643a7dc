import { RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { formatDateTime } from '#web/lib/format.ts';
import type { AdminOutboxJob } from '../api/get-outbox-jobs.ts';
import { KindBadge, StatusBadge } from './outbox-ui.tsx';

interface JobTableProps {
  jobs: AdminOutboxJob[];
  describedBy: string;
  rowId: (jobId: number) => string;
  /** when the list was fetched: a next try before it is due now */
  fetchedAt: number;
  /** the job being retried, if any */
  retrying: number | undefined;
  onRetry: (job: AdminOutboxJob) => void;
}

const job = columnsOf<AdminOutboxJob>();

/** The queue's rows: what each job is (its row's name, and where focus lands after a retry), its attempts, last error and next try. */
export function JobTable({ jobs, describedBy, rowId, fetchedAt, retrying, onRetry }: JobTableProps) {
  const columns: DataColumn<AdminOutboxJob>[] = [
    job.display({
      id: 'what',
      header: 'What',
      meta: { rowHeader: true, className: 'max-w-sm' },
      cell: ({ row: { original } }) => (
        <span id={rowId(original.id)} tabIndex={-1} className="block focus:outline-hidden">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <KindBadge kind={original.kind} />
            <span className="text-xs text-slate-600">Job {original.id}</span>
          </span>
          {original.paymentId !== null ? (
            <Link
              to={paths.adminPayment(original.paymentId)}
              className="mt-1 block font-semibold wrap-anywhere text-slate-900 underline underline-offset-2 hover:text-brand-700"
            >
              {original.summary}
            </Link>
          ) : (
            <span className="mt-1 block font-semibold wrap-anywhere text-slate-900">{original.summary}</span>
          )}
          <span className="mt-1 block text-xs text-slate-600">Created {formatDateTime(original.createdAt)}</span>
        </span>
      ),
    }),
    job.accessor('attempts', { header: 'Attempts', meta: { className: 'text-right', cellClassName: 'tabular-nums text-slate-900' } }),
    job.accessor('lastError', {
      header: 'Last error',
      meta: { className: 'max-w-xs' },
      cell: ({ getValue }) => {
        const lastError = getValue();
        return lastError ? <span className="wrap-anywhere text-red-800">{lastError}</span> : <span className="text-slate-600">None</span>;
      },
    }),
    job.display({
      id: 'next',
      header: 'Next try or done',
      cell: ({ row: { original } }) => {
        const due = original.status === 'pending' && Date.parse(original.nextAttemptAt) <= fetchedAt;
        return (
          <>
            <StatusBadge status={original.status} />
            <span className="block pt-1 whitespace-nowrap text-slate-700">
              {original.status === 'done'
                ? original.doneAt
                  ? formatDateTime(original.doneAt)
                  : ''
                : due
                  ? 'Due now'
                  : formatDateTime(original.nextAttemptAt)}
            </span>
            {original.status === 'pending' && (
              <span className="mt-2 block">
                <RetryButton job={original} retrying={retrying} onRetry={onRetry} />
              </span>
            )}
          </>
        );
      },
    }),
  ];
  return <DataTable label="Retry queue" columns={columns} rows={jobs} rowId={(row) => String(row.id)} describedBy={describedBy} />;
}

/**
 * While any retry runs, every button is aria-disabled rather than disabled, so the pressed one
 * keeps focus (a disabled button drops it) and stays where it was when the job is still waiting.
 */
function RetryButton({
  job,
  retrying,
  onRetry,
}: {
  job: AdminOutboxJob;
  retrying: number | undefined;
  onRetry: (job: AdminOutboxJob) => void;
}) {
  const busy = retrying !== undefined;
  const text = retrying === job.id ? 'Retrying…' : 'Retry now';
  return (
    <button
      type="button"
      // The visible words first, then which job: one name that screen readers and tests read alike.
      aria-label={`${text} – ${job.summary}`}
      aria-disabled={busy || undefined}
      onClick={() => onRetry(job)}
      className={`${buttonClass('secondary', 'sm')} min-h-11 w-full whitespace-nowrap sm:w-auto lg:min-h-9 ${busy ? 'cursor-not-allowed opacity-60' : ''}`}
    >
      <RotateCw aria-hidden="true" className={`size-4 ${retrying === job.id ? 'animate-spin' : ''}`} />
      {text}
    </button>
  );
}
