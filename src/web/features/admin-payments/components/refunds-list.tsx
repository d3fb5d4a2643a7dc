import type { Ref } from 'react';
import { formatPrice } from '#shared/money.ts';
import type { AdminPaymentDetail as Detail } from '../api/admin-payments.ts';
import { formatDateTime } from '../utils/format.ts';
import { Section } from './payment-section.tsx';

const REFUND_STATUS = { pending: 'Pending at the gateway', processed: 'Processed', failed: 'Failed at the gateway' } as const;

/** The refunds the gateway has made, in the order the server lists them; the heading takes the focus when a queued refund is made. */
export function RefundsList({
  refunds,
  queued,
  headingRef,
}: {
  refunds: Detail['refunds'];
  queued: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <Section title="Refunds" className="mt-6" headingRef={headingRef}>
      {refunds.length === 0 ? (
        <p className="text-sm text-slate-600">{queued ? 'The gateway has made no refund yet.' : 'Nothing has been refunded.'}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {refunds.map((item) => (
            <li key={item.reference} className="py-3 text-sm">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold text-slate-900">{formatPrice(item.amount)}</span>
                <span className="text-slate-600">{formatDateTime(item.createdAt)}</span>
              </p>
              <p className="mt-1 wrap-break-word text-slate-800">{item.reason}</p>
              <p className="mt-1 text-xs break-all text-slate-600">Reference {item.reference}</p>
              <p className="mt-1 text-xs break-all text-slate-700">
                {REFUND_STATUS[item.status]}
                {item.arn && ` · Bank reference (ARN): ${item.arn}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
