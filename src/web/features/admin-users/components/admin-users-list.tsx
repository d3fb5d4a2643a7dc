import { UserPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_USER_SORTS, type AdminUser } from '#shared/schemas/admin.ts';
import { ROLES, type Role } from '#shared/schemas/auth.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { anyFilterSet, type Filter, FilterBar, withoutFilters } from '#web/components/data-table/filter-bar.tsx';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { Announcer } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { formatDate } from '#web/lib/format.ts';
import { useAdminUsers, type AccountStatus, type AdminUserSort } from '../api/admin-users.ts';
import { adminUserPaths } from '../paths.ts';
import { oneOf, readPage, searchOf, withParam } from '../utils/url-state.ts';
import { AddAdminForm } from './add-admin-form.tsx';
import { ACCOUNT_STATUS_LABELS, AccountStatusBadge, ROLE_LABELS, RoleBadge, ShopStatusBadge } from './admin-ui.tsx';
import { PendingVendorActions } from './pending-vendor-actions.tsx';

const PAGE_SIZE = 20;
const ACCOUNT_STATUSES = ['active', 'suspended'] as const satisfies readonly AccountStatus[];

/** The list's filters, each a URL parameter. */
const FILTERS: readonly Filter[] = [
  { kind: 'text', param: 'q', label: 'Search by name or e-mail' },
  {
    kind: 'select',
    param: 'role',
    label: 'Role',
    anyLabel: 'All roles',
    options: ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
  },
  {
    kind: 'select',
    param: 'status',
    label: 'Account status',
    anyLabel: 'Any status',
    options: ACCOUNT_STATUSES.map((status) => ({ value: status, label: ACCOUNT_STATUS_LABELS[status] })),
  },
  { kind: 'checkbox', param: 'pendingVendors', label: 'Vendors awaiting approval' },
];

interface ListState {
  q: string | undefined;
  role: Role | undefined;
  status: AccountStatus | undefined;
  pendingVendors: boolean;
  sort: AdminUserSort;
  page: number;
}

/** The list's state as the URL holds it; anything unreadable falls back to the default. */
function readState(params: URLSearchParams): ListState {
  return {
    q: params.get('q')?.trim() || undefined,
    role: oneOf(ROLES, params.get('role')),
    status: oneOf(ACCOUNT_STATUSES, params.get('status')),
    pendingVendors: params.get('pendingVendors') === 'true',
    sort: oneOf(ADMIN_USER_SORTS, params.get('sort')) ?? 'newest',
    page: readPage(params),
  };
}

const isPendingVendor = (user: AdminUser) => user.vendor?.status === 'pending';

/** Where focus goes after a row's approve/reject buttons go away. */
type FocusRequest = { to: 'heading' } | { to: 'row'; uid: string };

