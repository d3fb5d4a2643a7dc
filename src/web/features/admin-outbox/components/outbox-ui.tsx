import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import type { OutboxKind, OutboxStatus } from '../api/get-outbox-jobs.ts';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

export const KIND_LABELS: Record<OutboxKind, string> = { refund: 'Refund', mail: 'Mail' };
const KIND_STYLES: Record<OutboxKind, string> = {
  refund: 'bg-violet-50 text-violet-900 ring-violet-300',
  mail: 'bg-sky-50 text-sky-900 ring-sky-300',
};

export function KindBadge({ kind }: { kind: OutboxKind }) {
  return <span className={`${badge} ${KIND_STYLES[kind]}`}>{KIND_LABELS[kind]}</span>;
}

export const STATUS_LABELS: Record<OutboxStatus, string> = { pending: 'Waiting', done: 'Done' };
const STATUS_STYLES: Record<OutboxStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
};

export function StatusBadge({ status }: { status: OutboxStatus }) {
  return <span className={`${badge} ${STATUS_STYLES[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** The red box for errors that belong to no single row (the server refused, or we are offline). */
export function ErrorAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={`rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium wrap-break-word text-red-800 ${className}`}>
      {children}
    </div>
  );
}

const TONES = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  /** done, but not as hoped: a job that failed again */
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

interface FilterLinksProps {
  id: string;
  label: string;
  options: Array<{ label: string; to: To; current: boolean }>;
}

/** A few choices shown side by side as links (the URL holds the choice); the current one is marked. */
export function FilterLinks({ id, label, options }: FilterLinksProps) {
  return (
    <div className="min-w-0">
      <p id={id} className="text-sm font-medium text-slate-900">
        {label}
      </p>
      <ul aria-labelledby={id} className="mt-1.5 flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.label}>
            <Link
              to={option.to}
              preventScrollReset
              aria-current={option.current ? 'true' : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-semibold ${
                option.current ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
