import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import { AuditChangesTable } from '#web/components/audit/audit-changes-table.tsx';
import { auditActionName } from '#web/components/audit/audit-changes.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { type Filter, FilterBar } from '#web/components/data-table/filter-bar.tsx';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate, formatTime } from '#web/lib/format.ts';
import { searchOf } from '#web/lib/url-params.ts';
import { useAuditLog, type AuditEntityType } from '../api/admin-users.ts';
import { adminUserPaths } from '../paths.ts';
import { oneOf, readPage } from '../utils/url-state.ts';

const PAGE_SIZE = 50;
const ENTITY_TYPES = [
  'user',
  'vendor',
  'product',
  'payment',
  'outbox',
  'coupon',
  'review',
  'return',
] as const satisfies readonly AuditEntityType[];
const ENTITY_LABELS: Record<AuditEntityType, string> = {
  user: 'Users',
  vendor: 'Shops',
  product: 'Products',
  payment: 'Payments',
  outbox: 'Retry queue',
  coupon: 'Coupons',
  review: 'Reviews',
  return: 'Returns',
};

const FILTERS: readonly Filter[] = [
  {
    kind: 'select',
    param: 'entityType',
    label: 'Show changes to',
    anyLabel: 'Everything',
    options: ENTITY_TYPES.map((type) => ({ value: type, label: ENTITY_LABELS[type] })),
  },
  { kind: 'text', param: 'actor', label: 'Done by', type: 'search', placeholder: 'Admin’s e-mail', maxLength: 100 },
];
/** The singular of each kind of thing, for an entry whose subject has gone: "Product 12". */
const ENTITY_NOUNS: Record<string, string> = {
  user: 'User',
  vendor: 'Shop',
  product: 'Product',
  payment: 'Payment',
  outbox: 'Retry job',
  coupon: 'Coupon',
  review: 'Review',
  return: 'Return',
};

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
  const actor = params.get('actor')?.trim() || undefined;
  const log = useAuditLog({ entityType, actor, page, pageSize: PAGE_SIZE });
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <section aria-labelledby={`${ids}-heading`} className="mx-auto w-full max-w-6xl">
      {headingLevel === 1 && <title>Audit log · Admin</title>}
      <Heading
        id={`${ids}-heading`}
        className={headingLevel === 1 ? 'text-2xl font-bold text-slate-900' : 'text-lg font-semibold text-slate-900'}
      >
        Audit log
      </Heading>
      <p className="mt-1 text-slate-600">What admins changed, when and why, newest first: each change with its fields before and after.</p>

      <FilterBar filters={FILTERS} params={params} onChange={(next) => void setParams(next, { preventScrollReset: true })} />

      <PagedList
        query={log}
        params={params}
        noun={['entry', 'entries']}
        what="the audit log"
        pagesLabel="Pages of the audit log"
        empty={
          <EmptyState
            title={
              actor
                ? `No actions by an admin whose e-mail holds “${actor}”.`
                : entityType
                  ? `No changes to ${ENTITY_LABELS[entityType].toLowerCase()} yet.`
                  : 'No admin actions yet.'
            }
          />
        }
      >
        {(entries, summaryId) => (
          <DataTable
            columns={COLUMNS}
            rows={entries.items}
            rowId={(entry) => String(entry.id)}
            label="Admin actions"
            describedBy={summaryId}
          />
        )}
      </PagedList>
    </section>
  );
}

const entries = columnsOf<AuditEntry>();

const COLUMNS: DataColumn<AuditEntry>[] = entries.columns([
  entries.accessor('createdAt', {
    header: 'When',
    meta: { className: 'min-w-28' },
    // The day, and the time under it: a narrow column, so the table fits beside the sidebar.
    cell: ({ getValue }) => (
      <time dateTime={getValue()} className="block">
        <span className="block whitespace-nowrap">{formatDate(getValue())}</span>
        <span className="block whitespace-nowrap text-slate-600">{formatTime(getValue())}</span>
      </time>
    ),
  }),
  entries.accessor((entry) => entry.actor.email, {
    id: 'admin',
    header: 'Done by',
    meta: { className: 'min-w-40' },
    cell: ({ row: { original: entry } }) => (
      <span className="block wrap-break-word">
        {entry.actor.name && <span className="block font-medium text-slate-900">{entry.actor.name}</span>}
        <span className={entry.actor.name ? 'text-xs break-all text-slate-600' : 'break-all'}>{entry.actor.email}</span>
      </span>
    ),
  }),
  // The reason under its action, not a column of its own: six columns did not fit beside the
  // sidebar on a laptop's screen, and the last, the reason, was cut off.
  entries.accessor('action', {
    header: 'Action and reason',
    meta: { className: 'min-w-48' },
    cell: ({ row: { original: entry } }) => (
      <span className="block wrap-break-word">
        <span className="block font-semibold text-slate-900">{auditActionName(entry.action)}</span>
        {entry.reason ? (
          <span className="mt-1 block text-slate-700">
            <span className="text-slate-500">Reason: </span>
            {entry.reason}
          </span>
        ) : (
          <span className="mt-1 block text-slate-500">No reason given</span>
        )}
      </span>
    ),
  }),
  entries.display({ id: 'entity', header: 'On', meta: { className: 'min-w-40' }, cell: ({ row }) => <Entity entry={row.original} /> }),
  entries.display({
    id: 'changes',
    header: 'Before and after',
    meta: { className: 'min-w-60' },
    cell: ({ row: { original: entry } }) => (
      <AuditChangesTable before={entry.before} after={entry.after} caption={`${auditActionName(entry.action)}: fields before and after`} />
    ),
  }),
]);

/** What the entry acted on, by name (linked to its page where it has one); by kind and id once it is gone. */
function Entity({ entry }: { entry: AuditEntry }) {
  const subject = entry.subject;
  if (entry.entityType === 'return' && subject?.product && subject.orderNumber)
    return <ReturnEntity entry={entry} product={subject.product} orderNumber={subject.orderNumber} />;
  const name = subject?.name ?? `${ENTITY_NOUNS[entry.entityType] ?? entry.entityType} ${entry.entityId}`;
  const detail = subject?.detail;
  const to =
    entry.entityType === 'user'
      ? adminUserPaths.detail(entry.entityId)
      : entry.entityType === 'product' && /^[1-9]\d{0,14}$/.test(entry.entityId)
        ? paths.adminProduct(Number(entry.entityId))
        : entry.entityType === 'payment' && /^[1-9]\d{0,14}$/.test(entry.entityId)
          ? paths.adminPayment(Number(entry.entityId))
          : undefined;
  return (
    <span className="block wrap-break-word">
      {to ? (
        <Link to={to} className={LINK}>
          {name}
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{name}</span>
      )}
      {detail && <span className="block text-xs break-all text-slate-600">{detail}</span>}
    </span>
  );
}

const LINK = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * A return has no page of its own: its entry names the product, linked to the product's page, and
 * the order, linked to its payments (the admin's way into an order).
 */
function ReturnEntity({ entry, product, orderNumber }: { entry: AuditEntry; product: { id: number; name: string }; orderNumber: string }) {
  return (
    <span className="block wrap-break-word">
      <span className="font-medium text-slate-900">Return {entry.entityId} of </span>
      <Link to={paths.adminProduct(product.id)} className={LINK}>
        {product.name}
      </Link>
      <span className="block text-xs text-slate-600">
        Order{' '}
        <Link
          to={`${paths.adminPayments()}${searchOf(new URLSearchParams({ q: orderNumber }))}`}
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {orderNumber}
        </Link>
      </span>
    </span>
  );
}
