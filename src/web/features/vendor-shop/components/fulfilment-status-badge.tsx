import type { FulfilmentStatus } from '#shared/order-states.ts';

export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  pending: 'To pack',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const TONES: Record<FulfilmentStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  packed: 'bg-blue-50 text-blue-800 ring-blue-200',
  shipped: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** The vendor's part of an order as a coloured pill; the words carry the meaning. */
export function FulfilmentStatusBadge({ status }: { status: FulfilmentStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[status]}`}
    >
      <span className="sr-only">Status: </span>
      {FULFILMENT_LABELS[status]}
    </span>
  );
}
