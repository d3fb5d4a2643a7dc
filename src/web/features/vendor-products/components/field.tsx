import type { ReactNode } from 'react';

/** The red box for errors that belong to no single field. */
export function ErrorAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={`rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ${className}`}>
      {children}
    </div>
  );
}

const STATUS_STYLES = {
  draft: 'bg-slate-100 text-slate-800 ring-slate-300',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  archived: 'bg-amber-50 text-amber-900 ring-amber-300',
} as const;

export const STATUS_LABELS = { draft: 'Draft', active: 'Active', archived: 'Archived' } as const;

export function StatusBadge({ status }: { status: keyof typeof STATUS_STYLES }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
