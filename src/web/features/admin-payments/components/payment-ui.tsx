import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button-styles.ts';
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

/** A polite live region that is always in the page, so what is put in it gets announced. */
export function Announcer({ message, className = '' }: { message: string; className?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={message ? `rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium wrap-break-word text-emerald-900 ${className}` : 'sr-only'}
    >
      {message}
    </p>
  );
}

/** A copy of the params with one value set (or removed); any change but the page goes back to page 1. */
export function withParam(params: URLSearchParams, key: string, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === '') next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}

export function searchOf(params: URLSearchParams): string {
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Previous / Next links that keep the filters, and "Page X of Y". */
export function Pagination({ page, pageCount, params, label }: { page: number; pageCount: number; params: URLSearchParams; label: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <PageLink text="Previous" rel="prev" page={page > 1 ? Math.min(page - 1, pageCount) : undefined} params={params} />
      <p className="text-sm text-slate-700">
        Page {page} of {pageCount}
      </p>
      <PageLink text="Next" rel="next" page={page < pageCount ? page + 1 : undefined} params={params} />
    </nav>
  );
}

function PageLink({ text, rel, page, params }: { text: string; rel: string; page: number | undefined; params: URLSearchParams }) {
  if (page === undefined) {
    return (
      <span aria-disabled="true" className={`${buttonClass('secondary', 'sm')} cursor-not-allowed opacity-50`}>
        {text}
      </span>
    );
  }
  return (
    <Link to={{ search: searchOf(withParam(params, 'page', page === 1 ? undefined : String(page))) }} rel={rel} className={buttonClass('secondary', 'sm')}>
      {text}
    </Link>
  );
}
