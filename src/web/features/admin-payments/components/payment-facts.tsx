import { formatPrice } from '#shared/money.ts';
import type { AdminPaymentDetail as Detail } from '../api/admin-payments.ts';
import { maskedDetails, methodName } from '../utils/format.ts';
import { Row, Section } from './payment-section.tsx';
import { PaymentStatusBadge } from './payment-ui.tsx';

/** The payment's facts: who paid, how, its reference and status, and what is refunded (and how much of it waits for the gateway). */
export function PaymentFacts({ payment, queuedAmount }: { payment: Detail['payment']; queuedAmount: number }) {
  const masked = maskedDetails(payment);
  return (
    <Section title="Payment">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)]">
        <Row label="Order number">{payment.orderNumber}</Row>
        <Row label="Customer">
          <span className="block wrap-break-word">{payment.customer.name}</span>
          <span className="block text-sm break-all text-slate-600">{payment.customer.email}</span>
        </Row>
        <Row label="Method">
          {methodName(payment.method)}
          {masked && <span className="block text-sm break-all text-slate-600">{masked}</span>}
        </Row>
        <Row label="Provider reference">
          <span className="font-mono text-sm break-all">{payment.reference}</span>
        </Row>
        <Row label="Status">
          <PaymentStatusBadge status={payment.status} abandoned={payment.abandoned} />
        </Row>
        <Row label="Amount">{formatPrice(payment.amount)}</Row>
        <Row label="Refunded">
          {formatPrice(payment.refundedAmount)}
          {queuedAmount > 0 && (
            <span className="block text-sm text-amber-900">
              {queuedAmount === payment.refundedAmount ? 'all of it' : `including ${formatPrice(queuedAmount)}`} waiting for the gateway
            </span>
          )}
        </Row>
        {payment.failureReason !== null && <Row label="Failure reason">{payment.failureReason}</Row>}
      </dl>
    </Section>
  );
}
