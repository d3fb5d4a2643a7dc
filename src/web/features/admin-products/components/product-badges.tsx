import type { AdminProduct } from '../api/admin-products.ts';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

const STATUS_LABELS: Record<AdminProduct['status'], string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };
const STATUS_STYLES: Record<AdminProduct['status'], string> = {
  draft: 'bg-slate-100 text-slate-800 ring-slate-300',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  archived: 'bg-amber-50 text-amber-900 ring-amber-300',
};

export function StatusBadge({ status }: { status: AdminProduct['status'] }) {
  return <span className={`${badge} ${STATUS_STYLES[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** The moderator's reason, which can be long: it wraps rather than widening the row. */
export function HiddenBadge({ reason }: { reason: string }) {
  return (
    <span className="inline-block max-w-full rounded-md bg-red-50 px-2 py-0.5 text-xs font-semibold wrap-break-word text-red-800 ring-1 ring-red-300 ring-inset">
      Hidden: {reason}
    </span>
  );
}

/** Products the store picked for its home page; only the store sets this, never the vendor. */
export function FeaturedBadge() {
  return <span className={`${badge} bg-violet-50 text-violet-900 ring-violet-300`}>Featured</span>;
}
