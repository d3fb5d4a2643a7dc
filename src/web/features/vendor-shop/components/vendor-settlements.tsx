import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { formatPrice } from '#shared/money.ts';
import type { Settlement } from '#shared/schemas/vendor.ts';
import { columnsOf, type DataColumn, DataTable } from '#web/components/data-table/data-table.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { LoadError } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { PeriodSelect } from '#web/components/ui/period-select.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { DEFAULT_PERIOD, PERIODS, useSettlement, type Period } from '../api/vendor-shop.ts';
import { formatPercent } from '../format.ts';
import { vendorPaths } from '../vendor-paths.ts';

const card = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5';

/**
 * Gross sales, the shop's own coupons (deducted), the marketplace's coupons (paid by it, not
 * deducted), the commission (on sales less the shop's coupons) and what is payable.
 */
function Figures({ settlement }: { settlement: Settlement }) {
  const figures: Array<{ label: string; value: string; note?: string; strong: boolean; wide?: boolean }> = [
    { label: 'Gross sales of delivered items', value: formatPrice(settlement.gross), strong: false },
    {
      label: 'Your coupons (deducted)',
      value: `−${formatPrice(settlement.shopDiscounts)}`,
      note: 'Discounts of your own coupons come out of your payable.',
      strong: false,
    },
    ...(settlement.returns > 0 || settlement.returnLines.length > 0
      ? [
          {
            label: 'Returns refunded (deducted)',
            value: `−${formatPrice(settlement.returns)}`,
            note: 'Your sale of the units customers returned and were refunded for in this period.',
            strong: false,
          },
        ]
      : []),
    {
      label: `Marketplace commission (${formatPercent(settlement.commissionPercent)})`,
      value: `−${formatPrice(settlement.commission)}`,
      note: settlement.returns > 0 ? 'On your sales less your coupons and returns.' : 'On your sales less your coupons.',
      strong: false,
    },
    { label: 'Net payable', value: formatPrice(settlement.net), strong: true },
    {
      label: 'Marketplace coupons (paid by us)',
      value: formatPrice(settlement.marketplaceDiscounts),
      note: 'What shoppers saved on your items with our coupons. Not deducted: you are paid for these items in full.',
      strong: false,
      wide: true,
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className={`${card} ${figure.strong ? 'border-brand-200 bg-brand-50' : ''} ${figure.wide ? 'sm:col-span-2 lg:col-span-4' : ''}`}
        >
          <dt className="text-sm text-slate-600">{figure.label}</dt>
          <dd className="mt-1 text-xl font-bold wrap-break-word text-slate-900 tabular-nums sm:text-2xl">{figure.value}</dd>
          {figure.note && <dd className="mt-1 text-xs text-slate-600">{figure.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

// On phones each row becomes a small card with its labels shown beside the values; the explicit
// roles keep it a table for screen readers whatever the CSS display is.
type SettlementLine = Settlement['lines'][number];
const line = columnsOf<SettlementLine>();
const LINE_COLUMNS: DataColumn<SettlementLine>[] = [
  line.accessor('orderNumber', { header: 'Order', meta: { rowHeader: true, cellClassName: 'font-medium break-all text-slate-900' } }),
  line.accessor('deliveredAt', {
    header: 'Delivered on',
    meta: { className: 'whitespace-nowrap', cellClassName: 'text-slate-700' },
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDate(getValue())}</time>,
  }),
  line.accessor('product', { header: 'Product', meta: { cellClassName: 'wrap-break-word text-slate-900' } }),
  line.accessor('quantity', { header: 'Qty', meta: { className: 'text-right', cellClassName: 'tabular-nums text-slate-900' } }),
  line.accessor('amount', {
    header: 'Amount',
    meta: { className: 'text-right', cellClassName: 'font-medium tabular-nums text-slate-900' },
    cell: ({ getValue }) => formatPrice(getValue()),
  }),
  line.accessor('discount', {
    header: 'Coupon',
    meta: { className: 'text-right whitespace-nowrap', cellClassName: 'tabular-nums' },
    cell: ({ row: { original } }) =>
      original.discount > 0 ? (
        <>
          <span className="font-medium text-slate-900">−{formatPrice(original.discount)}</span>
          <span className="block text-xs text-slate-600">
            {original.discountFundedBy === 'vendor' ? 'Yours, deducted' : 'Ours, paid by us'}
          </span>
        </>
      ) : (
        <>
          <span aria-hidden="true" className="text-slate-400">
            —
          </span>
          <span className="sr-only">None</span>
        </>
      ),
  }),
];

type ReturnLine = Settlement['returnLines'][number];
const returned = columnsOf<ReturnLine>();
const RETURN_COLUMNS: DataColumn<ReturnLine>[] = [
  returned.accessor('orderNumber', { header: 'Order', meta: { rowHeader: true, cellClassName: 'font-medium break-all text-slate-900' } }),
  returned.accessor('refundedAt', {
    header: 'Refunded on',
    meta: { className: 'whitespace-nowrap', cellClassName: 'text-slate-700' },
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDate(getValue())}</time>,
  }),
  returned.accessor('product', { header: 'Product', meta: { cellClassName: 'wrap-break-word text-slate-900' } }),
  returned.accessor('quantity', { header: 'Qty', meta: { className: 'text-right', cellClassName: 'tabular-nums text-slate-900' } }),
  returned.accessor('amount', {
    header: 'Deducted',
    meta: { className: 'text-right', cellClassName: 'font-medium tabular-nums text-slate-900' },
    cell: ({ getValue }) => `−${formatPrice(getValue())}`,
  }),
];

/** Units customers returned and were refunded for in the period: they come off the payable. */
function ReturnLines({ settlement }: { settlement: Settlement }) {
  const captionId = useId();
  if (settlement.returnLines.length === 0) return null;
  return (
    <section aria-labelledby={captionId} className={card}>
      <h2 id={captionId} className="text-lg font-semibold text-slate-900">
        Returns refunded
      </h2>
      <div className="mt-3">
        <DataTable
          label="Returns refunded"
          columns={RETURN_COLUMNS}
          rows={settlement.returnLines}
          rowId={(row, index) => `${row.orderNumber}-r${index}`}
        />
      </div>
    </section>
  );
}

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
      <div className="mt-3">
        <DataTable
          label="Delivered items"
          columns={LINE_COLUMNS}
          rows={settlement.lines}
          rowId={(row, index) => `${row.orderNumber}-${index}`}
        />
      </div>
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
          <PeriodSelect periods={PERIODS} value={days} onChange={setDays} />
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
          <LoadError
            what="your settlement"
            message={errorMessage(settlement.error, 'Please check your internet connection and try again.')}
            onRetry={() => void settlement.refetch()}
          />
        ) : data ? (
          <>
            <p className="text-sm text-slate-600">
              From <time dateTime={data.from}>{formatDate(data.from)}</time> to <time dateTime={data.to}>{formatDate(data.to)}</time>. Only
              delivered items are settled.
            </p>
            <Figures settlement={data} />
            <Lines settlement={data} />
            <ReturnLines settlement={data} />
          </>
        ) : null}
      </div>
    </div>
  );
}
