import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import type { CartLineInput } from '#shared/schemas/cart.ts';
import type { BuyerGstInput } from '#shared/schemas/orders.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { paths } from '#web/config/paths.ts';
import { useReview } from '../api/checkout.ts';
import { GstClaimForm } from './gst-claim-form.tsx';

interface ReviewItemsStepProps {
  review: ReturnType<typeof useReview>;
  lines: CartLineInput[];
  buyNow: boolean;
  /** a line changed since it was chosen: the shopper goes back to the cart or the product */
  blocked: boolean;
  buyerGst: BuyerGstInput | undefined;
  /** the GSTIN claimed (or none): the checkout moves on to payment */
  onContinue: (claimed: BuyerGstInput | undefined) => void;
}

/** The review step: each line with its price and seller, what changed since it was chosen, and a business's GSTIN. */
export function ReviewItemsStep({ review, lines, buyNow, blocked, buyerGst, onContinue }: ReviewItemsStepProps) {
  const quote = review.data;
  if (review.isPending) return <Loading label="Checking prices and stock…" />;
  if (review.isError)
    return (
      <p role="alert" className="text-red-800">
        {review.error.message}
      </p>
    );
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100">
        {quote?.items.map((line) => (
          <li key={line.productId} className="flex gap-3 py-2 text-sm">
            <ProductImage
              src={line.image}
              alt=""
              width={64}
              height={48}
              loading="lazy"
              className="aspect-[4/3] w-16 rounded border border-slate-200 object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{line.name}</p>
              <p className="text-slate-600">
                {line.quantity} × {line.unitPrice === null ? '—' : formatPrice(line.unitPrice)}
                {line.vendorName ? ` · Sold by ${line.vendorName}` : ''}
              </p>
              {line.message && <p className="text-red-700">{line.message}</p>}
            </div>
            <p className="font-semibold tabular-nums">{formatPrice(line.lineTotal)}</p>
          </li>
        ))}
      </ul>
      {blocked && (
        <p className="text-sm text-amber-900">
          {buyNow ? (
            <>
              This item changed since you chose it.{' '}
              <Link to={paths.product(lines[0]?.productId ?? 0)} className="font-semibold underline">
                Back to the product
              </Link>{' '}
              to choose again.
            </>
          ) : (
            <>
              Some items changed since you added them.{' '}
              <Link to={paths.cart()} className="font-semibold underline">
                Update your cart
              </Link>{' '}
              to continue.
            </>
          )}
        </p>
      )}
      <GstClaimForm initial={buyerGst} disabled={blocked} onContinue={onContinue} />
    </div>
  );
}
