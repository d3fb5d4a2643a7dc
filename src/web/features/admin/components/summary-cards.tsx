import type { AdminSummary } from '../api/get-summary.ts';

export type SummaryCard = { label: string; value: (summary: AdminSummary) => number; note?: string };

/** A row of figures from the admin summary. */
export function SummaryCards({ summary, cards }: { summary: AdminSummary; cards: SummaryCard[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{card.label}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{card.value(summary).toLocaleString('en-IN')}</dd>
          {card.note && <dd className="mt-1 text-xs text-slate-500">{card.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
