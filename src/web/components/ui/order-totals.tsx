import type { ReactNode } from 'react';
import { formatPrice } from '#shared/money.ts';

interface OrderTotalsProps {
  /** "Subtotal", or "Subtotal (3 items)" */
  subtotalLabel: ReactNode;
  subtotal: number;
  /** the coupon applied and what it takes off: a "Coupon DIWALI10 −₹1,500" line */
  coupon?: { code: string; discount: number } | null;
  shipping: number;
  /** a bank's instant discount on the card: a "Bank offer −₹1,500" line, and the total is what the card pays */
  bankOffer?: { title: string; discount: number } | null;
  /** "Total", or "Total paid" */
  totalLabel?: ReactNode;
  /** the order's total before any bank offer */
  total: number;
  gst: number;
  /** test ids of the subtotal and total figures */
  subtotalTestId?: string;
  totalTestId?: string;
  busy?: boolean;
  /** notes under the totals, such as what delivery costs below a threshold */
  children?: ReactNode;
}

/**
 * An order's subtotal, coupon discount, delivery, bank offer and total as a description list (the
 * lines add up to the total shown, what is paid), and the GST
 * they include (and any notes) after it: a `<dl>` holds only its terms and their values.
 */
export function OrderTotals({ subtotalLabel, subtotal, coupon, shipping, bankOffer, totalLabel = 'Total', total, gst, subtotalTestId, totalTestId, busy, children }: OrderTotalsProps) {
  return (
    <div className="mt-3 space-y-2 text-sm" aria-busy={busy}>
      <dl className="space-y-2">
        <div className="flex justify-between">
          <dt className="text-slate-600">{subtotalLabel}</dt>
          <dd className="font-medium tabular-nums" data-testid={subtotalTestId}>
            {formatPrice(subtotal)}
          </dd>
        </div>
        {coupon && coupon.discount > 0 && (
          <div className="flex justify-between gap-3 text-emerald-800">
            <dt className="min-w-0 break-all">
              Coupon <span className="font-mono font-semibold">{coupon.code}</span>
            </dt>
            <dd className="font-medium whitespace-nowrap tabular-nums">−{formatPrice(coupon.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt className="text-slate-600">Delivery</dt>
          <dd className="font-medium tabular-nums">{shipping === 0 ? 'Free' : formatPrice(shipping)}</dd>
        </div>
        {bankOffer && bankOffer.discount > 0 && (
          <div className="flex justify-between gap-3 text-emerald-800">
            <dt className="min-w-0">
              Bank offer
              <span className="block text-xs text-emerald-700">{bankOffer.title}</span>
            </dt>
            <dd className="font-medium whitespace-nowrap tabular-nums">−{formatPrice(bankOffer.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold">{totalLabel}</dt>
          <dd className="font-bold tabular-nums" data-testid={totalTestId}>
            {formatPrice(total - (bankOffer?.discount ?? 0))}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-slate-500">Includes GST of {formatPrice(gst)}</p>
      {children}
    </div>
  );
}
