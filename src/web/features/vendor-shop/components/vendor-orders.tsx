import { useCallback, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FULFILMENT_STATUSES, type FulfilmentStatus } from '#shared/order-states.ts';
import { anyFilterSet, type Filter, FilterBar, withoutFilters } from '#web/components/data-table/filter-bar.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { PastLastPage, ResultSummary } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { PageNav } from '#web/components/ui/page-nav.tsx';
import { readPage, searchOf, withParam } from '#web/lib/url-params.ts';
import { useVendorOrders, type VendorOrdersQuery } from '../api/vendor-shop.ts';
import { FULFILMENT_LABELS } from './fulfilment-status-badge.tsx';
import { LoadError } from './load-error.tsx';
import { OrderCard } from './vendor-order-card.tsx';

const FILTERS: readonly Filter[] = [
  { kind: 'text', param: 'q', label: 'Order number or customer', type: 'search', placeholder: 'CB00000042 or Asha', maxLength: 100 },
  { kind: 'select', param: 'status', label: 'Status', anyLabel: 'All orders', options: FULFILMENT_STATUSES.map((status) => ({ value: status, label: FULFILMENT_LABELS[status] })) },
];

const EMPTY_FILTERED: Record<FulfilmentStatus, string> = {
  pending: 'No orders are waiting to be packed.',
  packed: 'No packed orders are waiting to ship.',
  shipped: 'No orders are on their way.',
  delivered: 'No orders have been delivered yet.',
  cancelled: 'No orders have been cancelled.',
};

/** The list's state as the URL holds it; anything unreadable falls back to the default. */
function readQuery(params: URLSearchParams): VendorOrdersQuery {
  const status = params.get('status');
  const q = params.get('q')?.trim();
  return {
    ...((FULFILMENT_STATUSES as readonly (string | null)[]).includes(status) ? { status: status as FulfilmentStatus } : {}),
    ...(q ? { q } : {}),
    page: readPage(params),
  };
}

/** The vendor's orders, newest first, a page at a time: found by number or customer, filtered by status, with packing and shipping actions. */
export default function VendorOrders() {
  const [params, setParams] = useSearchParams();
  const summaryId = useId();
  const query = readQuery(params);
  const orders = useVendorOrders(query);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement(message), []);
  const filtered = anyFilterSet(params, FILTERS);

  const data = orders.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data ? (data.page - 1) * data.pageSize + 1 : 0;

  return (
    <div className="min-w-0">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Orders</h1>

      <FilterBar filters={FILTERS} params={params} onChange={setParams} searchLabel="Find orders" />

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <ResultSummary id={summaryId} total={data?.total} shown={data?.items.length ?? 0} first={first} last={first + (data?.items.length ?? 0) - 1} noun={['order', 'orders']} />

      <div className="mt-3">
        {orders.isPending ? (
          <Loading label="Loading orders…" />
        ) : orders.isError ? (
          <LoadError title="We could not load your orders." error={orders.error} onRetry={() => void orders.refetch()} />
        ) : orders.data.items.length === 0 && orders.data.total > 0 ? (
          <PastLastPage total={orders.data.total} pageCount={pageCount} noun="orders" lastPage={{ search: searchOf(withParam(params, 'page', pageCount === 1 ? undefined : String(pageCount))) }} />
        ) : orders.data.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center sm:p-10">
            {filtered ? (
              <>
                <p className="text-lg font-semibold text-slate-900">
                  {query.q ? `No orders match “${query.q}”${query.status ? ` among ${FULFILMENT_LABELS[query.status].toLowerCase()}` : ''}.` : query.status ? EMPTY_FILTERED[query.status] : 'No orders match.'}
                </p>
                <Link to={{ search: searchOf(withoutFilters(params, FILTERS)) }} className={`${buttonClass('secondary')} mt-4`}>
                  Show all orders
                </Link>
              </>
            ) : (
              <>
                <p className="text-lg font-semibold text-slate-900">No orders yet.</p>
                <p className="mt-1 text-slate-600">When customers buy your products, their orders appear here to pack and ship.</p>
              </>
            )}
          </div>
        ) : (
          <>
            <ul className={`space-y-4 ${orders.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`} aria-busy={orders.isFetching} aria-describedby={summaryId}>
              {orders.data.items.map((order) => (
                <OrderCard key={order.fulfilmentId} order={order} onAnnounce={announce} />
              ))}
            </ul>
            <PageNav page={orders.data.page} pageCount={pageCount} params={params} label="Pages of orders" />
          </>
        )}
      </div>
    </div>
  );
}
