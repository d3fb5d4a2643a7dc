import { useId } from 'react';
import { formatPrice } from '#shared/money.ts';
import type { AdminDashboard as Dashboard } from '#shared/schemas/admin.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { formatDate, statusLabel } from '../format.ts';
import { card, emptyText, heading } from './dashboard-styles.ts';

type LatestOrder = Dashboard['latestOrders'][number];
const order = columnsOf<LatestOrder>();
const ORDER_COLUMNS: DataColumn<LatestOrder>[] = [
  order.accessor('number', {
    header: 'Order',
    meta: { rowHeader: true, className: 'whitespace-nowrap', cellClassName: 'font-medium text-slate-900' },
  }),
  order.accessor('customer', { header: 'Customer', meta: { cellClassName: 'wrap-break-word text-slate-700' } }),
  order.accessor('total', {
    header: 'Total',
    meta: { className: 'text-right whitespace-nowrap', cellClassName: 'tabular-nums' },
    cell: ({ getValue }) => formatPrice(getValue()),
  }),
  order.accessor('status', { header: 'Status', meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => statusLabel(getValue()) }),
  order.accessor('orderDate', {
    header: 'Date',
    meta: { className: 'whitespace-nowrap', cellClassName: 'text-slate-600' },
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDate(getValue())}</time>,
  }),
];

/** The newest orders: number, customer, total, status and date. */
export function LatestOrders({ orders }: { orders: Dashboard['latestOrders'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className={heading}>
        Latest orders
      </h2>
      {orders.length === 0 ? (
        <p className={emptyText}>No orders yet.</p>
      ) : (
        <div className="mt-3">
          <DataTable
            label="Latest orders, table"
            columns={ORDER_COLUMNS}
            rows={orders}
            rowId={(order) => String(order.id)}
            minWidth="min-w-lg"
          />
        </div>
      )}
    </section>
  );
}
