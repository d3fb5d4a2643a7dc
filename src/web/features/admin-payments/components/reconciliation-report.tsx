import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { addDays, indiaDate } from '#shared/india-time.ts';
import { formatPrice } from '#shared/money.ts';
import type { ReconciliationDifference, Settlement } from '#shared/schemas/reconciliation.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { Announcer } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useReconciliation, useRunReconciliation } from '../api/reconciliation.ts';
import { formatDateTime } from '../utils/format.ts';
import { Section } from './payment-section.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const KINDS: Record<ReconciliationDifference['kind'], string> = {
  missing_here: 'Captured at the gateway, not here',
  missing_there: 'Captured here, not at the gateway',
  amount_mismatch: 'Amounts differ',
  status_mismatch: 'States differ',
};

const RESOLUTIONS: Record<NonNullable<ReconciliationDifference['resolution']>, string> = {
  confirmed: 'Order confirmed',
  refunded: 'Money refunded',
};

const amount = (paise: number | null) => (paise === null ? '—' : formatPrice(paise));

/**
 * The daily reconciliation with the gateway for an India day (yesterday by default): the
 * settlements paid out (amount, fees, GST on the fees, UTR) and every difference between the
 * gateway's payments and ours, with what the reconciler did about each. "Run now" reconciles
 * the day again.
 */
export default function ReconciliationReport() {
  const [params, setParams] = useSearchParams();
  const today = indiaDate(new Date());
  const asked = params.get('date') ?? '';
  const date = ISO_DATE.test(asked) && asked <= today ? asked : addDays(today, -1);
  const report = useReconciliation(date);
  const run = useRunReconciliation();
  const [typed, setTyped] = useState(date);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const dateId = useId();

  function show(event: FormEvent) {
    event.preventDefault();
    if (ISO_DATE.test(typed)) setParams({ date: typed }, { preventScrollReset: true });
  }

  function runNow() {
    setAnnouncement('');
    run.mutate(date, {
      onSuccess: (done) => {
        setAnnouncement(
          `Reconciled ${done.date}: ${done.differences.length === 0 ? 'no differences' : `${done.differences.length} ${done.differences.length === 1 ? 'difference' : 'differences'}`}, ${done.settlements.length} ${done.settlements.length === 1 ? 'settlement' : 'settlements'}.`,
        );
        heading.current?.focus();
      },
    });
  }

  return (
    <div className="mx-auto w-full max-w-7xl">
      <title>Reconciliation · Admin</title>
      <Link
        to={paths.adminPayments()}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All payments
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Reconciliation</h1>
      <p className="mt-1 text-slate-600">
        The gateway’s payments and settlements for a day (India time) against ours. The reconciler confirms or refunds what it can decide
        alone; the rest is for you.
      </p>

      <div className="mt-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end sm:justify-between">
        <form onSubmit={show} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={dateId} className="block text-sm font-medium text-slate-900">
              Day
            </label>
            <input
              id={dateId}
              type="date"
              max={today}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              className="mt-1 block min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
            />
          </div>
          <button type="submit" className={buttonClass('secondary')}>
            Show
          </button>
        </form>
        <button type="button" onClick={runNow} disabled={run.isPending} className={`${buttonClass('primary')} w-full sm:w-auto`}>
          {run.isPending ? 'Reconciling…' : 'Run now'}
        </button>
      </div>

      <Announcer message={announcement} className="mt-4" />
      {run.isError && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {errorMessage(run.error, 'The reconciliation could not be run. Please try again.')}
        </p>
      )}

      <h2 ref={heading} tabIndex={-1} className="mt-6 text-xl font-semibold text-slate-900 focus:outline-none">
        Report for {date}
      </h2>
      {report.isPending ? (
        <Loading label="Loading the report…" />
      ) : report.isError ? (
        <p role="alert" className="mt-2 text-red-800">
          {errorMessage(report.error, 'The report could not be loaded.')}
        </p>
      ) : report.data === null ? (
        <p className="mt-2 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          {date} has not been reconciled yet. Run it now to compare the gateway’s payments with ours.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">Last run {formatDateTime(report.data.ranAt)}</p>
          <Section title="Differences" className="mt-4">
            {report.data.differences.length === 0 ? (
              <p className="text-sm text-slate-700">None: every payment of the day matches the gateway’s.</p>
            ) : (
              <DataTable
                columns={DIFFERENCE_COLUMNS}
                rows={report.data.differences}
                rowId={(_, index) => String(index)}
                label="Differences"
              />
            )}
          </Section>
          <Section title="Settlements" className="mt-6">
            {report.data.settlements.length === 0 ? (
              <p className="text-sm text-slate-700">The gateway paid out no settlement this day.</p>
            ) : (
              <DataTable columns={SETTLEMENT_COLUMNS} rows={report.data.settlements} rowId={(row) => row.id} label="Settlements" />
            )}
          </Section>
        </>
      )}
    </div>
  );
}

const differences = columnsOf<ReconciliationDifference>();
const DIFFERENCE_COLUMNS: DataColumn<ReconciliationDifference>[] = differences.columns([
  differences.accessor('kind', {
    header: 'Difference',
    meta: { rowHeader: true },
    cell: ({ row: { original } }) => <span className="font-semibold text-slate-900">{KINDS[original.kind]}</span>,
  }),
  differences.accessor('paymentId', {
    header: 'Our payment',
    cell: ({ getValue }) => {
      const id = getValue();
      return id === null ? (
        '—'
      ) : (
        <Link to={paths.adminPayment(id)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Payment {id}
        </Link>
      );
    },
  }),
  differences.accessor('gatewayPaymentId', {
    header: 'Gateway payment',
    cell: ({ getValue }) => <span className="break-all">{getValue() ?? '—'}</span>,
  }),
  differences.accessor('ours', {
    header: 'Ours',
    meta: { className: 'text-right' },
    cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">{amount(getValue())}</span>,
  }),
  differences.accessor('theirs', {
    header: 'Theirs',
    meta: { className: 'text-right' },
    cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">{amount(getValue())}</span>,
  }),
  differences.accessor('resolution', {
    header: 'Done by the reconciler',
    cell: ({ row: { original } }) => {
      const { resolution } = original;
      return resolution ? RESOLUTIONS[resolution] : <span className="text-amber-900">Left for you</span>;
    },
  }),
]);

const settlements = columnsOf<Settlement>();
const SETTLEMENT_COLUMNS: DataColumn<Settlement>[] = settlements.columns([
  settlements.accessor('id', {
    header: 'Settlement',
    meta: { rowHeader: true },
    cell: ({ getValue }) => <span className="break-all">{getValue()}</span>,
  }),
  settlements.accessor('settledAt', {
    header: 'Settled',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>,
  }),
  settlements.accessor('amount', {
    header: 'Amount',
    meta: { className: 'text-right' },
    cell: ({ getValue }) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatPrice(getValue())}</span>,
  }),
  settlements.accessor('fees', {
    header: 'Fees',
    meta: { className: 'text-right' },
    cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">{formatPrice(getValue())}</span>,
  }),
  settlements.accessor('tax', {
    header: 'GST on fees',
    meta: { className: 'text-right' },
    cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">{formatPrice(getValue())}</span>,
  }),
  settlements.accessor('utr', { header: 'UTR', cell: ({ getValue }) => <span className="break-all">{getValue() ?? 'Not yet'}</span> }),
]);
