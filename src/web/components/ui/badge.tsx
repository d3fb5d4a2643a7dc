import type { ReactNode } from 'react';

/** A small pill for a status, role or kind; `tone` gives its colours (background, text and ring). */
export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tone}`}>
      {children}
    </span>
  );
}
