import type { Ref } from 'react';
import type { AppliedBankOffer } from '#shared/bank-offers.ts';
import type { CartQuote } from '#shared/schemas/cart.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { OrderTotals } from '#web/components/ui/order-totals.tsx';
import { CouponSummary } from './coupon-summary.tsx';

interface CheckoutSummaryProps {
  /** the order once placed (or resumed); until then the review's quote */
  order: Order | undefined;
  quote: CartQuote | undefined;
  /** the cart's coupon sent with the order, if any */
  couponCode: string | null;
  couponApplied: CartQuote['coupon'];
  /** why the coupon cannot be used */
  couponProblem: string | undefined;
  /** the order itself was refused for the coupon */
  couponRefused: boolean;
  /** the bank offer of the card being entered, on the payment step */
  bankOffer: AppliedBankOffer | undefined;
  total: number;
  /** the quote is being priced again */
  busy: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  /** said politely once the coupon is removed */
  announcement: string;
  onRemoveCoupon: () => void;
}

/** The order summary beside the steps: the totals as reviewed (or as ordered) and the cart's coupon. */
export function CheckoutSummary({
  order,
  quote,
  couponCode,
  couponApplied,
  couponProblem,
  couponRefused,
  bankOffer,
  total,
  busy,
  headingRef,
  announcement,
  onRemoveCoupon,
}: CheckoutSummaryProps) {
  return (
    <aside aria-label="Order summary" className="h-fit min-w-0 rounded-xl border border-slate-200 bg-white p-5 lg:sticky lg:top-24">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Order summary
      </h2>
      {(order ?? quote) && (
        <OrderTotals
          subtotalLabel="Subtotal"
          subtotal={order?.subtotal ?? quote?.subtotal ?? 0}
          coupon={order ? order.coupon && { code: order.coupon.code, discount: order.discount } : couponApplied}
          shipping={order?.shipping ?? quote?.shipping ?? 0}
          bankOffer={bankOffer}
          totalLabel={bankOffer ? 'To pay' : 'Total'}
          total={total}
          gst={order?.gst ?? quote?.gst ?? 0}
          totalTestId="checkout-total"
          busy={busy}
        />
      )}
      {!order && couponCode !== null && (couponApplied || couponProblem) && (
        <CouponSummary code={couponCode} refusal={couponProblem} refusedOrder={couponRefused} onRemove={onRemoveCoupon} />
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </aside>
  );
}
