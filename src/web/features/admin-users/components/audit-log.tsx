import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { type Filter, FilterBar } from '#web/components/data-table/filter-bar.tsx';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { paths } from '#web/config/paths.ts';
import { useAuditLog, type AuditEntityType } from '../api/admin-users.ts';
import { adminUserPaths } from '../paths.ts';
import { actionLabel, formatDateTime } from '../utils/format.ts';
import { oneOf, readPage } from '../utils/url-state.ts';

const PAGE_SIZE = 50;
const ENTITY_TYPES = ['user', 'vendor', 'product', 'payment', 'outbox', 'coupon', 'review', 'return'] as const satisfies readonly AuditEntityType[];
const ENTITY_LABELS: Record<AuditEntityType, string> = { user: 'Users', vendor: 'Shops', product: 'Products', payment: 'Payments', outbox: 'Retry queue', coupon: 'Coupons', review: 'Reviews', return: 'Returns' };

const FILTERS: readonly Filter[] = [
  { kind: 'select', param: 'entityType', label: 'Show changes to', anyLabel: 'Everything', options: ENTITY_TYPES.map((type) => ({ value: type, label: ENTITY_LABELS[type] })) },
];

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
  const log = useAuditLog({ entityType, page, pageSize: PAGE_SIZE });
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <section aria-labelledby={`${ids}-heading`} className="mx-auto w-full max-w-6xl">
      {headingLevel === 1 && <title>Audit log · Admin</title>}
      <Heading id={`${ids}-heading`} className={headingLevel === 1 ? 'text-2xl font-bold text-slate-900' : 'text-lg font-semibold text-slate-900'}>
        Audit log
      </Heading>
      <p className="mt-1 text-slate-600">What admins changed, when and why, newest first.</p>

      <FilterBar filters={FILTERS} params={params} onChange={(next) => void setParams(next, { preventScrollReset: true })} />

      <PagedList
        query={log}
        params={params}
        noun={['entry', 'entries']}
        what="the audit log"
        pagesLabel="Pages of the audit log"
        empty={<EmptyState title={entityType ? `No changes to ${ENTITY_LABELS[entityType].toLowerCase()} yet.` : 'No admin actions yet.'} />}
      >
        {(entries, summaryId) => <DataTable columns={COLUMNS} rows={entries.items} rowId={(entry) => String(entry.id)} label="Admin actions" describedBy={summaryId} />}
      </PagedList>
    </section>
  );
}

const entries = columnsOf<AuditEntry>();

const COLUMNS: DataColumn<AuditEntry>[] = entries.columns([
  entries.accessor('createdAt', {
    header: 'When',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDateTime(getValue())}</time>,
  }),
  entries.accessor((entry) => entry.actor.email, { id: 'admin', header: 'Admin', cell: ({ getValue }) => <span className="break-all">{getValue()}</span> }),
  entries.accessor('action', {
    header: 'Action',
    cell: ({ getValue }) => (
      <span>
        <span className="font-semibold text-slate-900">{actionLabel(getValue())}</span> <span className="font-mono text-xs break-all text-slate-500">({getValue()})</span>
      </span>
    ),
  }),
  entries.display({ id: 'entity', header: 'Entity', cell: ({ row }) => <Entity entry={row.original} /> }),
  entries.accessor('reason', {
    header: 'Reason',
    meta: { className: 'min-w-48' },
    cell: ({ getValue }) => <span className="wrap-break-word">{getValue() ?? <span className="text-slate-500">None given</span>}</span>,
  }),
]);

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
