import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { z } from 'zod';
import { formatPrice } from '#shared/money.ts';
import { UserRoleInputSchema, UserStatusInputSchema, VendorDecisionInputSchema, type AdminUser, type AuditEntry } from '#shared/schemas/admin.ts';
import { ROLES } from '#shared/schemas/auth.ts';
import { Announcer, ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName } from '#web/components/ui/field.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/lib/format.ts';
import {
  errorMessage,
  isNotFound,
  useAdminUser,
  useSetUserRole,
  useSetUserStatus,
  useVendorDecision,
  type AdminUserDetail as Detail,
  type UserRoleInput,
} from '../api/admin-users.ts';
import { adminUserPaths } from '../paths.ts';
import { actionLabel, compactJson, formatDateTime } from '../utils/format.ts';
import { AccountStatusBadge, Field, ROLE_LABELS, RoleBadge, ShopStatusBadge } from './admin-ui.tsx';

const CONNECTION_PROBLEM = 'The change was not saved. Please check your internet connection and try again.';

function BackLink() {
  return (
    <Link
      to={adminUserPaths.list()}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All users
    </Link>
  );
}

/** One account for admins: details, their orders or products, the actions on it and its audit history. */
export default function AdminUserDetail({ uid }: { uid: string }) {
  const query = useAdminUser(uid);

  if (query.isPending) return <Loading label="Loading the user…" />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <div className="mx-auto w-full max-w-5xl">
          <title>User not found · Admin</title>
          <BackLink />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">User not found</h1>
          <p className="mt-2 text-slate-700">There is no account with this id. It may have been removed, or the link is wrong.</p>
        </div>
      );
    }
    return (
      <div className="mx-auto w-full max-w-5xl">
        <BackLink />
        <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          <p className="font-semibold">We could not load this user.</p>
          <p className="mt-1 text-sm">{errorMessage(query.error, 'Please check your internet connection and try again.')}</p>
          <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  return <UserPage detail={query.data} />;
}

const sectionClass = 'mt-8';
const h2Class = 'text-lg font-semibold text-slate-900';

