import { type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import type { QuoteLine } from '#shared/schemas/cart.ts';
import { MAX_QUANTITY_PER_LINE } from '#shared/schemas/cart.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { OrderTotals } from '#web/components/ui/order-totals.tsx';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { paths } from '#web/config/paths.ts';
import { useRememberedCoupon } from '#web/lib/remembered-coupon.ts';
import { useCartQuote } from '../api/get-cart-quote.ts';
import { type CartItem, cartLines, lineKey } from '../cart-rules.ts';
import { useCart } from '../hooks/use-cart.ts';
import { CouponBox } from './coupon-box.tsx';

/** Lines whose photos are in the first screen on a phone; the rest load as they scroll into view. */
const FIRST_SCREEN_LINES = 3;

function lineNotice(item: CartItem, line: QuoteLine | undefined): { tone: 'warn' | 'error'; text: string } | undefined {
  if (!line) return undefined;
  if (line.status === 'unavailable') return { tone: 'error', text: 'This product is no longer available. Please remove it.' };
  if (line.status === 'out_of_stock') return { tone: 'error', text: 'Sold out since you added it. Please remove it.' };
  if (line.status === 'insufficient_stock')
    return { tone: 'warn', text: `Only ${line.stock} left in stock; reduce the quantity to ${line.stock}.` };
  if (line.unitPrice !== null && line.unitPrice !== item.product.price) {
    const direction = line.unitPrice < item.product.price ? 'dropped' : 'changed';
    return {
      tone: 'warn',
      text: `Price ${direction} from ${formatPrice(item.product.price)} to ${formatPrice(line.unitPrice)} since you added it.`,
    };
  }
  return undefined;
}

/** `name`: the product, and its seller when the quote says (two sellers' lines of one product read apart). */
function QuantityStepper({ item, name }: { item: CartItem; name: string }) {
  const cart = useCart();
  const key = lineKey(item.product);
  const step =
    'inline-flex size-9 items-center justify-center text-lg font-semibold text-slate-700 hover:bg-slate-100 disabled:text-slate-300 disabled:hover:bg-transparent';
  return (
    <div className="inline-flex items-center rounded-lg border border-slate-300 bg-white" role="group" aria-label={`Quantity of ${name}`}>
      <button
        type="button"
        className={`${step} rounded-l-lg`}
        aria-label={item.quantity === 1 ? `Decrease quantity of ${name} (removes it from the cart)` : `Decrease quantity of ${name}`}
        onClick={() => cart.setQuantity(key, item.quantity - 1)}
      >
        −
      </button>
      <output className="min-w-8 text-center text-sm font-semibold tabular-nums" aria-live="polite">
        {item.quantity}
      </output>
      <button
        type="button"
        className={`${step} rounded-r-lg`}
        aria-label={`Increase quantity of ${name}`}
        disabled={item.quantity >= MAX_QUANTITY_PER_LINE}
        onClick={() => cart.setQuantity(key, item.quantity + 1)}
      >
        +
      </button>
    </div>
  );
}

/** When a line disappears, focus moves to a heading instead of being lost on the page body. */
function useFocusAfterRemoval(count: number): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(count);
  useEffect(() => {
    if (count < previous.current) heading.current?.focus();
    previous.current = count;
  }, [count]);
  return heading;
}

