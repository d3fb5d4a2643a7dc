import { Download, Scale } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import { AdminPaymentQuerySchema } from '#shared/schemas/admin.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { anyFilterSet, type Filter, FilterBar, withoutFilters } from '#web/components/data-table/filter-bar.tsx';
import { EmptyState, PagedList } from '#web/components/data-table/paged-list.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import {
  paymentsCsvHref,
  useAdminPayments,
  type AdminPayment,
  type AdminPaymentListParams,
  type PaymentMethod,
  type PaymentStatus,
} from '../api/admin-payments.ts';
import { PAYMENT_STATUS_LABELS, formatDateTime, maskedDetails, methodName, paiseToRupeesText, rupeesToPaise } from '../utils/format.ts';
import { PaymentStatusBadge, searchOf } from './payment-ui.tsx';

const PAGE_SIZE = 20;
const STATUSES = AdminPaymentQuerySchema.shape.status.unwrap().options satisfies readonly PaymentStatus[];
const METHODS = AdminPaymentQuerySchema.shape.method.unwrap().options satisfies readonly PaymentMethod[];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const AMOUNT_PROBLEM = 'Enter amounts in rupees, for example 1500 or 1499.50.';
/** An amount as the URL keeps it (rupees, written out), or the text as typed when it is not one. */
const amountText = (text: string) => {
  const paise = rupeesToPaise(text);
  return paise === undefined ? text : paiseToRupeesText(paise);
};
const amountProblem = (text: string) => (rupeesToPaise(text) === undefined ? AMOUNT_PROBLEM : undefined);

/** The list's filters, each a URL parameter; amounts are rupees in the URL and paise for the API. */
const FILTERS: readonly Filter[] = [
  { kind: 'text', param: 'q', label: 'Order number or customer e-mail', placeholder: 'e.g. CB00000042' },
  {
    kind: 'text',
    param: 'from',
    label: 'From date',
    type: 'date',
    check: (date) => (ISO_DATE.test(date) ? undefined : 'Enter a date such as 2026-11-01.'),
  },
  {
    kind: 'text',
    param: 'to',
    label: 'To date',
    type: 'date',
    check: (date) => (ISO_DATE.test(date) ? undefined : 'Enter a date such as 2026-11-30.'),
  },
  {
    kind: 'text',
    param: 'min',
    label: 'Lowest amount (₹)',
    type: 'text',
    inputMode: 'decimal',
    normalize: amountText,
    check: amountProblem,
  },
  {
    kind: 'text',
    param: 'max',
    label: 'Highest amount (₹)',
    type: 'text',
    inputMode: 'decimal',
    normalize: amountText,
    check: amountProblem,
  },
  {
    kind: 'select',
    param: 'status',
    label: 'Status',
    anyLabel: 'Any status',
    options: STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] })),
  },
  {
    kind: 'select',
    param: 'method',
    label: 'Payment method',
    anyLabel: 'Any method',
    options: METHODS.map((method) => ({ value: method, label: methodName(method) })),
  },
];

/** The ranges' ends in order, once each is good. */
function inOrder(values: Readonly<Record<string, string>>) {
  const min = values.min ? rupeesToPaise(values.min) : undefined;
  const max = values.max ? rupeesToPaise(values.max) : undefined;
  if (min !== undefined && max !== undefined && min > max)
    return { message: 'The lowest amount must not be more than the highest.', params: ['min', 'max'] };
  if (values.from && values.to && values.from > values.to)
    return { message: 'The “from” date must be on or before the “to” date.', params: ['from', 'to'] };
  return undefined;
}

const paymentPath = (id: number) => `/admin/payments/${id}`;
/** drawn by the payment route (payment-detail.tsx), kept out of paths.ts and the entry chunk: the home page's budget has no room */
const RECONCILIATION_PATH = '/admin/payments/reconciliation';

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((item) => item === value);
}

interface ListState {
  q: string | undefined;
  status: PaymentStatus | undefined;
  method: PaymentMethod | undefined;
  from: string | undefined;
  to: string | undefined;
  /** paise */
  min: number | undefined;
  /** paise */
  max: number | undefined;
  page: number;
}

/** The list's state as the URL holds it; anything unreadable falls back to the default. */
function readState(params: URLSearchParams): ListState {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return ISO_DATE.test(value) ? value : undefined;
  };
  const pageText = params.get('page') ?? '';
  return {
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    status: oneOf(STATUSES, params.get('status')),
    method: oneOf(METHODS, params.get('method')),
    from: date('from'),
    to: date('to'),
    min: rupeesToPaise(params.get('min') ?? ''),
    max: rupeesToPaise(params.get('max') ?? ''),
    page: /^[1-9]\d{0,5}$/.test(pageText) ? Number(pageText) : 1,
  };
}

