import type { ReactNode } from 'react';
import type { Role } from '#shared/schemas/auth.ts';
import type { AccountStatus, ShopStatus } from '../api/admin-users.ts';

export const controlClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-hidden ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-500 disabled:bg-slate-100';

export const labelClass = 'block text-sm font-medium text-slate-900';

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** Renders the control, given the ids for its aria-describedby (if any). */
  children: (describedBy: string | undefined) => ReactNode;
}

/** A visible label, an optional hint, the control and its error, tied together by ids. */
export function Field({ id, label, hint, error, className = '', children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">{children(describedBy)}</div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
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
    <p role="status" aria-live="polite" className={message ? `rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 ${className}` : 'sr-only'}>
      {message}
    </p>
  );
}

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

export const ROLE_LABELS: Record<Role, string> = { customer: 'Customer', vendor: 'Vendor', admin: 'Admin' };
const ROLE_STYLES: Record<Role, string> = {
  customer: 'bg-slate-100 text-slate-800 ring-slate-300',
  vendor: 'bg-sky-50 text-sky-900 ring-sky-300',
  admin: 'bg-violet-50 text-violet-900 ring-violet-300',
};

export function RoleBadge({ role }: { role: Role }) {
  return <span className={`${badge} ${ROLE_STYLES[role]}`}>{ROLE_LABELS[role]}</span>;
}

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = { active: 'Active', suspended: 'Suspended' };
const ACCOUNT_STATUS_STYLES: Record<AccountStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  suspended: 'bg-red-50 text-red-800 ring-red-300',
};

/** The account's status; the visible word is prefixed for screen readers, as shop and account badges sit side by side. */
export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  return (
    <span className={`${badge} ${ACCOUNT_STATUS_STYLES[status]}`}>
      <span className="sr-only">Account&nbsp;</span>
      {ACCOUNT_STATUS_LABELS[status]}
    </span>
  );
}

export const SHOP_STATUS_LABELS: Record<ShopStatus, string> = { pending: 'Awaiting approval', active: 'Approved', suspended: 'Suspended' };
const SHOP_STATUS_STYLES: Record<ShopStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  suspended: 'bg-red-50 text-red-800 ring-red-300',
};

export function ShopStatusBadge({ status }: { status: ShopStatus }) {
  return (
    <span className={`${badge} ${SHOP_STATUS_STYLES[status]}`}>
      <span className="sr-only">Shop&nbsp;</span>
      {SHOP_STATUS_LABELS[status]}
    </span>
  );
}

/** Previous / Next links that keep the other URL params, and "Page X of Y". */
export { PageNav as Pagination } from '#web/components/ui/page-nav.tsx';
