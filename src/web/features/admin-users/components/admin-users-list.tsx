import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { UserPlus } from 'lucide-react';
import type { z } from 'zod';
import { ADMIN_USER_SORTS, CreateAdminInputSchema, VendorDecisionInputSchema, type AdminUser } from '#shared/schemas/admin.ts';
import { PASSWORD_MAX, PASSWORD_MIN, ROLES, type Role } from '#shared/schemas/auth.ts';
import { Announcer, ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { LoadError, PastLastPage, ResultSummary } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { formatDate } from '#web/lib/format.ts';
import {
  errorMessage,
  useAdminUsers,
  useCreateAdmin,
  useVendorDecision,
  type AccountStatus,
  type AdminUserSort,
  type CreateAdminInput,
} from '../api/admin-users.ts';
import { adminUserPaths } from '../paths.ts';
import { oneOf, readPage, searchOf, withParam } from '../utils/url-state.ts';
import {
  ACCOUNT_STATUS_LABELS,
  AccountStatusBadge,
  Field,
  Pagination,
  ROLE_LABELS,
  RoleBadge,
  ShopStatusBadge,
} from './admin-ui.tsx';

const PAGE_SIZE = 20;
const ACCOUNT_STATUSES = ['active', 'suspended'] as const satisfies readonly AccountStatus[];

const SORT_LABELS: Record<AdminUserSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A–Z)',
  email: 'E-mail (A–Z)',
};

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
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useAdminUsers({
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

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    update(withParam(params, 'q', q));
  };

  const onDecided = (user: AdminUser, message: string) => {
    setAnnouncement(message);
    setFocusRequest(state.pendingVendors ? { to: 'heading' } : { to: 'row', uid: user.uid });
  };

  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min((data.page - 1) * data.pageSize + data.items.length, data.total) : 0;
  const filtered = state.q !== undefined || state.role !== undefined || state.status !== undefined || state.pendingVendors;
  const cleared = (() => {
    let next = params;
    for (const key of ['q', 'role', 'status', 'pendingVendors'] as const) next = withParam(next, key, undefined);
    return next;
  })();

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

      <section aria-label="Filters" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
        <form role="search" onSubmit={onSearch} className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${ids}-q`} className={labelClassName}>
            Search by name or e-mail
          </label>
          <div className="flex gap-2">
            <input
              key={state.q ?? ''}
              id={`${ids}-q`}
              name="q"
              type="search"
              defaultValue={state.q ?? ''}
              maxLength={100}
              autoComplete="off"
              className={controlClassName}
            />
            <button type="submit" className={buttonClass('secondary')}>
              Search
            </button>
          </div>
        </form>
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <div className="min-w-0">
            <label htmlFor={`${ids}-role`} className={labelClassName}>
              Role
            </label>
            <select
              id={`${ids}-role`}
              value={state.role ?? ''}
              onChange={(event) => update(withParam(params, 'role', event.target.value))}
              className={`${controlClassName} mt-1.5`}
            >
              <option value="">All roles</option>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor={`${ids}-status`} className={labelClassName}>
              Account status
            </label>
            <select
              id={`${ids}-status`}
              value={state.status ?? ''}
              onChange={(event) => update(withParam(params, 'status', event.target.value))}
              className={`${controlClassName} mt-1.5`}
            >
              <option value="">Any status</option>
              {ACCOUNT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ACCOUNT_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor={`${ids}-sort`} className={labelClassName}>
              Sort by
            </label>
            <select
              id={`${ids}-sort`}
              value={state.sort}
              onChange={(event) => update(withParam(params, 'sort', event.target.value === 'newest' ? undefined : event.target.value))}
              className={`${controlClassName} mt-1.5`}
            >
              {ADMIN_USER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex min-h-11 items-center gap-2">
            <input
              id={`${ids}-pending`}
              type="checkbox"
              checked={state.pendingVendors}
              onChange={(event) => update(withParam(params, 'pendingVendors', event.target.checked ? 'true' : undefined))}
              className="size-5 shrink-0 rounded border-slate-400 accent-brand-600"
            />
            <label htmlFor={`${ids}-pending`} className="text-sm font-medium text-slate-900">
              Vendors awaiting approval
            </label>
          </div>
        </div>
        {filtered && (
          <p className="mt-3">
            <Link
              to={{ search: searchOf(cleared) }}
              preventScrollReset
              className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Clear filters
            </Link>
          </p>
        )}
      </section>

      <ResultSummary id={`${ids}-summary`} total={data?.total} shown={data?.items.length ?? 0} first={first} last={last} noun={['user', 'users']} />

      <div className="mt-3">
        {isPending ? (
          <Loading label="Loading users…" />
        ) : isError ? (
          <LoadError what="the users" message={errorMessage(error, 'Please check your internet connection and try again.')} onRetry={() => void refetch()} />
        ) : data.items.length === 0 && data.total > 0 ? (
          <PastLastPage total={data.total} pageCount={pageCount} noun="users" lastPage={{ search: searchOf(withParam(params, 'page', pageCount === 1 ? undefined : String(pageCount))) }} />
        ) : data.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
            <h2 className="text-lg font-semibold text-slate-900">{filtered ? 'No users match' : 'No users yet'}</h2>
            <p className="mt-1 text-slate-600">
              {state.pendingVendors && !state.q
                ? 'No vendors are waiting for approval.'
                : state.q
                  ? `Nobody matches “${state.q}”. Check the spelling, or search for part of the name or e-mail address.`
                  : filtered
                    ? 'Nobody matches these filters.'
                    : 'Accounts appear here as people register.'}
            </p>
            {filtered && (
              <Link to={{ search: searchOf(cleared) }} className={`${buttonClass('secondary')} mt-4`}>
                Show all users
              </Link>
            )}
          </div>
        ) : (
          <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={isPlaceholderData}>
            <UserTable users={data.items} describedBy={`${ids}-summary`} rowLinkId={rowLinkId} onDecided={onDecided} />
            <Pagination page={data.page} pageCount={pageCount} params={params} label="Pages of users" />
          </div>
        )}
      </div>
    </div>
  );
}

const cellLabel = 'text-xs font-medium text-slate-500 lg:hidden';
const cell = 'min-w-0 lg:table-cell lg:px-4 lg:py-3 lg:align-top';

interface UserTableProps {
  users: AdminUser[];
  describedBy: string;
  rowLinkId: (uid: string) => string;
  onDecided: (user: AdminUser, message: string) => void;
}

/** A table on wide screens; on phones each row is a card (the header row is hidden and each cell says what it is). */
function UserTable({ users, describedBy, rowLinkId, onDecided }: UserTableProps) {
  return (
    <div className="relative lg:overflow-x-auto lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white">
      <table aria-describedby={describedBy} className="block w-full text-left text-sm lg:table">
        <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase lg:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3">Name</th>
            <th scope="col" className="px-4 py-3">E-mail</th>
            <th scope="col" className="px-4 py-3">Role</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3">Joined</th>
            <th scope="col" className="px-4 py-3">Actions</th>
          </tr>
        </thead>
        <tbody className="block space-y-3 lg:table-row-group lg:space-y-0 lg:divide-y lg:divide-slate-200">
          {users.map((user) => (
            <tr
              key={user.uid}
              className="grid grid-cols-1 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 lg:table-row lg:rounded-none lg:border-0 lg:p-0"
            >
              <th scope="row" className={`${cell} text-left font-normal`}>
                <Link
                  id={rowLinkId(user.uid)}
                  to={adminUserPaths.detail(user.uid)}
                  className="text-base font-semibold wrap-break-word text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline lg:text-sm"
                >
                  {user.name}
                </Link>
              </th>
              <td className={`${cell} flex flex-wrap items-baseline gap-x-2`}>
                <span className={cellLabel}>E-mail</span>
                <span className="break-all text-slate-700">{user.email}</span>
              </td>
              <td className={`${cell} flex items-center gap-2`}>
                <span className={cellLabel}>Role</span>
                <RoleBadge role={user.role} />
              </td>
              <td className={`${cell} flex flex-col items-start gap-1.5`}>
                <span className={cellLabel}>Status</span>
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
              </td>
              <td className={`${cell} flex items-baseline gap-2 whitespace-nowrap`}>
                <span className={cellLabel}>Joined</span>
                <time dateTime={user.createdAt} className="text-slate-700">
                  {formatDate(user.createdAt)}
                </time>
              </td>
              <td className={`${cell} ${isPendingVendor(user) ? '' : 'hidden'} lg:min-w-44`}>
                {isPendingVendor(user) && <PendingVendorActions user={user} onDecided={onDecided} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Approve at once, or "Reject…" which asks for the reason that is e-mailed to the vendor. */
function PendingVendorActions({ user, onDecided }: { user: AdminUser; onDecided: (user: AdminUser, message: string) => void }) {
  const id = useId();
  const decision = useVendorDecision();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const rejectToggleRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const shop = user.vendor?.name ?? user.name;

  useEffect(() => {
    if (rejecting) reasonRef.current?.focus();
  }, [rejecting]);

  const approve = () => {
    setProblem(null);
    decision.mutate(
      { uid: user.uid, decision: 'approve' },
      { onSuccess: (answered) => onDecided(answered, `Approved ${shop}. The vendor can now sell.`) },
    );
  };

  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = VendorDecisionInputSchema.safeParse({ decision: 'reject', reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please give the vendor a reason');
      reasonRef.current?.focus();
      return;
    }
    setProblem(null);
    decision.mutate(
      { uid: user.uid, decision: 'reject', reason: parsed.data.reason },
      { onSuccess: (answered) => onDecided(answered, `Rejected ${shop}. The vendor has been e-mailed the reason.`) },
    );
  };

  const failure = decision.error ? errorMessage(decision.error, 'The decision was not saved. Please check your connection and try again.') : null;

  return (
    <div className="min-w-0 space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={approve} disabled={decision.isPending} className={buttonClass('primary', 'sm')}>
          {decision.isPending && decision.variables.decision === 'approve' ? 'Approving…' : 'Approve'}{' '}
          <span className="sr-only">{shop}</span>
        </button>
        <button
          ref={rejectToggleRef}
          type="button"
          aria-expanded={rejecting}
          aria-controls={rejecting ? `${id}-reject` : undefined}
          onClick={() => {
            decision.reset();
            setProblem(null);
            setRejecting((open) => !open);
          }}
          disabled={decision.isPending}
          className={buttonClass('secondary', 'sm')}
        >
          Reject…{' '}
          <span className="sr-only">{shop}</span>
        </button>
      </div>
      {rejecting && (
        <form id={`${id}-reject`} noValidate onSubmit={reject} aria-label={`Reject ${shop}`} className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <Field id={`${id}-reason`} label={
              <>
                Reason for rejecting{' '}
                <span className="sr-only">{shop}</span>
              </>
            }
            hint="E-mailed to the vendor; at least 5 characters." error={problem ?? undefined}>
            {(describedBy) => (
              <textarea
                ref={reasonRef}
                id={`${id}-reason`}
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (problem) setProblem(null);
                }}
                aria-invalid={problem ? true : undefined}
                aria-describedby={describedBy}
                className={controlClassName}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={decision.isPending} className={buttonClass('primary', 'sm')}>
              {decision.isPending ? 'Rejecting…' : 'Reject shop'}
            </button>
            <button
              type="button"
              onClick={() => {
                setRejecting(false);
                setReason('');
                setProblem(null);
                decision.reset();
                rejectToggleRef.current?.focus();
              }}
              className={buttonClass('secondary', 'sm')}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {failure && <ErrorAlert className="px-3 py-2">{failure}</ErrorAlert>}
    </div>
  );
}

type AdminFormValues = z.input<typeof CreateAdminInputSchema>;

/** Name, e-mail and password for a new admin; POST /api/admin/admins. */
function AddAdminForm({ id, onCreated, onCancel }: { id: string; onCreated: (user: AdminUser) => void; onCancel: () => void }) {
  const create = useCreateAdmin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<AdminFormValues, unknown, CreateAdminInput>({
    resolver: zodResolver(CreateAdminInputSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  useEffect(() => {
    setFocus('name');
  }, [setFocus]);

  const submit = handleSubmit((values) => {
    setServerError(null);
    create.mutate(values, {
      onSuccess: (user) => onCreated(user),
      onError: (error) => setServerError(errorMessage(error, 'The admin was not created. Please check your connection and try again.')),
    });
  });

  const field = (name: keyof AdminFormValues) => `${id}-${name}`;

  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Add an admin
      </h2>
      <p className="mt-1 text-sm text-slate-600">The new admin signs in at the admin login with this e-mail address and password.</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <div className="grid gap-4 md:grid-cols-3">
          <Field id={field('name')} label="Name" error={errors.name?.message}>
            {(describedBy) => (
              <input
                id={field('name')}
                type="text"
                autoComplete="off"
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy}
                className={controlClassName}
                {...register('name')}
              />
            )}
          </Field>
          <Field id={field('email')} label="E-mail" error={errors.email?.message}>
            {(describedBy) => (
              <input
                id={field('email')}
                type="email"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy}
                className={controlClassName}
                {...register('email')}
              />
            )}
          </Field>
          <Field id={field('password')} label="Password" hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`} error={errors.password?.message}>
            {(describedBy) => (
              <input
                id={field('password')}
                type="password"
                autoComplete="new-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={describedBy}
                className={controlClassName}
                {...register('password')}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="submit" disabled={create.isPending} className={`${buttonClass('primary')} w-full sm:w-auto`}>
            {create.isPending ? 'Creating…' : 'Create admin'}
          </button>
          <button type="button" onClick={onCancel} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
