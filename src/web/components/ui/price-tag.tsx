import { discountPercent, formatPrice } from '#shared/money.ts';

interface PriceTagProps {
  price: number;
  mrp?: number;
  size?: 'md' | 'lg';
}

/** ₹1,29,999 with the MRP struck through and the discount, when there is one. */
export function PriceTag({ price, mrp, size = 'md' }: PriceTagProps) {
  const off = mrp === undefined ? 0 : discountPercent(price, mrp);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className={size === 'lg' ? 'text-3xl font-bold text-slate-900' : 'text-lg font-bold text-slate-900'}>{formatPrice(price)}</span>
      {off > 0 && mrp !== undefined && (
        <>
          <span className="text-sm text-slate-500">
            <span className="sr-only">MRP </span>
            <s>{formatPrice(mrp)}</s>
          </span>
          <span className="text-sm font-semibold text-emerald-700">{off}% off</span>
        </>
      )}
    </p>
  );
}
