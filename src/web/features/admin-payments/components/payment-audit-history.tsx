import type { AuditEntry } from '#shared/schemas/admin.ts';
import { AuditChangesTable } from '#web/components/audit/audit-changes-table.tsx';
import { auditActionName } from '#web/components/audit/audit-changes.ts';
import { formatDateTime } from '../utils/format.ts';

/** What admins have done to the payment: each action, by whom, why, and the fields before and after. */
export function PaymentAuditHistory({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">No admin has changed this payment yet.</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {entries.map((entry) => (
        <li key={entry.id} className="py-3 text-sm">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold text-slate-900">{auditActionName(entry.action)}</span>
            <span className="text-slate-600">{formatDateTime(entry.createdAt)}</span>
          </p>
          <p className="mt-1 break-all text-slate-700">
            By {entry.actor.name ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.email}
          </p>
          {entry.reason && <p className="mt-1 wrap-break-word text-slate-800">Reason: {entry.reason}</p>}
          <div className="mt-1 overflow-x-auto">
            <AuditChangesTable
              before={entry.before}
              after={entry.after}
              caption={`${auditActionName(entry.action)}: fields before and after`}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
