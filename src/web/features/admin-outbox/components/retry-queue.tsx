import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RotateCw } from 'lucide-react';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { type Filter, FilterBar } from '#web/components/data-table/filter-bar.tsx';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { Announcer, ErrorAlert, type AnnouncerTone } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { readPage, searchOf, withParam } from '#web/lib/url-params.ts';
import {
  errorMessage,
  isAlreadyDone,
  useOutboxJobs,
  type AdminOutboxJob,
  type OutboxKind,
  type OutboxStatus,
} from '../api/get-outbox-jobs.ts';
import { useRetryOutboxJob } from '../api/retry-outbox-job.ts';
import { KindBadge, StatusBadge } from './outbox-ui.tsx';

const PAGE_SIZE = 20;

/** `status` in the URL: absent means waiting jobs, what an admin opens this page for. */
type StatusFilter = OutboxStatus | 'all';

/** The list's filters, each a URL parameter; no status means the waiting jobs. */
const FILTERS: readonly Filter[] = [
  {
    kind: 'select',
    param: 'status',
    label: 'Status',
    anyLabel: 'Waiting',
    options: [
      { value: 'done', label: 'Done' },
      { value: 'all', label: 'All' },
    ],
  },
  {
    kind: 'select',
    param: 'kind',
    label: 'Kind',
    anyLabel: 'Refunds and mails',
    options: [
      { value: 'refund', label: 'Refunds' },
      { value: 'mail', label: 'Mails' },
    ],
  },
];

interface ListState {
  status: StatusFilter;
  kind: OutboxKind | undefined;
  page: number;
}

/** The list's state as the URL holds it; anything unreadable falls back to the default. */
function readState(params: URLSearchParams): ListState {
  const status = params.get('status');
  const kind = params.get('kind');
  return {
    status: status === 'done' || status === 'all' ? status : 'pending',
    kind: kind === 'refund' || kind === 'mail' ? kind : undefined,
    page: readPage(params),
  };
}

/** What the empty list says, for the filters chosen. */
function emptyText({ status, kind }: ListState): { title: string; text: string } {
  const what = kind === 'refund' ? 'refund' : kind === 'mail' ? 'mail' : 'refund and mail';
  const plural = kind === 'refund' ? 'refunds' : kind === 'mail' ? 'mails' : 'refunds or mails';
  if (status === 'pending') return { title: 'Nothing is waiting', text: `Nothing is waiting: every ${what} has gone through.` };
  if (status === 'done')
    return {
      title: `No ${plural} done yet`,
      text: `${plural[0]!.toUpperCase()}${plural.slice(1)} appear here once they have gone through.`,
    };
  return {
    title: `No ${plural} yet`,
    text: `${plural[0]!.toUpperCase()}${plural.slice(1)} appear here as orders are paid, cancelled and refunded.`,
  };
}

interface Announcement {
  message: string;
  tone: AnnouncerTone;
}

/** What a retry's answer means, in one sentence for the live region. */
function retryAnnouncement(before: AdminOutboxJob, after: AdminOutboxJob): Announcement {
  if (after.status === 'done') return { tone: 'success', message: `Done: ${after.summary} went through on attempt ${after.attempts}.` };
  if (after.attempts === before.attempts)
    return { tone: 'warning', message: `${after.summary} is being tried right now by the automatic retry. Check again in a moment.` };
  return {
    tone: 'warning',
    message: `Still waiting: ${after.summary} failed again on attempt ${after.attempts}${after.lastError ? ` (${after.lastError})` : ''}. Next try ${formatDateTime(after.nextAttemptAt)}.`,
  };
}

const NO_ANNOUNCEMENT: Announcement = { message: '', tone: 'success' };

/** Where focus goes after a job's "Retry now" button goes away. */
type FocusRequest = { jobId: number };

/**
 * The outbox: refunds and mails that must happen, retried automatically with backoff until they
 * go through. Filter by status and kind (kept in the URL), see why each one failed, and retry one now.
 */
export default function RetryQueue() {
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const state = readState(params);
  const jobs = useOutboxJobs({
    status: state.status === 'all' ? undefined : state.status,
    kind: state.kind,
    page: state.page,
    pageSize: PAGE_SIZE,
  });
  const retry = useRetryOutboxJob();
  const [announcement, setAnnouncement] = useState<Announcement>(NO_ANNOUNCEMENT);
  const [problem, setProblem] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const rowId = (jobId: number) => `${ids}-job-${jobId}`;

  // A job that went through loses its button (and, among waiting jobs, its row): focus goes to
  // the job's row, or to the heading when the row is gone.
  useEffect(() => {
    if (!focusRequest) return;
    (document.getElementById(`${ids}-job-${focusRequest.jobId}`) ?? headingRef.current)?.focus();
  }, [focusRequest, ids]);

  const onRetry = (job: AdminOutboxJob) => {
    if (retry.isPending) return;
    setAnnouncement(NO_ANNOUNCEMENT);
    setProblem(null);
    retry.mutate(job.id, {
      onSuccess: (after) => {
        setAnnouncement(retryAnnouncement(job, after));
        if (after.status === 'done') setFocusRequest({ jobId: job.id });
      },
      onError: (retryError) => {
        if (isAlreadyDone(retryError)) {
          setAnnouncement({ tone: 'success', message: `Already done: ${job.summary} had gone through before this retry.` });
          setFocusRequest({ jobId: job.id });
        } else {
          setProblem(`${job.summary} was not retried. ${errorMessage(retryError, 'Please check your internet connection and try again.')}`);
        }
      },
    });
  };

  const { data } = jobs;
  const empty = emptyText(state);

  return (
    <div className="mx-auto w-full max-w-7xl">
      <title>Retry queue · Admin</title>
      <div className="flex flex-wrap items-center gap-3">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          Retry queue
        </h1>
        {data && (
          <span
            className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${
              data.pending > 0 ? 'bg-amber-50 text-amber-900 ring-amber-300' : 'bg-emerald-50 text-emerald-800 ring-emerald-300'
            }`}
          >
            {data.pending > 0 ? `${data.pending.toLocaleString('en-IN')} waiting` : 'Nothing waiting'}
          </span>
        )}
      </div>
      <p className="mt-1 max-w-3xl text-slate-600">
        Refunds and mails that must happen. One that fails is tried again automatically, after 10 s, 20 s, 40 s and so on, up to once an
        hour, until it goes through. Once its cause is fixed, retry it now.
      </p>

      <Announcer message={announcement.message} tone={announcement.tone} className="mt-4" />
      {problem && <ErrorAlert className="mt-4">{problem}</ErrorAlert>}

      <FilterBar filters={FILTERS} params={params} onChange={setParams} />

      <PagedList
        query={jobs}
        params={params}
        noun={['job', 'jobs']}
        what="the retry queue"
        pagesLabel="Pages of the retry queue"
        empty={
          <EmptyState
            title={empty.title}
            action={
              state.status === 'pending'
                ? { to: { search: searchOf(withParam(params, 'status', 'done')) }, label: 'Show what has gone through' }
                : undefined
            }
          >
            {empty.text}
          </EmptyState>
        }
      >
        {(page, summaryId) => (
          <JobTable
            jobs={page.items}
            describedBy={summaryId}
            rowId={rowId}
            fetchedAt={jobs.dataUpdatedAt}
            retrying={retry.isPending ? retry.variables : undefined}
            onRetry={onRetry}
          />
        )}
      </PagedList>
    </div>
  );
}

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
function JobTable({ jobs, describedBy, rowId, fetchedAt, retrying, onRetry }: JobTableProps) {
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