/** The cart: lines with steppers and remove, and the server's price of the whole cart. */
export function CartView() {
  const cart = useCart();
  const lines = cartLines(cart.items);
  const [couponCode, setCouponCode] = useRememberedCoupon();
  const quote = useCartQuote(lines, couponCode);
  const heading = useFocusAfterRemoval(cart.items.length);

  if (cart.items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          Your cart is empty
        </h2>
        <p className="mt-1 text-slate-600">Laptops, desktops and monitors from trusted sellers are waiting.</p>
        <Link to={paths.products()} className={`${buttonClass('primary')} mt-4`}>
          Start shopping
        </Link>
      </div>
    );
  }

  // The quote's lines come in the cart's order; a line saved without an offer is priced from the buy box's.
  const lineOf = (item: CartItem, index: number) => {
    const matches = (line: QuoteLine | undefined) =>
      line !== undefined &&
      line.productId === item.product.id &&
      (item.product.offerId === undefined || line.offerId === item.product.offerId);
    const atIndex = quote.data?.items[index];
    return matches(atIndex) ? atIndex : quote.data?.items.find(matches);
  };
  const blocked = quote.data?.items.some((line) => line.status !== 'ok') ?? false;
  // A quote for the previous quantities is shown while the new one loads, but never checked out.
  const settled = quote.data !== undefined && !quote.isPlaceholderData;
  const canCheckout = settled && !blocked;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="cart-items-heading">
        <h2 id="cart-items-heading" ref={heading} tabIndex={-1} className="sr-only">
          Items in your cart
        </h2>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {cart.items.map((item, index) => {
            const line = lineOf(item, index);
            const notice = lineNotice(item, line);
            const unitPrice = line?.unitPrice ?? item.product.price;
            const named = line?.vendorName ? `${item.product.name} from ${line.vendorName}` : item.product.name;
            return (
              <li key={lineKey(item.product)} className="flex gap-4 p-4">
                <Link to={paths.product(item.product.id)} className="shrink-0">
                  <ProductImage
                    src={item.product.image}
                    alt={item.product.name}
                    width={112}
                    height={84}
                    loading={index < FIRST_SCREEN_LINES ? 'eager' : 'lazy'}
                    className="aspect-[4/3] w-24 rounded-lg border border-slate-200 object-cover sm:w-28"
                  />
                </Link>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 className="font-semibold text-slate-900">
                      <Link to={paths.product(item.product.id)} className="hover:text-brand-700 hover:underline">
                        {item.product.name}
                      </Link>
                    </h3>
                    {line && line.quantity === 0 ? (
                      <p className="text-sm font-medium text-slate-500">Not counted</p>
                    ) : (
                      <p className="font-semibold text-slate-900 tabular-nums">
                        {formatPrice(line?.lineTotal ?? unitPrice * item.quantity)}
                      </p>
                    )}
                  </div>
                  <p className="text-sm text-slate-600">
                    {formatPrice(unitPrice)} each{line?.vendorName ? ` · Sold by ${line.vendorName}` : ''}
                  </p>
                  {notice && (
                    <p
                      className={`mt-2 rounded-md px-2 py-1 text-sm ${notice.tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
                    >
                      {notice.text}
                    </p>
                  )}
                  <div className="mt-3 flex flex-wrap items-center gap-3">
                    <QuantityStepper item={item} name={named} />
                    <button
                      type="button"
                      aria-label={`Remove ${named}`}
                      onClick={() => cart.removeItem(lineKey(item.product))}
                      className="text-sm font-medium text-red-700 hover:underline"
                    >
                      Remove
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
        <button type="button" onClick={cart.clear} className={`${buttonClass('ghost')} mt-3`}>
          Clear cart
        </button>
      </section>

      <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-slate-200 bg-white p-5 lg:sticky lg:top-24">
        <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
          Order summary
        </h2>
        {quote.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-800">
            We could not check current prices: {quote.error.message}
          </p>
        ) : !quote.data ? (
          <p className="mt-3 text-sm text-slate-600" role="status">
            Checking current prices…
          </p>
        ) : (
          <OrderTotals
            subtotalLabel={`Subtotal (${quote.data.itemCount} ${quote.data.itemCount === 1 ? 'item' : 'items'})`}
            subtotal={quote.data.subtotal}
            coupon={quote.data.coupon}
            shipping={quote.data.shipping}
            total={quote.data.total}
            gst={quote.data.gst}
            subtotalTestId="cart-subtotal"
            busy={quote.isFetching}
          >
            {quote.data.shipping > 0 && (
              <p className="text-xs text-slate-600">Free delivery on orders of {formatPrice(quote.data.freeShippingThreshold)} or more.</p>
            )}
          </OrderTotals>
        )}
        {quote.data && <CouponBox code={couponCode} onChange={setCouponCode} quote={settled ? quote.data : undefined} />}
        {blocked && <p className="mt-3 text-sm text-amber-900">Please fix the highlighted items before checking out.</p>}
        <Link
          to={paths.checkout()}
          aria-disabled={!canCheckout}
          onClick={(event) => {
            if (!canCheckout) event.preventDefault();
          }}
          className={`${buttonClass('primary', 'lg')} mt-4 w-full ${canCheckout ? '' : 'pointer-events-none opacity-60'}`}
        >
          Proceed to checkout
        </Link>
        <p className="mt-3 text-center text-xs text-slate-500">
          Pay by UPI, Net Banking, credit/debit cards, EMI or Cash on Delivery (where the seller, the PIN code and the order's value allow
          it)
        </p>
      </aside>
    </div>
  );
}
