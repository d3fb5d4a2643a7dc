import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage, useAuditLog, type AuditEntityType } from '../api/admin-users.ts';
import { adminUserPaths } from '../paths.ts';
import { actionLabel, formatDateTime } from '../utils/format.ts';
import { oneOf, readPage, searchOf, withParam } from '../utils/url-state.ts';
import { Pagination } from './admin-ui.tsx';

const PAGE_SIZE = 50;
const ENTITY_TYPES = ['user', 'vendor', 'product', 'payment', 'outbox'] as const satisfies readonly AuditEntityType[];
const ENTITY_LABELS: Record<AuditEntityType, string> = { user: 'Users', vendor: 'Shops', product: 'Products', payment: 'Payments', outbox: 'Retry queue' };

export interface AuditLogProps {
  /** 1 on its own page (the default); 2 when it is a section of another page. */
  headingLevel?: 1 | 2;
}

/** Every admin action, newest first, filterable by what was acted on; the page and filter live in the URL. */
export default function AuditLog({ headingLevel = 1 }: AuditLogProps) {
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const entityType = oneOf(ENTITY_TYPES, params.get('entityType'));
  const page = readPage(params);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useAuditLog({ entityType, page, pageSize: PAGE_SIZE });
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min((data.page - 1) * data.pageSize + data.items.length, data.total) : 0;

  return (
    <section aria-labelledby={`${ids}-heading`} className="mx-auto w-full max-w-6xl">
      {headingLevel === 1 && <title>Audit log · Admin</title>}
      <Heading id={`${ids}-heading`} className={headingLevel === 1 ? 'text-2xl font-bold text-slate-900' : 'text-lg font-semibold text-slate-900'}>
        Audit log
      </Heading>
      <p className="mt-1 text-slate-600">What admins changed, when and why, newest first.</p>

      <div className="mt-4 max-w-xs">
        <label htmlFor={`${ids}-type`} className={labelClassName}>
          Show changes to
        </label>
        <select
          id={`${ids}-type`}
          value={entityType ?? ''}
          onChange={(event) => void setParams(withParam(params, 'entityType', event.target.value), { preventScrollReset: true })}
          className={`${controlClassName} mt-1.5`}
        >
          <option value="">Everything</option>
          {ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {ENTITY_LABELS[type]}
            </option>
          ))}
        </select>
      </div>

      <p id={`${ids}-summary`} className="mt-4 text-sm text-slate-700" aria-live="polite">
        {data && data.items.length > 0 ? `Showing ${first}–${last} of ${data.total} ${data.total === 1 ? 'entry' : 'entries'}` : ''}
      </p>

      <div className="mt-3">
        {isPending ? (
          <Loading label="Loading the audit log…" />
        ) : isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
            <p className="font-semibold">We could not load the audit log.</p>
            <p className="mt-1 text-sm">{errorMessage(error, 'Please check your internet connection and try again.')}</p>
            <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : data.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
            <p className="font-semibold text-slate-900">
              {data.total > 0 ? 'This page is past the last page.' : entityType ? `No changes to ${ENTITY_LABELS[entityType].toLowerCase()} yet.` : 'No admin actions yet.'}
            </p>
            {data.total > 0 && (
              <Link to={{ search: searchOf(withParam(params, 'page', undefined)) }} className={`${buttonClass('secondary')} mt-4`}>
                Go to the first page
              </Link>
            )}
          </div>
        ) : (
          <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={isPlaceholderData}>
            <AuditTable entries={data.items} describedBy={`${ids}-summary`} />
            <Pagination page={data.page} pageCount={pageCount} params={params} label="Pages of the audit log" />
          </div>
        )}
      </div>
    </section>
  );
}

const cellLabel = 'text-xs font-medium text-slate-500 lg:hidden';
const cell = 'min-w-0 lg:table-cell lg:px-4 lg:py-3 lg:align-top';

/** A table on wide screens; a card per entry on phones. */
function AuditTable({ entries, describedBy }: { entries: AuditEntry[]; describedBy: string }) {
  return (
    <div className="relative lg:overflow-x-auto lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white">
      <table aria-describedby={describedBy} className="block w-full text-left text-sm lg:table">
        <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase lg:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3">When</th>
            <th scope="col" className="px-4 py-3">Admin</th>
            <th scope="col" className="px-4 py-3">Action</th>
            <th scope="col" className="px-4 py-3">Entity</th>
            <th scope="col" className="px-4 py-3">Reason</th>
          </tr>
        </thead>
        <tbody className="block space-y-3 lg:table-row-group lg:space-y-0 lg:divide-y lg:divide-slate-200">
          {entries.map((entry) => (
            <tr key={entry.id} className="grid grid-cols-1 gap-y-1.5 rounded-xl border border-slate-200 bg-white p-4 lg:table-row lg:rounded-none lg:border-0 lg:p-0">
              <td className={`${cell} flex flex-wrap items-baseline gap-x-2 lg:whitespace-nowrap`}>
                <span className={cellLabel}>When</span>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className={`${cell} flex flex-wrap items-baseline gap-x-2`}>
                <span className={cellLabel}>Admin</span>
                <span className="break-all">{entry.actor.email}</span>
              </td>
              <td className={`${cell} flex flex-wrap items-baseline gap-x-2`}>
                <span className={cellLabel}>Action</span>
                <span>
                  <span className="font-semibold text-slate-900">{actionLabel(entry.action)}</span>{' '}
                  <span className="font-mono text-xs break-all text-slate-500">({entry.action})</span>
                </span>
              </td>
              <td className={`${cell} flex flex-wrap items-baseline gap-x-2`}>
                <span className={cellLabel}>Entity</span>
                <Entity entry={entry} />
              </td>
              <td className={`${cell} flex flex-wrap items-baseline gap-x-2`}>
                <span className={cellLabel}>Reason</span>
                <span className="wrap-break-word">{entry.reason ?? <span className="text-slate-500">None given</span>}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Entity({ entry }: { entry: AuditEntry }) {
  const label = `${entry.entityType} ${entry.entityId}`;
  if (entry.entityType === 'user') {
    return (
      <Link to={adminUserPaths.detail(entry.entityId)} className="break-all text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {label}
      </Link>
    );
  }
  if (entry.entityType === 'product' && /^[1-9]\d{0,14}$/.test(entry.entityId)) {
    return (
      <Link to={paths.adminProduct(Number(entry.entityId))} className="break-all text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {label}
      </Link>
    );
  }
  return <span className="break-all">{label}</span>;
}
