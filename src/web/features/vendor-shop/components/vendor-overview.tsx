import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice, PAISE_PER_RUPEE } from '#shared/money.ts';
import type { VendorOverview as Overview } from '#shared/schemas/vendor.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { ChartTable } from '#web/components/ui/chart-table.tsx';
import { LoadError } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { PeriodSelect, periodLabel } from '#web/components/ui/period-select.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { DEFAULT_PERIOD, PERIODS, useVendorOverview, type Period } from '../api/vendor-shop.ts';
import { formatAxisRupees, formatDay, formatLongDay, plural } from '../format.ts';
import { vendorPaths } from '../vendor-paths.ts';

const card = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5';
const link = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';

function Kpis({ overview }: { overview: Overview }) {
  const figures = [
    { label: 'Revenue', value: formatPrice(overview.revenue) },
    { label: 'Orders', value: overview.orders.toLocaleString('en-IN') },
    { label: 'Units sold', value: overview.units.toLocaleString('en-IN') },
    { label: 'Average order value', value: formatPrice(overview.averageOrderValue) },
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

function RevenueChart({ overview }: { overview: Overview }) {
  const headingId = useId();
  const days = overview.days;
  const data = overview.revenueByDay.map((day) => ({ date: day.date, rupees: day.revenue / PAISE_PER_RUPEE }));
  const best = overview.revenueByDay.reduce<Overview['revenueByDay'][number] | null>(
    (top, day) => (top === null || day.revenue > top.revenue ? day : top),
    null,
  );
  const summary =
    `Revenue per day, ${periodLabel(days).toLowerCase()}: ${formatPrice(overview.revenue)} in total` +
    (best && best.revenue > 0 ? `; highest on ${formatLongDay(best.date)} at ${formatPrice(best.revenue)}.` : '.');

  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Revenue per day
      </h2>
      <div role="img" aria-label={summary} className="mt-4 h-64 w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 256 }}>
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <defs>
              <linearGradient id={`${headingId}-fill`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="var(--color-brand-500)" stopOpacity={0.35} />
                <stop offset="100%" stopColor="var(--color-brand-500)" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="date" tickFormatter={formatDay} minTickGap={24} tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis
              tickFormatter={(value: number) => formatAxisRupees(value)}
              width={80}
              tick={{ fontSize: 12, fill: '#475569' }}
              allowDecimals={false}
            />
            <Tooltip
              formatter={(value) => [formatPrice(Math.round(Number(value) * PAISE_PER_RUPEE)), 'Revenue']}
              labelFormatter={(label) => formatLongDay(String(label))}
            />
            <Area
              type="monotone"
              dataKey="rupees"
              name="Revenue"
              stroke="var(--color-brand-600)"
              strokeWidth={2}
              fill={`url(#${headingId}-fill)`}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={`Revenue per day, ${periodLabel(days).toLowerCase()}`}
        headings={['Date', 'Revenue']}
        rows={overview.revenueByDay}
        rowKey={(day) => day.date}
        cells={(day) => [formatLongDay(day.date), formatPrice(day.revenue)]}
      />
    </section>
  );
}

function TopProducts({ products }: { products: Overview['topProducts'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Top products
      </h2>
      {products.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No products sold in this period.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100">
          {products.map((product) => (
            <li key={product.productId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
              <span className="min-w-0 font-medium wrap-break-word text-slate-900">{product.name}</span>
              <span className="ml-auto text-sm whitespace-nowrap text-slate-700 tabular-nums">
                {plural(product.units, 'unit', 'units')} · {formatPrice(product.revenue)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function LowStock({ overview }: { overview: Overview }) {
  const headingId = useId();
  const thresholdId = useId();
  const low = overview.lowStock.filter((product) => product.stock <= overview.lowStockThreshold);
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Low stock
      </h2>
      <p id={thresholdId} className="mt-1 text-sm text-slate-600">
        Products with {plural(overview.lowStockThreshold, 'unit', 'units')} or fewer left.{' '}
        <Link to={vendorPaths.profile()} className={link}>
          Change threshold
        </Link>
      </p>
      {low.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">All your products are above the threshold.</p>
      ) : (
        <ul aria-describedby={thresholdId} className="mt-3 divide-y divide-slate-100">
          {low.map((product) => (
            <li key={product.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
              <span className="min-w-0 font-medium wrap-break-word text-slate-900">{product.name}</span>
              <span
                className={`ml-auto text-sm font-semibold whitespace-nowrap ${product.stock === 0 ? 'text-red-700' : 'text-amber-800'}`}
              >
                {product.stock === 0 ? 'Out of stock' : `${product.stock} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AwaitingPacking({ count }: { count: number }) {
  return (
    <div className={`${card} flex flex-wrap items-center justify-between gap-3`}>
      <p className="text-base text-slate-900">
        Orders waiting to be packed: <strong className="font-bold tabular-nums">{count}</strong>
      </p>
      <Link to={vendorPaths.orders('pending')} className={buttonClass(count > 0 ? 'primary' : 'secondary', 'sm')}>
        View orders to pack
      </Link>
    </div>
  );
}

/** The shop at a glance: the period's sales, revenue per day, top products, low stock and orders to pack. */
export default function VendorOverview() {
  const [days, setDays] = useState<Period>(DEFAULT_PERIOD);
  const overview = useVendorOverview(days);
  const data = overview.data;

  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Overview</h1>
        <PeriodSelect periods={PERIODS} value={days} onChange={setDays} />
      </div>

      <div className="mt-5 space-y-4" aria-busy={overview.isFetching}>
        {overview.isPending ? (
          <Loading label="Loading your shop's figures…" />
        ) : overview.isError && !data ? (
          <LoadError
            what="your shop's figures"
            message={errorMessage(overview.error, 'Please check your internet connection and try again.')}
            onRetry={() => void overview.refetch()}
          />
        ) : data ? (
          <>
            {overview.isError && (
              <LoadError
                what="this period"
                message={errorMessage(overview.error, 'Please check your internet connection and try again.')}
                onRetry={() => void overview.refetch()}
              />
            )}
            <AwaitingPacking count={data.awaitingPacking} />
            <Kpis overview={data} />
            {data.orders === 0 ? (
              <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
                <p className="text-lg font-semibold text-slate-900">No orders in the {periodLabel(data.days).toLowerCase()}.</p>
                <p className="mt-1 text-slate-600">Sales, revenue per day and top products appear here once customers order.</p>
              </div>
            ) : (
              <>
                <RevenueChart overview={data} />
                <TopProducts products={data.topProducts} />
              </>
            )}
            <LowStock overview={data} />
          </>
        ) : null}
      </div>
    </div>
  );
}
