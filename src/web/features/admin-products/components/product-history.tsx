import type { AuditEntry } from '#shared/schemas/admin.ts';
import { productActionName, productChanges } from '#web/components/audit/audit-changes.ts';
import { formatDateTime } from '#web/lib/format.ts';

/** The admin actions on one product, newest first: who did what and when, why, and each field before and after. */
export function ProductHistory({ entries, headingId }: { entries: AuditEntry[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        History
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No admin has changed this product yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-200">
          {entries.map((entry) => {
            const changes = productChanges(entry.before, entry.after);
            return (
              <li key={entry.id} className="min-w-0 py-3 text-sm first:pt-0 last:pb-0">
                <p className="font-semibold text-slate-900">{productActionName(entry.action)}</p>
                <p className="wrap-break-word text-slate-600">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> ·{' '}
                  {entry.actor.name ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.email}
                </p>
                {entry.reason && <p className="mt-1 wrap-break-word text-slate-800">“{entry.reason}”</p>}
                {changes.length > 0 && (
                  <ul className="mt-2 space-y-1">
                    {changes.map((change) => (
                      <li key={change.label} className="wrap-break-word text-slate-700">
                        <span className="font-medium text-slate-900">{change.label}:</span>{' '}
                        <del className="text-slate-500">{change.before}</del>
                        <span aria-hidden="true"> → </span>
                        <span className="sr-only"> changed to </span>
                        <ins className="font-medium text-slate-900 no-underline">{change.after}</ins>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
