import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { FilterBar } from '#web/components/data-table/filter-bar.tsx';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { Announcer, ErrorAlert } from '#web/components/ui/alerts.tsx';
import { searchOf, withParam } from '#web/lib/url-params.ts';
import { useOutboxJobs } from '../api/get-outbox-jobs.ts';
import { JobTable } from './job-table.tsx';
import { emptyText, FILTERS, PAGE_SIZE, readState } from './queue-state.ts';
import { useRetryJob } from './use-retry-job.ts';

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
  const { retry, announcement, problem, headingRef, onRetry } = useRetryJob(ids);
  const rowId = (jobId: number) => `${ids}-job-${jobId}`;

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
