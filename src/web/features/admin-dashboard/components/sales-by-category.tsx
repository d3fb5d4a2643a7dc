import { useId } from 'react';
import { formatPrice } from '#shared/money.ts';
import type { AdminDashboard as Dashboard } from '#shared/schemas/admin.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { formatCount } from '../format.ts';
import { card, emptyText, heading } from './dashboard-styles.ts';

type CategorySales = Dashboard['salesByCategory'][number];
const sales = columnsOf<CategorySales>();

/** The category's name with a bar of its revenue against the best category's (`top`), its revenue and units. */
function categoryColumns(top: number): DataColumn<CategorySales>[] {
  return [
    sales.accessor('category', {
      header: 'Category',
      meta: { rowHeader: true, cellClassName: 'font-medium text-slate-900' },
      cell: ({ row: { original } }) => (
        <>
          <span className="wrap-break-word">{original.category}</span>
          <span aria-hidden="true" className="mt-1 block h-1.5 w-full min-w-16 rounded-full bg-slate-100">
            <span
              className="block h-full rounded-full bg-brand-500"
              style={{ width: `${top > 0 ? Math.max(2, Math.round((original.revenue / top) * 100)) : 0}%` }}
            />
          </span>
        </>
      ),
    }),
    sales.accessor('revenue', {
      header: 'Revenue',
      meta: { className: 'text-right whitespace-nowrap', cellClassName: 'tabular-nums' },
      cell: ({ getValue }) => formatPrice(getValue()),
    }),
    sales.accessor('units', {
      header: 'Units',
      meta: { className: 'text-right', cellClassName: 'tabular-nums' },
      cell: ({ getValue }) => formatCount(getValue()),
    }),
  ];
}

/** Each category's revenue and units in the period, with a bar against the best category's. */
export function SalesByCategory({ rows }: { rows: Dashboard['salesByCategory'] }) {
  const headingId = useId();
  const top = rows.reduce((max, row) => Math.max(max, row.revenue), 0);
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className={heading}>
        Sales by category
      </h2>
      {rows.length === 0 ? (
        <p className={emptyText}>No sales in this period.</p>
      ) : (
        <div className="mt-3">
          <DataTable
            label="Sales by category, table"
            columns={categoryColumns(top)}
            rows={rows}
            rowId={(row) => row.category}
            minWidth="min-w-md"
          />
        </div>
      )}
    </section>
  );
}
