import { useId } from 'react';
import { formatPrice } from '#shared/money.ts';
import type { AdminDashboard as Dashboard } from '#shared/schemas/admin.ts';
import { PAYMENT_METHOD_NAMES } from '#shared/schemas/orders.ts';
import { formatCount } from '../format.ts';
import { card, emptyText, heading } from './dashboard-styles.ts';

/** The period's payments by method: how many and how much. */
export function PaymentsByMethod({ data }: { data: Dashboard }) {
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
