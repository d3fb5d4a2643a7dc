import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { formatPrice } from '#shared/money.ts';
import { AdminPaymentQuerySchema } from '#shared/schemas/admin.ts';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { LoadError, PastLastPage, ResultSummary } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { errorMessage, paymentsCsvHref, useAdminPayments, type AdminPayment, type AdminPaymentListParams, type PaymentMethod, type PaymentStatus } from '../api/admin-payments.ts';
import { PAYMENT_STATUS_LABELS, formatDateTime, maskedDetails, methodName, paiseToRupeesText, rupeesToPaise } from '../utils/format.ts';
import { Pagination, PaymentStatusBadge, searchOf, withParam } from './payment-ui.tsx';

const PAGE_SIZE = 20;
const STATUSES = AdminPaymentQuerySchema.shape.status.unwrap().options satisfies readonly PaymentStatus[];
const METHODS = AdminPaymentQuerySchema.shape.method.unwrap().options satisfies readonly PaymentMethod[];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The URL keys of the filters; amounts are rupees in the URL and paise for the API. */
const FILTER_KEYS = ['q', 'status', 'method', 'from', 'to', 'min', 'max'] as const;

const paymentPath = (id: number) => `/admin/payments/${id}`;

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
  const ids = useId();
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
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useAdminPayments(query);
  const [problem, setProblem] = useState<string | null>(null);

  const update = (next: URLSearchParams) => void setParams(next, { preventScrollReset: true });

  const onApply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (key: string) => String(form.get(key) ?? '').trim();
    const q = value('q');
    const from = value('from');
    const to = value('to');
    const min = value('min');
    const max = value('max');
    const minPaise = min === '' ? undefined : rupeesToPaise(min);
    const maxPaise = max === '' ? undefined : rupeesToPaise(max);
    if ((min !== '' && minPaise === undefined) || (max !== '' && maxPaise === undefined)) {
      setProblem('Enter amounts in rupees, for example 1500 or 1499.50.');
      return;
    }
    if (minPaise !== undefined && maxPaise !== undefined && minPaise > maxPaise) {
      setProblem('The lowest amount must not be more than the highest.');
      return;
    }
    if (from && to && from > to) {
      setProblem('The “from” date must be on or before the “to” date.');
      return;
    }
    setProblem(null);
    let next = params;
    next = withParam(next, 'q', q);
    next = withParam(next, 'from', from);
    next = withParam(next, 'to', to);
    next = withParam(next, 'min', minPaise === undefined ? undefined : paiseToRupeesText(minPaise));
    next = withParam(next, 'max', maxPaise === undefined ? undefined : paiseToRupeesText(maxPaise));
    update(next);
  };

  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min((data.page - 1) * data.pageSize + data.items.length, data.total) : 0;
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const cleared = FILTER_KEYS.reduce((next, key) => withParam(next, key, undefined), params);
  const formKey = ['q', 'from', 'to', 'min', 'max'].map((key) => params.get(key) ?? '').join('|');

  return (
    <div className="mx-auto w-full max-w-7xl">
      <title>Manage Payments · Admin</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900">Manage Payments</h1>
        <a href={paymentsCsvHref(query)} download className={`${buttonClass('secondary')} w-full sm:w-auto`}>
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>
      <p className="mt-1 text-slate-600">Every payment on the store. Open a payment to see its order and history, or to refund it.</p>

      <section aria-label="Filters" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
        <form key={formKey} role="search" aria-label="Payments" noValidate onSubmit={onApply} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="min-w-0 sm:col-span-2 lg:col-span-4">
            <label htmlFor={`${ids}-q`} className={labelClassName}>
              Order number or customer e-mail
            </label>
            <input
              id={`${ids}-q`}
              name="q"
              type="search"
              defaultValue={state.q ?? ''}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              placeholder="e.g. CB00000042"
              className={`${controlClassName} mt-1.5`}
            />
          </div>
          <DateInput id={`${ids}-from`} name="from" label="From date" value={state.from} />
          <DateInput id={`${ids}-to`} name="to" label="To date" value={state.to} />
          <AmountInput id={`${ids}-min`} name="min" label="Lowest amount (₹)" value={params.get('min')} invalid={problem !== null} />
          <AmountInput id={`${ids}-max`} name="max" label="Highest amount (₹)" value={params.get('max')} invalid={problem !== null} />
          <div className="sm:col-span-2 lg:col-span-4">
            {problem && <ErrorAlert className="mb-3">{problem}</ErrorAlert>}
            <button type="submit" className={`${buttonClass('primary')} w-full sm:w-auto`}>
              Apply filters
            </button>
          </div>
        </form>

        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FilterSelect
            id={`${ids}-status`}
            label="Status"
            value={state.status}
            anyLabel="Any status"
            options={STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] }))}
            onChange={(value) => update(withParam(params, 'status', value))}
          />
          <FilterSelect
            id={`${ids}-method`}
            label="Payment method"
            value={state.method}
            anyLabel="Any method"
            options={METHODS.map((method) => ({ value: method, label: methodName(method) }))}
            onChange={(value) => update(withParam(params, 'method', value))}
          />
        </div>

        {filtered && (
          <p className="mt-3">
            <Link
              to={{ search: searchOf(cleared) }}
              preventScrollReset
              onClick={() => setProblem(null)}
              className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Clear filters
            </Link>
          </p>
        )}
      </section>

      {data && (
        <section aria-label="Totals" className="mt-4">
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Total label="Payments" value={data.totals.count.toLocaleString('en-IN')} />
            <Total label="Amount" value={formatPrice(data.totals.amount)} />
            <Total label="Captured" value={formatPrice(data.totals.captured)} />
            <Total label="Refunded" value={formatPrice(data.totals.refunded)} />
          </dl>
        </section>
      )}

      <ResultSummary id={`${ids}-summary`} total={data?.total} shown={data?.items.length ?? 0} first={first} last={last} noun={['payment', 'payments']} />

      <div className="mt-3">
        {isPending ? (
          <Loading label="Loading payments…" />
        ) : isError ? (
          <LoadError what="the payments" message={errorMessage(error, 'Please check your internet connection and try again.')} onRetry={() => void refetch()} />
        ) : data.items.length === 0 && data.total > 0 ? (
          <PastLastPage total={data.total} pageCount={pageCount} noun="payments" lastPage={{ search: searchOf(withParam(params, 'page', pageCount === 1 ? undefined : String(pageCount))) }} />
        ) : data.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
            <h2 className="text-lg font-semibold text-slate-900">{filtered ? 'No payments match' : 'No payments yet'}</h2>
            <p className="mt-1 wrap-break-word text-slate-600">
              {state.q
                ? `Nothing matches “${state.q}”. Search for a whole order number such as CB00000042, or the customer’s e-mail address.`
                : filtered
                  ? 'No payment matches these filters.'
                  : 'Payments appear here as customers pay for orders.'}
            </p>
            {filtered && (
              <Link to={{ search: searchOf(cleared) }} className={`${buttonClass('secondary')} mt-4`}>
                Show all payments
              </Link>
            )}
          </div>
        ) : (
          <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={isPlaceholderData}>
            <PaymentTable payments={data.items} describedBy={`${ids}-summary`} />
            <Pagination page={data.page} pageCount={pageCount} params={params} label="Pages of payments" />
          </div>
        )}
      </div>
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