/** Every account: search, filter by role and status, vendors awaiting approval, approve or reject them, add admins. */
export default function AdminUsersList() {
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const state = readState(params);
  const users = useAdminUsers({
    q: state.q,
    role: state.role,
    status: state.status,
    pendingVendors: state.pendingVendors || undefined,
    sort: state.sort,
    page: state.page,
    pageSize: PAGE_SIZE,
  });
  const [announcement, setAnnouncement] = useState('');
  const [adding, setAdding] = useState(false);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const rowLinkId = (uid: string) => `${ids}-user-${uid}`;

  // A decided vendor loses its Approve/Reject buttons (and, when only pending vendors are shown,
  // its row): focus goes to the user's name, or to the heading when the row is gone.
  useEffect(() => {
    if (!focusRequest) return;
    const target = focusRequest.to === 'row' ? document.getElementById(`${ids}-user-${focusRequest.uid}`) : null;
    (target ?? headingRef.current)?.focus();
  }, [focusRequest, ids]);

  const update = (next: URLSearchParams) => void setParams(next, { preventScrollReset: true });

  const onDecided = (user: AdminUser, message: string) => {
    setAnnouncement(message);
    setFocusRequest(state.pendingVendors ? { to: 'heading' } : { to: 'row', uid: user.uid });
  };

  const filtered = anyFilterSet(params, FILTERS);
  const cleared = withoutFilters(params, FILTERS);

  return (
    <div className="mx-auto w-full max-w-6xl">
      <title>Manage Users · Admin</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          Manage Users
        </h1>
        <button
          ref={addButtonRef}
          type="button"
          aria-expanded={adding}
          aria-controls={adding ? `${ids}-add` : undefined}
          onClick={() => {
            setAdding((open) => !open);
            setAnnouncement('');
          }}
          className={`${buttonClass('primary')} w-full sm:w-auto`}
        >
          <UserPlus aria-hidden="true" className="size-4" />
          Add an admin
        </button>
      </div>

      <Announcer message={announcement} className="mt-4" />

      {adding && (
        <AddAdminForm
          id={`${ids}-add`}
          onCreated={(user) => {
            setAdding(false);
            setAnnouncement(`Admin account created for ${user.name} (${user.email}).`);
            addButtonRef.current?.focus();
          }}
          onCancel={() => {
            setAdding(false);
            addButtonRef.current?.focus();
          }}
        />
      )}

      <FilterBar filters={FILTERS} params={params} onChange={update} />

      <PagedList
        query={users}
        params={params}
        noun={['user', 'users']}
        pagesLabel="Pages of users"
        empty={
          <EmptyState
            title={filtered ? 'No users match' : 'No users yet'}
            action={filtered ? { to: { search: searchOf(cleared) }, label: 'Show all users' } : undefined}
          >
            {state.pendingVendors && !state.q
              ? 'No vendors are waiting for approval.'
              : state.q
                ? `Nobody matches “${state.q}”. Check the spelling, or search for part of the name or e-mail address.`
                : filtered
                  ? 'Nobody matches these filters.'
                  : 'Accounts appear here as people register.'}
          </EmptyState>
        }
      >
        {(page, summaryId) => (
          <DataTable
            columns={userColumns(rowLinkId, onDecided)}
            rows={page.items}
            rowId={(user) => user.uid}
            label="Users"
            describedBy={summaryId}
            sort={{ value: state.sort, onChange: (sort) => update(withParam(params, 'sort', sort === 'newest' ? undefined : sort)) }}
            busy={users.isPlaceholderData}
          />
        )}
      </PagedList>
    </div>
  );
}

const userColumn = columnsOf<AdminUser>();

/** The table's columns: the name links to the account; a pending vendor's row holds its approval. */
function userColumns(rowLinkId: (uid: string) => string, onDecided: (user: AdminUser, message: string) => void): DataColumn<AdminUser>[] {
  return userColumn.columns([
    userColumn.accessor('name', {
      header: 'Name',
      meta: { rowHeader: true, sort: { asc: 'name' } },
      cell: ({ row }) => (
        <Link
          id={rowLinkId(row.original.uid)}
          to={adminUserPaths.detail(row.original.uid)}
          className="font-semibold wrap-break-word text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline"
        >
          {row.original.name}
        </Link>
      ),
    }),
    userColumn.accessor('email', {
      header: 'E-mail',
      meta: { sort: { asc: 'email' } },
      cell: ({ getValue }) => <span className="whitespace-nowrap text-slate-700">{getValue()}</span>,
    }),
    userColumn.accessor('role', { header: 'Role', cell: ({ getValue }) => <RoleBadge role={getValue()} /> }),
    userColumn.accessor('status', {
      header: 'Status',
      cell: ({ row: { original: user } }) => (
        <span className="flex flex-col items-start gap-1.5">
          <AccountStatusBadge status={user.status} />
          {user.vendor && (
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="wrap-break-word text-slate-700">
                <span className="sr-only">Shop: </span>
                {user.vendor.name}
              </span>
              <ShopStatusBadge status={user.vendor.status} />
            </span>
          )}
        </span>
      ),
    }),
    userColumn.accessor('createdAt', {
      header: 'Joined',
      sortDescFirst: true,
      meta: { sort: { desc: 'newest', asc: 'oldest' }, className: 'whitespace-nowrap' },
      cell: ({ getValue }) => (
        <time dateTime={getValue()} className="text-slate-700">
          {formatDate(getValue())}
        </time>
      ),
    }),
    userColumn.display({
      id: 'actions',
      header: 'Actions',
      meta: { className: 'min-w-44' },
      cell: ({ row: { original: user } }) => (isPendingVendor(user) ? <PendingVendorActions user={user} onDecided={onDecided} /> : null),
    }),
  ]);
}
