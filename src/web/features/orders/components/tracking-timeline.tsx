import type { z } from 'zod';
import type { FulfilmentSchema } from '#shared/schemas/orders.ts';
import { formatDate } from '#web/lib/format.ts';
import { formatDateTime } from '../format-date-time.ts';

export type Fulfilment = z.infer<typeof FulfilmentSchema>;

interface Step {
  label: string;
  at: string | null;
  done: boolean;
}

/** How far each fulfilment status has come: Ordered is step 0. */
const REACHED = { pending: 0, packed: 1, shipped: 2, delivered: 3 } as const;

function steps(fulfilment: Fulfilment, orderDate: string): Step[] {
  const { status, packedAt, shippedAt, deliveredAt } = fulfilment;
  if (status === 'cancelled') {
    // Only what actually happened before the cancellation.
    return [{ label: 'Ordered', at: orderDate, done: true }, ...(packedAt ? [{ label: 'Packed', at: packedAt, done: true }] : [])];
  }
  const reached = REACHED[status];
  return [
    { label: 'Ordered', at: orderDate, done: true },
    { label: 'Packed', at: packedAt, done: reached >= 1 },
    { label: 'Shipped', at: shippedAt, done: reached >= 2 },
    { label: 'Delivered', at: deliveredAt, done: reached >= 3 },
  ];
}

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="block text-sm text-slate-600">
      <span className="sr-only">on </span>
      {formatDateTime(iso)}
    </time>
  );
}

interface TrackingTimelineProps {
  fulfilment: Fulfilment;
  /** the order's date: the first step */
  orderDate: string;
  /** when the order was cancelled, for a cancelled fulfilment */
  cancelledAt?: string | null;
  /** names the list, e.g. "Tracking for the shipment from Acme Computers" */
  label: string;
}

/** One vendor's shipment: Ordered → Packed → Shipped → Delivered, with dates, carrier and tracking number. */
export function TrackingTimeline({ fulfilment, orderDate, cancelledAt, label }: TrackingTimelineProps) {
  const list = steps(fulfilment, orderDate);
  const cancelled = fulfilment.status === 'cancelled';
  const current = cancelled ? -1 : list.findLastIndex((step) => step.done);
  const shipped = fulfilment.status === 'shipped' || fulfilment.status === 'delivered';

  return (
    <div>
      <ol aria-label={label} className="grid gap-0 sm:grid-cols-4 sm:gap-3">
        {list.map((step, index) => {
          const last = index === list.length - 1 && !cancelled;
          return (
            <li
              key={step.label}
              aria-current={index === current ? 'step' : undefined}
              className="relative flex gap-3 pb-5 last:pb-0 sm:flex-col sm:gap-2 sm:pb-0"
            >
              {/* The line to the next step: down on phones, across on wider screens. */}
              {!last && (
                <span
                  aria-hidden="true"
                  className={`absolute top-8 bottom-0 left-[0.9375rem] w-0.5 sm:top-[0.9375rem] sm:bottom-auto sm:-right-3 sm:left-10 sm:h-0.5 sm:w-auto ${
                    list[index + 1]?.done ? 'bg-emerald-600' : 'bg-slate-200'
                  }`}
                />
              )}
              <span
                aria-hidden="true"
                className={`relative flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  step.done ? 'bg-emerald-600 text-white' : 'border-2 border-slate-300 bg-white text-slate-500'
                }`}
              >
                {step.done ? '✓' : index + 1}
              </span>
              <div className="min-w-0 pt-1 sm:pt-0">
                {/* Read as "Packed on 23 Nov 2026, 5:30 pm" or "Shipped: not yet" (the ticks and numbers are pictures). */}
                <p className={step.done ? 'font-semibold text-slate-900' : 'font-medium text-slate-500'}>
                  {step.label}
                  {!step.done && <span className="sr-only">: not yet</span>}
                  {step.done && !step.at && <span className="sr-only">: done</span>}
                </p>
                {step.done && step.at && <When iso={step.at} />}
              </div>
            </li>
          );
        })}
        {cancelled && (
          <li className="relative flex gap-3 sm:flex-col sm:gap-2">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-600 text-sm font-bold text-white"
            >
              ✕
            </span>
            <div className="min-w-0 pt-1 sm:pt-0">
              <p className="font-semibold text-slate-900">Cancelled</p>
              {cancelledAt && <When iso={cancelledAt} />}
            </div>
          </li>
        )}
      </ol>

      {cancelled ? (
        <p className="mt-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          This shipment was cancelled{cancelledAt ? ` on ${formatDate(cancelledAt)}` : ''} and will not be delivered.
        </p>
      ) : (
        shipped &&
        (fulfilment.carrier || fulfilment.trackingNumber) && (
          <dl className="mt-4 grid gap-x-6 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm sm:grid-cols-[auto_1fr]">
            {fulfilment.carrier && (
              <>
                <dt className="text-slate-600">Carrier</dt>
                <dd className="font-medium text-slate-900">{fulfilment.carrier}</dd>
              </>
            )}
            {fulfilment.trackingNumber && (
              <>
                <dt className="text-slate-600">Tracking number</dt>
                <dd className="font-mono font-medium break-all text-slate-900">{fulfilment.trackingNumber}</dd>
              </>
            )}
          </dl>
        )
      )}
    </div>
  );
}