function DateInput({ id, name, label, value }: { id: string; name: string; label: string; value: string | undefined }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value ?? ''} className={`${controlClassName} mt-1.5`} />
    </div>
  );
}

function AmountInput({ id, name, label, value, invalid }: { id: string; name: string; label: string; value: string | null; invalid: boolean }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={value ?? ''}
        aria-invalid={invalid ? true : undefined}
        className={`${controlClassName} mt-1.5`}
      />
    </div>
  );
}

interface FilterSelectProps<T extends string> {
  id: string;
  label: string;
  value: T | undefined;
  anyLabel: string;
  options: Array<{ value: T; label: string }>;
  onChange: (value: string) => void;
}

function FilterSelect<T extends string>({ id, label, value, anyLabel, options, onChange }: FilterSelectProps<T>) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)} className={`${controlClassName} mt-1.5`}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const cellLabel = 'text-xs font-medium text-slate-500 lg:hidden';
const cell = 'min-w-0 lg:table-cell lg:px-4 lg:py-3 lg:align-top';

/**
 * A table on wide screens; on phones each row is a card (the header row is hidden and each cell
 * says what it is). The scrolling wrapper is `relative` so visually hidden text cannot widen the page.
 */
function PaymentTable({ payments, describedBy }: { payments: AdminPayment[]; describedBy: string }) {
  return (
    <div className="relative lg:overflow-x-auto lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white">
      <table aria-describedby={describedBy} className="block w-full text-left text-sm lg:table">
        <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase lg:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3">Order</th>
            <th scope="col" className="px-4 py-3">Date</th>
            <th scope="col" className="px-4 py-3">Customer</th>
            <th scope="col" className="px-4 py-3">Method</th>
            <th scope="col" className="px-4 py-3 text-right">Amount</th>
            <th scope="col" className="px-4 py-3 text-right">Refunded</th>
            <th scope="col" className="px-4 py-3">Status</th>
          </tr>
        </thead>
        <tbody className="block space-y-3 lg:table-row-group lg:space-y-0 lg:divide-y lg:divide-slate-200">
          {payments.map((payment) => {
            const masked = maskedDetails(payment);
            return (
              <tr
                key={payment.id}
                className="grid grid-cols-1 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 lg:table-row lg:rounded-none lg:border-0 lg:p-0"
              >
                <th scope="row" className={`${cell} text-left font-normal`}>
                  <Link
                    to={paymentPath(payment.id)}
                    className="text-base font-semibold wrap-break-word text-slate-900 underline-offset-2 hover:text-brand-700 hover:underline lg:text-sm"
                  >
                    {payment.orderNumber}
                    <span className="sr-only"> – payment {payment.id}</span>
                  </Link>
                </th>
                <td className={`${cell} flex flex-wrap items-baseline gap-x-2`}>
                  <span className={cellLabel}>Date</span>
                  <span className="text-slate-700">{formatDateTime(payment.createdAt)}</span>
                </td>
                <td className={`${cell} flex flex-wrap items-baseline gap-x-2`}>
                  <span className={cellLabel}>Customer</span>
                  <span className="min-w-0">
                    <span className="block wrap-break-word text-slate-900">{payment.customer.name}</span>
                    <span className="block text-xs break-all text-slate-600">{payment.customer.email}</span>
                  </span>
                </td>
                <td className={`${cell} flex flex-wrap items-baseline gap-x-2`}>
                  <span className={cellLabel}>Method</span>
                  <span className="min-w-0">
                    <span className="block text-slate-900">{methodName(payment.method)}</span>
                    {masked && <span className="block text-xs break-all text-slate-600">{masked}</span>}
                  </span>
                </td>
                <td className={`${cell} flex items-baseline gap-x-2 lg:text-right`}>
                  <span className={cellLabel}>Amount</span>
                  <span className="font-semibold whitespace-nowrap text-slate-900">{formatPrice(payment.amount)}</span>
                </td>
                <td className={`${cell} flex items-baseline gap-x-2 lg:text-right`}>
                  <span className={cellLabel}>Refunded</span>
                  <span className="whitespace-nowrap text-slate-700">{formatPrice(payment.refundedAmount)}</span>
                </td>
                <td className={`${cell} flex flex-wrap items-center gap-x-2`}>
                  <span className={cellLabel}>Status</span>
                  <PaymentStatusBadge status={payment.status} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
