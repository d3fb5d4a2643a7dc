import { describeCoupon } from '#shared/coupons.ts';
import type { Coupon } from '#shared/schemas/coupons.ts';
import { columnsOf, type DataColumn } from '#web/components/data-table/data-table.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import type { CouponArea } from '../api/get-coupons.ts';
import { couponScope, couponTiming, couponUses, formatIndiaDay } from '../coupon-text.ts';

const column = columnsOf<Coupon>();

export interface CouponColumnsOptions {
  area: CouponArea;
  today: string;
  /** the id of a row's code, which takes the focus when the row is new */
  codeId: (coupon: Coupon) => string;
  /** the coupon being switched on or off, if any */
  switching: number | undefined;
  onSwitch: (coupon: Coupon) => void;
}

/**
 * The coupon table's columns: code, what it gives, what it applies to, validity, uses, who pays
 * (the admin's list, where both kinds are), and whether it is on, with the button that switches it.
 */
export function couponColumns({ area, today, codeId, switching, onSwitch }: CouponColumnsOptions): DataColumn<Coupon>[] {
  return column.columns([
    column.accessor('code', {
      header: 'Code',
      meta: { rowHeader: true },
      cell: ({ row: { original: coupon } }) => (
        <>
          <span id={codeId(coupon)} tabIndex={-1} className="font-mono font-semibold whitespace-nowrap text-slate-900">
            {coupon.code}
          </span>
          {coupon.description && <span className="block max-w-48 text-xs wrap-break-word text-slate-600">{coupon.description}</span>}
        </>
      ),
    }),
    column.display({
      id: 'discount',
      header: 'Discount',
      meta: { className: 'min-w-36' },
      cell: ({ row }) => <span className="text-slate-800">{describeCoupon(row.original)}</span>,
    }),
    column.display({
      id: 'scope',
      header: 'Applies to',
      meta: { className: 'min-w-32' },
      cell: ({ row }) => <span className="wrap-break-word text-slate-700">{couponScope(row.original, area === 'vendor')}</span>,
    }),
    column.display({
      id: 'validity',
      header: 'Valid',
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row: { original: coupon } }) => (
        <span className="text-slate-700">
          <time dateTime={coupon.startsOn}>{formatIndiaDay(coupon.startsOn)}</time>{' '}
          <span className="block">
            to <time dateTime={coupon.endsOn}>{formatIndiaDay(coupon.endsOn)}</time>
          </span>
        </span>
      ),
    }),
    column.display({
      id: 'uses',
      header: 'Used',
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row: { original: coupon } }) => (
        <span className="text-slate-700 tabular-nums">
          {couponUses(coupon)}
          <span className="block text-xs text-slate-500">{coupon.perCustomerLimit} per customer</span>
        </span>
      ),
    }),
    ...(area === 'admin'
      ? [
          column.accessor('fundedBy', {
            header: 'Funded by',
            cell: ({ getValue }) =>
              getValue() === 'marketplace' ? (
                <Badge tone="bg-brand-50 text-brand-800 ring-brand-200">Marketplace</Badge>
              ) : (
                <Badge tone="bg-slate-50 text-slate-700 ring-slate-300">Seller</Badge>
              ),
          }),
        ]
      : []),
    // Whether it is on, and the button that switches it, in one column: the table stays narrow.
    column.accessor('active', {
      header: 'Status',
      cell: ({ row: { original: coupon } }) => {
        const timing = coupon.active ? couponTiming(coupon, today) : undefined;
        const busy = switching === coupon.id;
        return (
          <span className="flex flex-col items-start gap-1.5">
            {coupon.active ? (
              <Badge tone="bg-emerald-50 text-emerald-800 ring-emerald-200">Active</Badge>
            ) : (
              <Badge tone="bg-slate-100 text-slate-700 ring-slate-300">Inactive</Badge>
            )}
            {timing && <span className="text-xs whitespace-nowrap text-slate-600">{timing}</span>}
            <button
              type="button"
              // Not disabled while it is sent: a disabled button would drop the keyboard's focus.
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) onSwitch(coupon);
              }}
              className={`${buttonClass('secondary', 'sm')} whitespace-nowrap ${busy ? 'opacity-60' : ''}`}
            >
              {busy ? (coupon.active ? 'Deactivating…' : 'Activating…') : coupon.active ? 'Deactivate' : 'Activate'}{' '}
              <span className="sr-only">{coupon.code}</span>
            </button>
          </span>
        );
      },
    }),
  ]);
}
