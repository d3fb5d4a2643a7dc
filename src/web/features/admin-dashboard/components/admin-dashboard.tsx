import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice, PAISE_PER_RUPEE } from '#shared/money.ts';
import type { AdminDashboard as Dashboard } from '#shared/schemas/admin.ts';
import { PAYMENT_METHOD_NAMES } from '#shared/schemas/orders.ts';
import { LoadError } from '#web/components/ui/list-states.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { ChartTable } from '#web/components/ui/chart-table.tsx';
import { PeriodSelect } from '#web/components/ui/period-select.tsx';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, useAdminDashboard, type DashboardPeriod } from '../api/get-dashboard.ts';
import { formatAxisRupees, formatCount, formatDate, formatDay, formatLongDay, periodLabel, statusLabel } from '../format.ts';

const card = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5';
const link = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';
const heading = 'text-lg font-semibold text-slate-900';
const emptyText = 'mt-2 text-sm text-slate-600';

const userPath = (uid: string) => `/admin/users/${encodeURIComponent(uid)}`;

function Kpis({ data }: { data: Dashboard }) {
  const figures = [
    { label: 'Gross merchandise value', value: formatPrice(data.gmv) },
    { label: 'Orders', value: formatCount(data.orders) },
    { label: 'Payments paid / failed', value: `${formatCount(data.payments.paid)} / ${formatCount(data.payments.failed)}` },
    {
      label: 'Cash on Delivery to collect',
      value: `${formatCount(data.payments.codToCollect.count)} · ${formatPrice(data.payments.codToCollect.amount)}`,
    },
    { label: 'Refunds', value: `${formatCount(data.refunds.count)} · ${formatPrice(data.refunds.amount)}` },
    { label: 'New customers', value: formatCount(data.newCustomers) },
    { label: 'New vendors', value: formatCount(data.vendors.new) },
    { label: 'Vendors awaiting approval', value: formatCount(data.vendors.pending) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className={card}>
          <dt className="text-sm text-slate-600">{figure.label}</dt>
          <dd className="mt-1 text-xl font-bold wrap-break-word text-slate-900 tabular-nums sm:text-2xl">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PaymentsByMethod({ data }: { data: Dashboard }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className={heading}>
        Payments by method
      </h2>
      {data.payments.byMethod.length === 0 ? (
        <p className={emptyText}>No payments in this period.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead className="text-left text-slate-600">
            <tr>
              <th scope="col" className="py-1.5 font-medium">
                Method
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Payments
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {data.payments.byMethod.map((row) => (
              <tr key={row.method} className="border-t border-slate-100">
                <th scope="row" className="py-1.5 text-left font-medium text-slate-900">
                  {PAYMENT_METHOD_NAMES[row.method]}
                </th>
                <td className="py-1.5 text-right tabular-nums">{formatCount(row.count)}</td>
                <td className="py-1.5 text-right tabular-nums">{formatPrice(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function PerDayChart({ data }: { data: Dashboard }) {
  const headingId = useId();
  const title = 'Orders and revenue per day';
  const points = data.perDay.map((day) => ({ date: day.date, orders: day.orders, rupees: day.revenue / PAISE_PER_RUPEE }));
  const best = data.perDay.reduce<Dashboard['perDay'][number] | null>(
    (top, day) => (top === null || day.revenue > top.revenue ? day : top),
    null,
  );
  const totalOrders = data.perDay.reduce((sum, day) => sum + day.orders, 0);
  const totalRevenue = data.perDay.reduce((sum, day) => sum + day.revenue, 0);
  const summary =
    `${title}, ${periodLabel(data.days).toLowerCase()}: ${formatCount(totalOrders)} orders and ${formatPrice(totalRevenue)} in total` +
    (best && best.revenue > 0 ? `; highest revenue on ${formatLongDay(best.date)} at ${formatPrice(best.revenue)}.` : '.');

  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className={heading}>
        {title}
      </h2>
      {data.perDay.length === 0 || (totalOrders === 0 && totalRevenue === 0) ? (
        <p className={emptyText}>No orders in this period.</p>
      ) : (
        <>
          <div role="img" aria-label={summary} className="mt-4 h-72 w-full min-w-0">
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 288 }}>
              <ComposedChart data={points} margin={{ top: 8, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
                <XAxis dataKey="date" tickFormatter={formatDay} minTickGap={24} tick={{ fontSize: 12, fill: '#475569' }} />
                <YAxis
                  yAxisId="revenue"
                  tickFormatter={(value: number) => formatAxisRupees(value)}
                  width={80}
                  tick={{ fontSize: 12, fill: '#475569' }}
                  allowDecimals={false}
                />
                <YAxis yAxisId="orders" orientation="right" width={36} tick={{ fontSize: 12, fill: '#475569' }} allowDecimals={false} />
                <Tooltip
                  formatter={(value, name) =>
                    name === 'Revenue'
                      ? [formatPrice(Math.round(Number(value) * PAISE_PER_RUPEE)), 'Revenue']
                      : [formatCount(Number(value)), 'Orders']
                  }
                  labelFormatter={(label) => formatLongDay(String(label))}
                />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar yAxisId="orders" dataKey="orders" name="Orders" fill="var(--color-brand-200)" radius={[3, 3, 0, 0]} />
                <Line
                  yAxisId="revenue"
                  type="monotone"
                  dataKey="rupees"
                  name="Revenue"
                  stroke="var(--color-brand-700)"
                  strokeWidth={2}
                  dot={false}
                />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
          <ChartTable
            caption={`${title}, ${periodLabel(data.days).toLowerCase()}`}
            headings={['Date', 'Orders', 'Revenue']}
            rows={data.perDay}
            rowKey={(day) => day.date}
            cells={(day) => [formatLongDay(day.date), formatCount(day.orders), formatPrice(day.revenue)]}
          />
        </>
      )}
    </section>
  );
}

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

function SalesByCategory({ rows }: { rows: Dashboard['salesByCategory'] }) {
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

function PendingVendors({ vendors }: { vendors: Dashboard['pendingVendors'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className={heading}>
          Vendors awaiting approval
        </h2>
        <Link to="/admin/users?pendingVendors=true" className={link}>
          Review all
        </Link>
      </div>
      {vendors.length === 0 ? (
        <p className={emptyText}>No vendors are waiting for approval.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {vendors.map((vendor) => (
            <li key={vendor.uid} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
              <div className="min-w-0">
                <Link to={userPath(vendor.uid)} className={`${link} wrap-break-word`}>
                  {vendor.shop}
                </Link>
                <p className="text-sm wrap-break-word text-slate-700">
                  {vendor.owner} · <span className="break-all">{vendor.email}</span>
                </p>
              </div>
              <span className="ml-auto text-sm whitespace-nowrap text-slate-600">
                since <time dateTime={vendor.since}>{formatDate(vendor.since)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

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

function LatestOrders({ orders }: { orders: Dashboard['latestOrders'] }) {
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

/** The marketplace at a glance for admins: the period's figures, sales, vendors to approve and the latest orders. */
export default function AdminDashboard() {
  const [days, setDays] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const dashboard = useAdminDashboard(days);
  const data = dashboard.data;

  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Dashboard</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Link to="/admin/audit" className={link}>
            Audit log
          </Link>
          <PeriodSelect periods={DASHBOARD_PERIODS} value={days} onChange={setDays} />
        </div>
      </div>

      <div className="mt-5 space-y-4" aria-busy={dashboard.isFetching}>
        {dashboard.isPending ? (
          <Loading label="Loading the dashboard…" />
        ) : dashboard.isError && !data ? (
          <LoadError
            what="the dashboard"
            message={errorMessage(dashboard.error, 'Please check your internet connection and try again.')}
            onRetry={() => void dashboard.refetch()}
          />
        ) : data ? (
          <>
            {dashboard.isError && (
              <LoadError
                what="this period"
                message={errorMessage(dashboard.error, 'Please check your internet connection and try again.')}
                onRetry={() => void dashboard.refetch()}
              />
            )}
            <Kpis data={data} />
            <PerDayChart data={data} />
            <div className="grid gap-4 lg:grid-cols-2">
              <SalesByCategory rows={data.salesByCategory} />
              <PaymentsByMethod data={data} />
            </div>
            <PendingVendors vendors={data.pendingVendors} />
            <LatestOrders orders={data.latestOrders} />
          </>
        ) : null}
      </div>
    </div>
  );
}
