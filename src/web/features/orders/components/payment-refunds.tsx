import { formatPrice } from '#shared/money.ts';
import type { Payment } from '#shared/schemas/orders.ts';

const STATUS = {
  pending: 'on its way to your bank',
  processed: 'credited by the gateway',
  failed: 'failed at the gateway; please contact us',
} as const;

/**
 * What was refunded of a payment: the total, then each refund with its state and, once the
 * gateway reports it, the bank's reference (ARN) the customer's bank traces it by.
 */
export function PaymentRefunds({ payment }: { payment: Payment }) {
  if (payment.refundedAmount <= 0) return null;
  const refunds = payment.refunds ?? [];
  return (
    <div className="mt-1 text-slate-800">
      <p>Refunded {formatPrice(payment.refundedAmount)} to the original payment method</p>
      {refunds.length > 0 && (
        <ul className="mt-1 space-y-1">
          {refunds.map((refund) => (
            <li key={refund.reference} className="text-slate-700">
              {formatPrice(refund.amount)}: {STATUS[refund.status]}
              {refund.arn && <span className="block break-all">Bank reference (ARN): {refund.arn}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
