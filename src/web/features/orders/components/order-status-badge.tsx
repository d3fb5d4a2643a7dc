import type { DisplayStatus } from '#shared/order-states.ts';

const AMBER = 'bg-amber-50 text-amber-900 ring-amber-300';
const BLUE = 'bg-blue-50 text-blue-800 ring-blue-200';
const INDIGO = 'bg-indigo-50 text-indigo-800 ring-indigo-200';
const GREEN = 'bg-emerald-50 text-emerald-800 ring-emerald-200';
const SLATE = 'bg-slate-100 text-slate-700 ring-slate-300';
const ORANGE = 'bg-orange-50 text-orange-900 ring-orange-200';

const TONES: Record<DisplayStatus, string> = {
  'Awaiting payment': AMBER,
  Confirmed: BLUE,
  Packed: BLUE,
  'Partially shipped': INDIGO,
  Shipped: INDIGO,
  'Partially delivered': INDIGO,
  Delivered: GREEN,
  Cancelled: SLATE,
  Refunded: SLATE,
  'Return requested': ORANGE,
  Returned: ORANGE,
};

function isDisplayStatus(status: string): status is DisplayStatus {
  return Object.hasOwn(TONES, status);
}

/** The order's status as the shopper sees it ("Partially shipped", …), as a coloured pill; the words carry the meaning. */
export function OrderStatusBadge({ status }: { status: string }) {
  const tone = isDisplayStatus(status) ? TONES[status] : SLATE;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tone}`}
    >
      {status}
    </span>
  );
}