/** Every payment: search and filter, totals of the filtered set, a CSV download, and links to each payment. */
export default function AdminPaymentsList() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const query: AdminPaymentListParams = {
    q: state.q,
    status: state.status,
    method: state.method,
    from: state.from,
    to: state.to,
    minAmount: state.min,
    maxAmount: state.max,
    page: state.page,
    pageSize: PAGE_SIZE,
  };
  const payments = useAdminPayments(query);

  const update = (next: URLSearchParams) => void setParams(next, { preventScrollReset: true });

  const filtered = anyFilterSet(params, FILTERS);
  const cleared = withoutFilters(params, FILTERS);

  return (
    <div className="mx-auto w-full max-w-7xl">
      <title>Manage Payments · Admin</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900">Manage Payments</h1>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to={RECONCILIATION_PATH} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
            <Scale aria-hidden="true" className="size-4" />
            Reconciliation
          </Link>
          <a href={paymentsCsvHref(query)} download className={`${buttonClass('secondary')} w-full sm:w-auto`}>
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        </div>
      </div>
      <p className="mt-1 text-slate-600">Every payment on the store. Open a payment to see its order and history, or to refund it.</p>

      <FilterBar
        filters={FILTERS}
        params={params}
        onChange={update}
        searchLabel="Payments"
        submitLabel="Apply filters"
        checkAll={inOrder}
      />

      {payments.data && (
        <section aria-label="Totals" className="mt-4">
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Total label="Payments" value={payments.data.totals.count.toLocaleString('en-IN')} />
            <Total label="Amount" value={formatPrice(payments.data.totals.amount)} />
            <Total label="Captured" value={formatPrice(payments.data.totals.captured)} />
            <Total label="Refunded" value={formatPrice(payments.data.totals.refunded)} />
          </dl>
        </section>
      )}

      <PagedList
        query={payments}
        params={params}
        noun={['payment', 'payments']}
        pagesLabel="Pages of payments"
        empty={
          <EmptyState
            title={filtered ? 'No payments match' : 'No payments yet'}
            action={filtered ? { to: { search: searchOf(cleared) }, label: 'Show all payments' } : undefined}
          >
            {state.q
              ? `Nothing matches “${state.q}”. Search for a whole order number such as CB00000042, or the customer’s e-mail address.`
              : filtered
                ? 'No payment matches these filters.'
                : 'Payments appear here as customers pay for orders.'}
          </EmptyState>
        }
      >
        {(page, summaryId) => (
          <DataTable columns={COLUMNS} rows={page.items} rowId={(payment) => String(payment.id)} label="Payments" describedBy={summaryId} />
        )}
      </PagedList>
    </div>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-base font-bold wrap-break-word text-slate-900 sm:text-lg">{value}</dd>
    </div>
  );
}

const payments = columnsOf<AdminPayment>();

const COLUMNS: DataColumn<AdminPayment>[] = payments.columns([
  payments.accessor('orderNumber', {
    header: 'Order',
    meta: { rowHeader: true },
    cell: ({ row: { original: payment } }) => (
      <Link
        to={paymentPath(payment.id)}
        className="font-semibold whitespace-nowrap text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline"
      >
        {payment.orderNumber}
        <span className="sr-only"> – payment {payment.id}</span>
      </Link>
    ),
  }),
  payments.accessor('createdAt', {
    header: 'Date',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ getValue }) => <span className="text-slate-700">{formatDateTime(getValue())}</span>,
  }),
  payments.accessor((payment) => payment.customer.name, {
    id: 'customer',
    header: 'Customer',
    cell: ({ row: { original: payment } }) => (
      <>
        <span className="block wrap-break-word text-slate-900">{payment.customer.name}</span>
        <span className="block text-xs whitespace-nowrap text-slate-600">{payment.customer.email}</span>
      </>
    ),
  }),
  payments.accessor('method', {
    header: 'Method',
    cell: ({ row: { original: payment } }) => {
      const masked = maskedDetails(payment);
      return (
        <>
          <span className="block text-slate-900">{methodName(payment.method)}</span>
          {masked && <span className="block text-xs whitespace-nowrap text-slate-600">{masked}</span>}
        </>
      );
    },
  }),
  payments.accessor('amount', {
    header: 'Amount',
    meta: { className: 'text-right' },
    cell: ({ getValue }) => <span className="font-semibold whitespace-nowrap text-slate-900">{formatPrice(getValue())}</span>,
  }),
  payments.accessor('refundedAmount', {
    header: 'Refunded',
    meta: { className: 'text-right' },
    cell: ({ getValue }) => <span className="whitespace-nowrap text-slate-700">{formatPrice(getValue())}</span>,
  }),
  payments.accessor('status', {
    header: 'Status',
    cell: ({ row: { original: payment } }) => <PaymentStatusBadge status={payment.status} abandoned={payment.abandoned} />,
  }),
]);
