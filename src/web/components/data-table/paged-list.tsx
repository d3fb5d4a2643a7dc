import { useId, type ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { LoadError, PastLastPage, ResultSummary } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { PageNav } from '#web/components/ui/page-nav.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { searchOf, withParam } from '#web/lib/url-params.ts';

/** One page of a list as the API answers it. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** What a PagedList reads of the list's query (TanStack Query's answer). */
export interface ListQuery<T> {
  data: ListPage<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface PagedListProps<T> {
  query: ListQuery<T>;
  /** the list's URL parameters, kept by the page links */
  params: URLSearchParams;
  /** what the list holds, one and many: ['user', 'users'] */
  noun: [singular: string, plural: string];
  /** what is loading, or could not be loaded, when not the noun ("the retry queue") */
  what?: string;
  /** the name of the list's page links ("Pages of users") */
  pagesLabel: string;
  /** shown when the list is empty: an EmptyState, whose words depend on the filters */
  empty: ReactNode;
  /** the rows (a DataTable, or cards), given the page and the id of the "Showing 1–20 of 57" line that describes them */
  children: (page: ListPage<T>, summaryId: string) => ReactNode;
}

/**
 * A server-paged list's frame: the "Showing 1–20 of 57 users" line (announced as it changes), then
 * the rows, or loading, a load error with "Try again", an empty state, or a way back from a page
 * past the last; the previous page stays on screen, dimmed and busy, while the next one loads;
 * Previous and Next links under it keep the list's other URL parameters.
 */
export function PagedList<T>({ query, params, noun, what, pagesLabel, empty, children }: PagedListProps<T>) {
  const summaryId = useId();
  const { data } = query;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min((data.page - 1) * data.pageSize + data.items.length, data.total) : 0;

  return (
    <>
      <ResultSummary id={summaryId} total={data?.total} shown={data?.items.length ?? 0} first={first} last={last} noun={noun} />
      <div className="mt-3">
        {query.isPending ? (
          <Loading label={`Loading ${what ?? noun[1]}…`} />
        ) : query.isError || !data ? (
          <LoadError
            what={what ?? `the ${noun[1]}`}
            message={errorMessage(query.error, 'Please check your internet connection and try again.')}
            onRetry={() => void query.refetch()}
          />
        ) : data.items.length === 0 && data.total > 0 ? (
          <PastLastPage
            total={data.total}
            pageCount={pageCount}
            noun={noun[1]}
            lastPage={{ search: searchOf(withParam(params, 'page', pageCount === 1 ? undefined : String(pageCount))) }}
          />
        ) : data.items.length === 0 ? (
          empty
        ) : (
          <div
            className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            aria-busy={query.isPlaceholderData || undefined}
          >
            {children(data, summaryId)}
            <PageNav
              page={data.page}
              pageCount={pageCount}
              params={params}
              label={pagesLabel}
              note={
                <span className="text-slate-500">
                  {' '}
                  · {data.total.toLocaleString('en-IN')} {data.total === 1 ? noun[0] : noun[1]}
                </span>
              }
            />
          </div>
        )}
      </div>
    </>
  );
}

/** An empty list: what it means, and the way to what there is (usually "Show all …" without the filters). */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: { to: To; label: string } }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children ? <p className="mt-1 wrap-break-word text-slate-600">{children}</p> : null}
      {action ? (
        <Link to={action.to} className={`${buttonClass('secondary')} mt-4`}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
