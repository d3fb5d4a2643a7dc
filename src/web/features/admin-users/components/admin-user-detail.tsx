import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import { AuditChangesTable } from '#web/components/audit/audit-changes-table.tsx';
import { auditActionName } from '#web/components/audit/audit-changes.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { Announcer } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Checklist } from '#web/components/ui/checklist.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/lib/format.ts';
import { errorMessage, isNotFound, useAdminUser, type AdminUserDetail as Detail } from '../api/admin-users.ts';
import { adminUserPaths } from '../paths.ts';
import { formatDateTime } from '../utils/format.ts';
import { AccountStatusBadge, RoleBadge, ShopStatusBadge } from './admin-ui.tsx';
import { RoleForm, StatusForm, VendorDecisionForm } from './user-action-forms.tsx';

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

      {detail.shopChecklist && (
        <section aria-labelledby="admin-user-shop-details" className={sectionClass}>
          <h2 id="admin-user-shop-details" className={h2Class}>
            Shop details for approval
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A shop is approved only once each of these is in; the seller gives them in the shop profile.
          </p>
          <Checklist items={detail.shopChecklist} className="mt-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5" />
        </section>
      )}

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

// ---- Products and orders ----------------------------------------------------------------------

const productColumn = columnsOf<Detail['products'][number]>();
const productColumns: DataColumn<Detail['products'][number]>[] = [
  productColumn.accessor('name', {
    header: 'Name',
    meta: { rowHeader: true, cellClassName: 'font-medium wrap-anywhere text-slate-900' },
    cell: ({ row }) => (
      <Link to={paths.adminProduct(row.original.id)} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {row.original.name}
      </Link>
    ),
  }),
  productColumn.accessor('status', { header: 'Status', meta: { cellClassName: 'capitalize' } }),
  productColumn.accessor('price', {
    header: 'Price',
    meta: { className: 'text-right whitespace-nowrap' },
    cell: ({ getValue }) => formatPrice(getValue()),
  }),
  productColumn.accessor('stock', { header: 'Stock', meta: { className: 'text-right' } }),
];

function ProductsSection({ products }: { products: Detail['products'] }) {
  return (
    <section aria-labelledby="admin-user-products" className={sectionClass}>
      <h2 id="admin-user-products" className={`${h2Class} mb-3`}>
        Products
      </h2>
      {products.length === 0 ? (
        <p className="text-sm text-slate-600">This vendor has no products yet.</p>
      ) : (
        <DataTable label="Products" columns={productColumns} rows={products} rowId={(product) => String(product.id)} minWidth="min-w-lg" />
      )}
    </section>
  );
}

const orderColumn = columnsOf<Detail['orders'][number]>();
const orderColumns: DataColumn<Detail['orders'][number]>[] = [
  orderColumn.accessor('number', {
    header: 'Order',
    meta: { rowHeader: true, cellClassName: 'font-mono text-xs font-medium break-all text-slate-900' },
  }),
  orderColumn.accessor('orderDate', {
    header: 'Date',
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDate(getValue())}</time>,
  }),
  orderColumn.accessor('displayStatus', { header: 'Status' }),
  orderColumn.accessor('total', {
    header: 'Total',
    meta: { className: 'text-right whitespace-nowrap' },
    cell: ({ getValue }) => formatPrice(getValue()),
  }),
];

function OrdersSection({ orders }: { orders: Detail['orders'] }) {
  return (
    <section aria-labelledby="admin-user-orders" className={sectionClass}>
      <h2 id="admin-user-orders" className={`${h2Class} mb-3`}>
        Latest orders
      </h2>
      {orders.length === 0 ? (
        <p className="text-sm text-slate-600">No orders yet.</p>
      ) : (
        <DataTable label="Latest orders" columns={orderColumns} rows={orders} rowId={(order) => String(order.id)} minWidth="min-w-lg" />
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
                <span className="font-semibold text-slate-900">{auditActionName(entry.action)}</span>
              </p>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="text-slate-600">When</dt>
                <dd>
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </dd>
                <dt className="text-slate-600">Who</dt>
                <dd className="break-all">{entry.actor.name ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.email}</dd>
                <dt className="text-slate-600">Reason</dt>
                <dd className="wrap-break-word">{entry.reason ?? <span className="text-slate-500">None given</span>}</dd>
                <dt className="text-slate-600">Change</dt>
                <dd className="min-w-0 overflow-x-auto">
                  <AuditChangesTable
                    before={entry.before}
                    after={entry.after}
                    caption={`${auditActionName(entry.action)}: fields before and after`}
                  />
                </dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
