import type { ReactNode } from 'react';
import type { PaymentStatus } from '../api/admin-payments.ts';
import { PAYMENT_STATUS_LABELS } from '../utils/format.ts';

export { controlClassName as controlClass } from '#web/components/ui/field.tsx';

export const labelClass = 'block text-sm font-medium text-slate-900';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

const STATUS_STYLES: Record<PaymentStatus, string> = {
  created: 'bg-slate-100 text-slate-800 ring-slate-300',
  authorized: 'bg-sky-50 text-sky-900 ring-sky-300',
  captured: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  failed: 'bg-red-50 text-red-800 ring-red-300',
  refunded: 'bg-violet-50 text-violet-900 ring-violet-300',
  partially_refunded: 'bg-amber-50 text-amber-900 ring-amber-300',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <span className={`${badge} ${STATUS_STYLES[status]}`}>{PAYMENT_STATUS_LABELS[status]}</span>;
}

/** The red box for errors that belong to no single field (a 409 from the server, say). */
export function ErrorAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={`rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium wrap-break-word text-red-800 ${className}`}>
      {children}
    </div>
  );
}

const TONES = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  /** done, but not as hoped: a refund the gateway still refuses */
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
} as const;
export type AnnouncerTone = keyof typeof TONES;

/** A polite live region that is always in the page, so what is put in it gets announced. */
export function Announcer({ message, tone = 'success', className = '' }: { message: string; tone?: AnnouncerTone; className?: string }) {
  return (
    <p role="status" aria-live="polite" className={message ? `rounded-lg border px-4 py-3 text-sm font-medium wrap-break-word ${TONES[tone]} ${className}` : 'sr-only'}>
      {message}
    </p>
  );
}

export { searchOf, withParam } from '#web/lib/url-params.ts';
/** Previous / Next links that keep the filters, and "Page X of Y". */
export { PageNav as Pagination } from '#web/components/ui/page-nav.tsx';
