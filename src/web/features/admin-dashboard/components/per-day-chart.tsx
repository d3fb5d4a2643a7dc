import { useId } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice, PAISE_PER_RUPEE } from '#shared/money.ts';
import type { AdminDashboard as Dashboard } from '#shared/schemas/admin.ts';
import { ChartTable } from '#web/components/ui/chart-table.tsx';
import { formatAxisRupees, formatCount, formatDay, formatLongDay, periodLabel } from '../format.ts';
import { card, emptyText, heading } from './dashboard-styles.ts';

/** Orders (bars) and revenue (a line) per day, summed up for a screen reader and given as a table too. */
export function PerDayChart({ data }: { data: Dashboard }) {
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