function UserPage({ detail }: { detail: Detail }) {
  const { user, orders, products, audit } = detail;
  const [announcement, setAnnouncement] = useState('');
  const [focusHeading, setFocusHeading] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After a decision on the shop its form goes away; focus then goes to the page's heading.
  useEffect(() => {
    if (focusHeading > 0) headingRef.current?.focus();
  }, [focusHeading]);

  const announce = (message: string) => setAnnouncement(message);
  const showProducts = user.role === 'vendor' || user.vendor !== null || products.length > 0;
  const showOrders = user.role === 'customer' || orders.length > 0;

  return (
    <div className="mx-auto w-full max-w-5xl">
      <title>{`${user.name} · Manage Users · Admin`}</title>
      <BackLink />
      <h1 ref={headingRef} tabIndex={-1} className="mt-3 text-2xl font-bold wrap-break-word text-slate-900">
        {user.name}
      </h1>

      <Announcer message={announcement} className="mt-4" />

      <dl className="mt-4 grid gap-x-6 gap-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2 sm:p-6">
        <Item term="E-mail">
          <a href={`mailto:${user.email}`} className="break-all text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {user.email}
          </a>
        </Item>
        <Item term="Role">
          <RoleBadge role={user.role} />
        </Item>
        <Item term="Account status">
          <AccountStatusBadge status={user.status} />
        </Item>
        <Item term="Joined">
          <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
        </Item>
        {user.vendor && (
          <>
            <Item term="Shop">
              <span className="wrap-break-word">{user.vendor.name}</span>
            </Item>
            <Item term="Shop status">
              <ShopStatusBadge status={user.vendor.status} />
            </Item>
          </>
        )}
      </dl>

      <section aria-labelledby="admin-user-actions" className={sectionClass}>
        <h2 id="admin-user-actions" className={h2Class}>
          Actions
        </h2>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          {user.vendor?.status === 'pending' && (
            <VendorDecisionForm
              user={user}
              onDone={(message) => {
                announce(message);
                setFocusHeading((n) => n + 1);
              }}
            />
          )}
          <StatusForm user={user} onDone={announce} />
          <RoleForm user={user} onDone={announce} />
        </div>
      </section>

      {showProducts && <ProductsSection products={products} />}
      {showOrders && <OrdersSection orders={orders} />}
      <AuditSection entries={audit} />
    </div>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

const cardClass = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5';
const h3Class = 'text-base font-semibold text-slate-900';

// ---- Account status ---------------------------------------------------------------------------

const ReasonSchema = UserStatusInputSchema.pick({ reason: true });
type ReasonValues = z.input<typeof ReasonSchema>;

function StatusForm({ user, onDone }: { user: AdminUser; onDone: (message: string) => void }) {
  const id = useId();
  const mutation = useSetUserStatus();
  const suspending = user.status === 'active';
  const title = suspending ? 'Suspend account' : 'Reactivate account';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReasonValues, unknown, z.output<typeof ReasonSchema>>({ resolver: zodResolver(ReasonSchema), defaultValues: { reason: '' } });

  const submit = handleSubmit(({ reason }) => {
    const status = suspending ? 'suspended' : 'active';
    mutation.mutate(
      { uid: user.uid, status, reason },
      {
        onSuccess: (answered) => {
          reset({ reason: '' });
          onDone(answered.status === 'suspended' ? `${answered.name}’s account is suspended.` : `${answered.name}’s account is active again.`);
        },
      },
    );
  });

  return (
    <section aria-labelledby={`${id}-heading`} className={cardClass}>
      <h3 id={`${id}-heading`} className={h3Class}>
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {suspending ? 'The account stays suspended until an admin reactivates it.' : 'The account is suspended. Reactivating lets the user use it again.'}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 space-y-3">
        {mutation.error && <ErrorAlert>{errorMessage(mutation.error, CONNECTION_PROBLEM)}</ErrorAlert>}
        <Field
          id={`${id}-reason`}
          label={suspending ? 'Reason for suspending' : 'Reason for reactivating'}
          hint="Kept in the audit history; at least 5 characters."
          error={errors.reason?.message}
        >
          {(describedBy) => (
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={500}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
              {...register('reason', { onChange: () => mutation.reset() })}
            />
          )}
        </Field>
        <button
          type="submit"
          disabled={mutation.isPending}
          className={`${buttonClass('primary')} w-full sm:w-auto`}
        >
          {mutation.isPending ? (suspending ? 'Suspending…' : 'Reactivating…') : title}
        </button>
      </form>
    </section>
  );
}

// ---- Role -------------------------------------------------------------------------------------

function RoleForm({ user, onDone }: { user: AdminUser; onDone: (message: string) => void }) {
  const id = useId();
  const mutation = useSetUserRole();
  const schema = useMemo(
    () => UserRoleInputSchema.refine((input) => input.role !== user.role, { message: `This user is already a ${ROLE_LABELS[user.role].toLowerCase()}. Choose another role.`, path: ['role'] }),
    [user.role],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof UserRoleInputSchema>, unknown, UserRoleInput>({ resolver: zodResolver(schema), defaultValues: { role: user.role, reason: '' } });

  const submit = handleSubmit(({ role, reason }) => {
    mutation.mutate(
      { uid: user.uid, role, reason },
      {
        onSuccess: (answered) => {
          reset({ role: answered.role, reason: '' });
          onDone(`${answered.name} is now ${answered.role === 'admin' ? 'an' : 'a'} ${ROLE_LABELS[answered.role].toLowerCase()}.`);
        },
      },
    );
  });

  return (
    <section aria-labelledby={`${id}-heading`} className={cardClass}>
      <h3 id={`${id}-heading`} className={h3Class}>
        Change role
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Currently {user.role === 'admin' ? 'an' : 'a'} {ROLE_LABELS[user.role].toLowerCase()}.
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 space-y-3">
        {mutation.error && <ErrorAlert>{errorMessage(mutation.error, CONNECTION_PROBLEM)}</ErrorAlert>}
        <Field id={`${id}-role`} label="New role" error={errors.role?.message}>
          {(describedBy) => (
            <select
              id={`${id}-role`}
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
              {...register('role', { onChange: () => mutation.reset() })}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                  {role === user.role ? ' (current)' : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-reason`} label="Reason for the role change" hint="Kept in the audit history; at least 5 characters." error={errors.reason?.message}>
          {(describedBy) => (
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={500}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
              {...register('reason', { onChange: () => mutation.reset() })}
            />
          )}
        </Field>
        <button type="submit" disabled={mutation.isPending} className={`${buttonClass('primary')} w-full sm:w-auto`}>
          {mutation.isPending ? 'Changing…' : 'Change role'}
        </button>
      </form>
    </section>
  );
}

// ---- Vendor decision --------------------------------------------------------------------------

function VendorDecisionForm({ user, onDone }: { user: AdminUser; onDone: (message: string) => void }) {
  const id = useId();
  const mutation = useVendorDecision();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const shop = user.vendor?.name ?? 'this shop';

  const decide = (decision: 'approve' | 'reject') => {
    const parsed = VendorDecisionInputSchema.safeParse({ decision, reason: reason.trim() === '' ? undefined : reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please give the vendor a reason');
      reasonRef.current?.focus();
      return;
    }
    setProblem(null);
    mutation.mutate(
      { uid: user.uid, decision, ...(parsed.data.reason ? { reason: parsed.data.reason } : {}) },
      {
        onSuccess: () =>
          onDone(decision === 'approve' ? `${shop} is approved. The vendor can now sell.` : `${shop} is rejected. The vendor has been e-mailed the reason.`),
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    decide('approve');
  };

  return (
    <section aria-labelledby={`${id}-heading`} className={`${cardClass} border-amber-300 md:col-span-2`}>
      <h3 id={`${id}-heading`} className={h3Class}>
        Shop awaiting approval
      </h3>
      <p className="mt-1 text-sm text-slate-600 wrap-break-word">Approve {shop} so the vendor can publish products, or reject it with a reason.</p>
      <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3">
        {mutation.error && <ErrorAlert>{errorMessage(mutation.error, CONNECTION_PROBLEM)}</ErrorAlert>}
        <Field
          id={`${id}-reason`}
          label="Reason for the decision"
          hint="Required to reject (at least 5 characters); it is e-mailed to the vendor. Optional when approving."
          error={problem ?? undefined}
        >
          {(describedBy) => (
            <textarea
              ref={reasonRef}
              id={`${id}-reason`}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setProblem(null);
                mutation.reset();
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
            />
          )}
        </Field>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="submit" disabled={mutation.isPending} className={`${buttonClass('primary')} w-full sm:w-auto`}>
            {mutation.isPending && mutation.variables.decision === 'approve' ? 'Approving…' : 'Approve shop'}
          </button>
          <button type="button" onClick={() => decide('reject')} disabled={mutation.isPending} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
            {mutation.isPending && mutation.variables.decision === 'reject' ? 'Rejecting…' : 'Reject shop'}
          </button>
        </div>
      </form>
    </section>
  );
}

// ---- Products and orders ----------------------------------------------------------------------

const thClass = 'px-3 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase';
const tdClass = 'px-3 py-2.5 align-top';

function TableBox({ children }: { children: ReactNode }) {
  return <div className="relative mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">{children}</div>;
}

function ProductsSection({ products }: { products: Detail['products'] }) {
  return (
    <section aria-labelledby="admin-user-products" className={sectionClass}>
      <h2 id="admin-user-products" className={h2Class}>
        Products
      </h2>
      {products.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">This vendor has no products yet.</p>
      ) : (
        <TableBox>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>Name</th>
                <th scope="col" className={thClass}>Status</th>
                <th scope="col" className={`${thClass} text-right`}>Price</th>
                <th scope="col" className={`${thClass} text-right`}>Stock</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {products.map((product) => (
                <tr key={product.id}>
                  <th scope="row" className={`${tdClass} font-medium wrap-anywhere text-slate-900`}>
                    <Link to={paths.adminProduct(product.id)} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
                      {product.name}
                    </Link>
                  </th>
                  <td className={`${tdClass} capitalize`}>{product.status}</td>
                  <td className={`${tdClass} text-right whitespace-nowrap`}>{formatPrice(product.price)}</td>
                  <td className={`${tdClass} text-right`}>{product.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}

function OrdersSection({ orders }: { orders: Detail['orders'] }) {
  return (
    <section aria-labelledby="admin-user-orders" className={sectionClass}>
      <h2 id="admin-user-orders" className={h2Class}>
        Latest orders
      </h2>
      {orders.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No orders yet.</p>
      ) : (
        <TableBox>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>Order</th>
                <th scope="col" className={thClass}>Date</th>
                <th scope="col" className={thClass}>Status</th>
                <th scope="col" className={`${thClass} text-right`}>Total</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row" className={`${tdClass} font-mono text-xs font-medium break-all text-slate-900`}>
                    {order.number}
                  </th>
                  <td className={tdClass}>
                    <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
                  </td>
                  <td className={tdClass}>{order.displayStatus}</td>
                  <td className={`${tdClass} text-right whitespace-nowrap`}>{formatPrice(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}

// ---- Audit history ----------------------------------------------------------------------------

function AuditSection({ entries }: { entries: AuditEntry[] }) {
  return (
    <section aria-labelledby="admin-user-audit" className={sectionClass}>
      <h2 id="admin-user-audit" className={h2Class}>
        Audit history
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No admin has changed this account yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {entries.map((entry) => (
            <li key={entry.id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="font-semibold text-slate-900">{actionLabel(entry.action)}</span>
                <span className="font-mono text-xs break-all text-slate-500">{entry.action}</span>
              </p>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="text-slate-600">When</dt>
                <dd>
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </dd>
                <dt className="text-slate-600">Who</dt>
                <dd className="break-all">{entry.actor.email}</dd>
                <dt className="text-slate-600">Reason</dt>
                <dd className="wrap-break-word">{entry.reason ?? <span className="text-slate-500">None given</span>}</dd>
                <dt className="text-slate-600">Change</dt>
                <dd className="font-mono text-xs break-all">
                  <span className="sr-only">Before: </span>
                  <code>{compactJson(entry.before)}</code>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only">, after: </span>
                  <code>{compactJson(entry.after)}</code>
                </dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
