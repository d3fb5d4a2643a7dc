import { useEffect, useRef } from 'react';

interface CouponSummaryProps {
  code: string;
  /** why the coupon cannot be used: the review's answer, or the order's refusal */
  refusal: string | undefined;
  /** the order was refused for it (rather than the review saying so) */
  refusedOrder: boolean;
  onRemove: () => void;
}

/** The coupon carried from the cart, in the summary: applied, or why not, and a way to remove it. */
export function CouponSummary({ code, refusal, refusedOrder, onRemove }: CouponSummaryProps) {
  // A refused order's reason takes the focus: the payment button that was pressed has nothing more to say.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusedOrder) box.current?.focus();
  }, [refusedOrder, refusal]);
  const remove = (
    <button type="button" onClick={onRemove} className="font-semibold underline underline-offset-2">
      Remove <span className="sr-only">coupon {code}</span>
    </button>
  );
  if (!refusal) {
    return (
      <p className="mt-3 text-sm text-emerald-900">
        <span className="font-mono font-semibold break-all">{code}</span> applied. {remove}
      </p>
    );
  }
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alert"
      className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm wrap-break-word text-red-800 focus:outline-none"
    >
      <p className="font-medium">{refusal}</p>
      <p className="mt-1">
        {refusedOrder
          ? 'Your order was not placed and nothing was charged. Remove the coupon to order without it.'
          : 'Your order will be placed without it.'}{' '}
        {remove}
      </p>
    </div>
  );
}
