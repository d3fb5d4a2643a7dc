import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FULFILMENT_STATUSES, type FulfilmentStatus } from '#shared/order-states.ts';
import { anyFilterSet, type Filter, FilterBar, withoutFilters } from '#web/components/data-table/filter-bar.tsx';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { type StatusTab, StatusTabs } from '#web/components/data-table/status-tabs.tsx';
import { readPage, searchOf } from '#web/lib/url-params.ts';
import { useVendorOrders, type VendorOrdersQuery } from '../api/vendor-shop.ts';
import { FULFILMENT_LABELS } from './fulfilment-status-badge.tsx';
import { OrderCard } from './vendor-order-card.tsx';

/** The search box; the status is chosen by the tabs above it, which show each status's count. */
const FILTERS: readonly Filter[] = [
  { kind: 'text', param: 'q', label: 'Order number or customer', type: 'search', placeholder: 'e.g. CB00000042', maxLength: 100 },
];
/** What "Show all orders" and "filtered" clear: the search and the status tab. */
const ALL_FILTERS: readonly Filter[] = [...FILTERS, { kind: 'checkbox', param: 'status', label: 'Status' }];

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
  const query = readQuery(params);
  const orders = useVendorOrders(query);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement(message), []);
  const filtered = anyFilterSet(params, ALL_FILTERS);
  const counts = orders.data?.counts;
  const tabs: StatusTab<FulfilmentStatus>[] = [
    { value: undefined, label: 'All', count: counts ? FULFILMENT_STATUSES.reduce((sum, status) => sum + counts[status], 0) : undefined },
    ...FULFILMENT_STATUSES.map((status) => ({ value: status, label: FULFILMENT_LABELS[status], count: counts?.[status] })),
  ];

  return (
    <div className="min-w-0">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Orders</h1>

      <StatusTabs label="Orders by status" tabs={tabs} current={query.status} params={params} />

      <FilterBar filters={FILTERS} params={params} onChange={setParams} searchLabel="Find orders" />

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <PagedList
        query={orders}
        params={params}
        noun={['order', 'orders']}
        pagesLabel="Pages of orders"
        empty={
          filtered ? (
            <EmptyState
              title={
                query.q
                  ? `No orders match “${query.q}”${query.status ? ` among ${FULFILMENT_LABELS[query.status].toLowerCase()}` : ''}.`
                  : query.status
                    ? EMPTY_FILTERED[query.status]
                    : 'No orders match.'
              }
              action={{ to: { search: searchOf(withoutFilters(params, ALL_FILTERS)) }, label: 'Show all orders' }}
            />
          ) : (
            <EmptyState title="No orders yet.">When customers buy your products, their orders appear here to pack and ship.</EmptyState>
          )
        }
      >
        {(page, summaryId) => (
          <ul className="space-y-4" aria-describedby={summaryId}>
            {page.items.map((order) => (
              <OrderCard key={order.fulfilmentId} order={order} onAnnounce={announce} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
