import { Badge } from '#web/components/ui/badge.tsx';

const STATUS_STYLES = {
  draft: 'bg-slate-100 text-slate-800 ring-slate-300',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  archived: 'bg-amber-50 text-amber-900 ring-amber-300',
} as const;

export const STATUS_LABELS = { draft: 'Draft', active: 'Active', archived: 'Archived' } as const;

export function StatusBadge({ status }: { status: keyof typeof STATUS_STYLES }) {
  return <Badge tone={STATUS_STYLES[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** A product an admin took off the store: it reads so wherever the seller sees its status, whatever its own status is. */
export function HiddenByAdminBadge() {
  return <Badge tone="bg-red-50 text-red-800 ring-red-300">Hidden by admin</Badge>;
}
