import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/lib/format.ts';
import { formatTime } from '../format-date-time.ts';

/** A boxed note above the order's details, in the tone of what it says. */
export function Notice({ tone, children }: { tone: 'amber' | 'slate' | 'orange'; children: ReactNode }) {
  const tones = {
    amber: 'border-amber-300 bg-amber-50 text-amber-950',
    slate: 'border-slate-300 bg-slate-50 text-slate-800',
    orange: 'border-orange-200 bg-orange-50 text-orange-950',
  };
  return <div className={`rounded-xl border p-4 text-sm ${tones[tone]}`}>{children}</div>;
}

/** What the order's state asks of the shopper or tells them: pay by a time, cancelled and refunded, returned. */
export function StatusNotices({ order }: { order: Order }) {
  const refunded = order.payments.reduce((sum, payment) => sum + payment.refundedAmount, 0);
  const paid = order.payments.some((payment) => ['captured', 'refunded', 'partially_refunded'].includes(payment.status));
  return (
    <>
      {order.canPay && order.payBy && (
        <Notice tone="amber">
          <p className="font-semibold">
            Awaiting payment — complete payment by <time dateTime={order.payBy}>{formatTime(order.payBy)}</time>
          </p>
          <p className="mt-1">Unpaid orders are cancelled automatically and their items released.</p>
          <Link to={`${paths.checkout()}?order=${order.id}`} className={`${buttonClass('primary')} mt-3`}>
            Complete payment
          </Link>
        </Notice>
      )}
      {order.status === 'pending_payment' && !order.canPay && (
        <Notice tone="amber">
          <p>The time to pay for this order has run out. It will be cancelled shortly.</p>
        </Notice>
      )}
      {order.status === 'cancelled' && (
        <Notice tone="slate">
          <p className="font-semibold">
            {order.cancelledAt ? (
              <>
                Cancelled on <time dateTime={order.cancelledAt}>{formatDate(order.cancelledAt)}</time>
              </>
            ) : (
              'This order was cancelled'
            )}
          </p>
          {refunded > 0 ? (
            <p className="mt-1">{formatPrice(refunded)} has been refunded to the original payment method.</p>
          ) : (
            !paid && <p className="mt-1">No payment was taken for this order.</p>
          )}
        </Notice>
      )}
      {order.returnReason && order.status !== 'cancelled' && (
        <Notice tone={order.status === 'refunded' ? 'slate' : 'orange'}>
          <p className="font-semibold">
            {order.status === 'refunded' && refunded > 0
              ? `Returned and refunded: ${formatPrice(refunded)} to the original payment method`
              : order.status === 'return_requested'
                ? 'Return requested'
                : 'Return'}
          </p>
          <p className="mt-1 break-words">Your reason: {order.returnReason}</p>
        </Notice>
      )}
    </>
  );
}
