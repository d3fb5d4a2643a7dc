import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { formatPrice } from '#shared/money.ts';
import type { Settlement } from '#shared/schemas/vendor.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { formatDate } from '#web/lib/format.ts';
import { DEFAULT_PERIOD, useSettlement, type Period } from '../api/vendor-shop.ts';
import { formatPercent } from '../format.ts';
import { vendorPaths } from '../vendor-paths.ts';
import { LoadError } from './load-error.tsx';
import { PeriodSelect } from './period-select.tsx';

const card = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5';

function Figures({ settlement }: { settlement: Settlement }) {
  const figures = [
    { label: 'Gross sales of delivered items', value: formatPrice(settlement.gross), strong: false },
    {
      label: `Marketplace commission (${formatPercent(settlement.commissionPercent)})`,
      value: `−${formatPrice(settlement.commission)}`,
      strong: false,
    },
    { label: 'Net payable', value: formatPrice(settlement.net), strong: true },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className={`${card} ${figure.strong ? 'border-brand-200 bg-brand-50' : ''}`}>
          <dt className="text-sm text-slate-600">{figure.label}</dt>
          <dd className="mt-1 text-xl font-bold wrap-break-word text-slate-900 tabular-nums sm:text-2xl">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

// On phones each row becomes a small card with its labels shown beside the values; the explicit
// roles keep it a table for screen readers whatever the CSS display is.
const cellLabel = 'font-medium text-slate-500 sm:hidden';
const cell = 'flex justify-between gap-3 px-0 py-0.5 sm:table-cell sm:px-3 sm:py-2';

function Lines({ settlement }: { settlement: Settlement }) {
  const captionId = useId();
  if (settlement.lines.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-lg font-semibold text-slate-900">No delivered items in this period.</p>
        <p className="mt-1 text-slate-600">Items appear here once they are marked delivered.</p>
      </div>
    );
  }
  return (
    <section aria-labelledby={captionId} className={card}>
      <h2 id={captionId} className="text-lg font-semibold text-slate-900">
        Delivered items
      </h2>
      <table role="table" aria-labelledby={captionId} className="mt-3 block w-full text-sm sm:table">
        <thead role="rowgroup" className="sr-only sm:not-sr-only sm:table-header-group">
          <tr role="row" className="border-b border-slate-200 text-left text-slate-600">
            <th role="columnheader" scope="col" className="px-3 py-2 font-medium">Order</th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-medium">Delivered on</th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-medium">Product</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-medium">Qty</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-medium">Amount</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block space-y-3 sm:table-row-group sm:space-y-0">
          {settlement.lines.map((line, index) => (
            <tr
              key={`${line.orderNumber}-${index}`}
              role="row"
              className="block rounded-lg border border-slate-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:border-slate-100 sm:p-0"
            >
              <td role="cell" className={`${cell} font-medium break-all text-slate-900`}>
                <span aria-hidden="true" className={cellLabel}>Order</span>
                {line.orderNumber}
              </td>
              <td role="cell" className={`${cell} whitespace-nowrap text-slate-700`}>
                <span aria-hidden="true" className={cellLabel}>Delivered on</span>
                <time dateTime={line.deliveredAt}>{formatDate(line.deliveredAt)}</time>
              </td>
              <td role="cell" className={`${cell} text-slate-900`}>
                <span aria-hidden="true" className={cellLabel}>Product</span>
                <span className="min-w-0 text-right wrap-break-word sm:text-left">{line.product}</span>
              </td>
              <td role="cell" className={`${cell} text-slate-900 tabular-nums sm:text-right`}>
                <span aria-hidden="true" className={cellLabel}>Qty</span>
                {line.quantity}
              </td>
              <td role="cell" className={`${cell} font-medium text-slate-900 tabular-nums sm:text-right`}>
                <span aria-hidden="true" className={cellLabel}>Amount</span>
                {formatPrice(line.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** What the marketplace owes the vendor for items delivered in the period, with the lines and a CSV export. */
export default function VendorSettlements() {
  const [days, setDays] = useState<Period>(DEFAULT_PERIOD);
  const settlement = useSettlement(days);
  const data = settlement.data;

  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Settlements</h1>
        <div className="flex flex-wrap items-center gap-3">
          <PeriodSelect value={days} onChange={setDays} />
          <a href={vendorPaths.settlementsCsv(days)} download className={buttonClass('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        </div>
      </div>

      <div className="mt-5 space-y-4" aria-busy={settlement.isFetching}>
        {settlement.isPending ? (
          <Loading label="Loading your settlement…" />
        ) : settlement.isError && !data ? (
          <LoadError title="We could not load your settlement." error={settlement.error} onRetry={() => void settlement.refetch()} />
        ) : data ? (
          <>
            <p className="text-sm text-slate-600">
              From <time dateTime={data.from}>{formatDate(data.from)}</time> to{' '}
              <time dateTime={data.to}>{formatDate(data.to)}</time>. Only delivered items are settled.
            </p>
            <Figures settlement={data} />
            <Lines settlement={data} />
          </>
        ) : null}
      </div>
    </div>
  );
}
