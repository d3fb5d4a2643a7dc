import { Badge } from '#web/components/ui/badge.tsx';
import type { PaymentStatus } from '../api/admin-payments.ts';
import { PAYMENT_STATUS_LABELS } from '../utils/format.ts';

const STATUS_STYLES: Record<PaymentStatus, string> = {
  created: 'bg-slate-100 text-slate-800 ring-slate-300',
  authorized: 'bg-sky-50 text-sky-900 ring-sky-300',
  captured: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  failed: 'bg-red-50 text-red-800 ring-red-300',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
  refunded: 'bg-violet-50 text-violet-900 ring-violet-300',
  partially_refunded: 'bg-amber-50 text-amber-900 ring-amber-300',
};

/** A payment's status; an attempt the shopper never finished reads "Abandoned" (no money moved), not pending or failed. */
export function PaymentStatusBadge({ status, abandoned = false }: { status: PaymentStatus; abandoned?: boolean }) {
  if (abandoned) return <Badge tone="bg-slate-50 text-slate-600 ring-slate-300">Abandoned</Badge>;
  return <Badge tone={STATUS_STYLES[status]}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}

export { searchOf, withParam } from '#web/lib/url-params.ts';
