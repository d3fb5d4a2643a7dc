import { Link, type To } from 'react-router';
import { Badge } from '#web/components/ui/badge.tsx';
import type { OutboxKind, OutboxStatus } from '../api/get-outbox-jobs.ts';

export const KIND_LABELS: Record<OutboxKind, string> = { refund: 'Refund', mail: 'Mail' };
const KIND_STYLES: Record<OutboxKind, string> = {
  refund: 'bg-violet-50 text-violet-900 ring-violet-300',
  mail: 'bg-sky-50 text-sky-900 ring-sky-300',
};

export function KindBadge({ kind }: { kind: OutboxKind }) {
  return <Badge tone={KIND_STYLES[kind]}>{KIND_LABELS[kind]}</Badge>;
}

export const STATUS_LABELS: Record<OutboxStatus, string> = { pending: 'Waiting', done: 'Done' };
const STATUS_STYLES: Record<OutboxStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
};

export function StatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge tone={STATUS_STYLES[status]}>{STATUS_LABELS[status]}</Badge>;
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
