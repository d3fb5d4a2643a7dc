import { formatPrice } from '#shared/money.ts';
import type { AdminDashboard as Dashboard } from '#shared/schemas/admin.ts';
import { formatCount } from '../format.ts';
import { card } from './dashboard-styles.ts';

/** The period's figures: money taken, orders, payments, refunds, new customers and vendors. */
export function Kpis({ data }: { data: Dashboard }) {
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
