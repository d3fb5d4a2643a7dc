import { formatPrice } from '#shared/money.ts';
import { PAYMENT_METHOD_NAMES, type Payment } from '#shared/schemas/orders.ts';
import { formatDateTime } from '../format-date-time.ts';
import { card, cardHeading } from './order-card.ts';
import { paymentDetails, statusOf } from './payment-lines.ts';
import { PaymentRefunds } from './payment-refunds.tsx';

/** The order's payment attempts: method, masked details, amount, status, refunds and reference. */
export function PaymentsSection({ payments }: { payments: Payment[] }) {
  return (
    <section aria-labelledby="order-payments-heading" className={card}>
      <h2 id="order-payments-heading" className={`${cardHeading} px-4 pt-4 sm:px-5`}>
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 sm:px-5">No payment has been made for this order yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {payments.map((payment) => {
            const status = statusOf(payment);
            return (
              <li key={payment.id} className="p-4 text-sm sm:px-5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-semibold text-slate-900">{PAYMENT_METHOD_NAMES[payment.method]}</p>
                  <p className={`tabular-nums ${payment.abandoned ? 'text-slate-500' : 'font-semibold text-slate-900'}`}>
                    {formatPrice(payment.amount)}
                  </p>
                </div>
                {paymentDetails(payment).map((line) => (
                  <p key={line} className="break-words text-slate-700">
                    {line}
                  </p>
                ))}
                <p className="mt-1 text-slate-600">
                  Status: <span className={`font-semibold ${status.tone}`}>{status.label}</span>,{' '}
                  <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
                </p>
                <PaymentRefunds payment={payment} />
                {(payment.status === 'failed' || payment.status === 'cancelled') && payment.failureReason && (
                  <p className={`mt-1 ${payment.abandoned ? 'text-slate-700' : 'text-red-800'}`}>Reason: {payment.failureReason}</p>
                )}
                <p className="mt-1 text-xs break-all text-slate-500">Reference {payment.reference}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
