import { auditChanges } from './audit-changes.ts';

/**
 * An audit entry's changes as a small table, one row per field: its name, what it was and what it
 * became, in a person's terms (₹ with Indian grouping, states by name). Nothing when it recorded none.
 */
export function AuditChangesTable({ before, after, caption }: { before: unknown; after: unknown; caption: string }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <span className="text-slate-500">No fields changed</span>;
  return (
    <table className="w-full min-w-56 border-collapse text-xs">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-slate-500">
          <th scope="col" className="py-1 pr-3 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Before
          </th>
          <th scope="col" className="py-1 font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {changes.map((change) => (
          <tr key={change.label} className="align-top">
            <th scope="row" className="py-1 pr-3 font-medium text-slate-900">
              {change.label}
            </th>
            <td className="py-1 pr-3 wrap-break-word text-slate-500">{change.before}</td>
            <td className="py-1 font-medium wrap-break-word text-slate-900">{change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
