import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from '#shared/cart-limits.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { type CartProduct, isCartFull, lineKey } from '../cart-rules.ts';
import { useCart } from '../hooks/use-cart.ts';

/**
 * Quantity selector and "Add to cart"; disabled when the product is out of stock. `seller` names the
 * offer's seller to screen readers where several sellers' forms share a page. `onBuyNow` adds "Buy
 * now", which goes to checkout with this offer alone (the cart is left as it is).
 */
export function AddToCartForm({
  product,
  stock,
  seller,
  onBuyNow,
}: {
  product: CartProduct;
  stock: number;
  seller?: string;
  onBuyNow?: (quantity: number) => void;
}) {
  const cart = useCart();
  const id = useId();
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);
  const inCart = cart.items.find((item) => lineKey(item.product) === lineKey(product))?.quantity ?? 0;
  const maxSelectable = Math.max(0, Math.min(MAX_QUANTITY_PER_LINE, stock) - inCart);
  const soldOut = stock <= 0;
  const cartFull = inCart === 0 && isCartFull(cart.items);
  // Until the page drawn by the server comes alive, a press would only reload it.
  const alive = useTakenOver();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (soldOut || maxSelectable === 0 || cartFull) return;
    cart.addItem(product, Math.min(quantity, maxSelectable));
    setQuantity(1);
    setAdded(true);
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-quantity`} className="block text-sm font-medium text-slate-700">
            Quantity
            {seller && <span className="sr-only"> from {seller}</span>}
          </label>
          <select
            id={`${id}-quantity`}
            value={quantity}
            disabled={soldOut || maxSelectable === 0}
            onChange={(event) => setQuantity(Number(event.target.value))}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm disabled:bg-slate-100"
          >
            {Array.from({ length: Math.max(1, maxSelectable) }, (_, index) => index + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        {/* Another seller's offer under the buy box: a quieter button than the buy box's own. */}
        <button
          type="submit"
          disabled={soldOut || maxSelectable === 0 || !alive}
          className={`${seller ? buttonClass('secondary') : buttonClass('accent', 'lg')} min-w-40 flex-1`}
        >
          {soldOut ? 'Out of stock' : 'Add to cart'}
          {seller && <span className="sr-only"> from {seller}</span>}
        </button>
        {onBuyNow && !soldOut && (
          <button
            type="button"
            disabled={!alive}
            onClick={() => onBuyNow(Math.min(quantity, stock, MAX_QUANTITY_PER_LINE))}
            className={`${buttonClass('primary', 'lg')} min-w-40 flex-1`}
          >
            Buy now
          </button>
        )}
      </div>
      <div aria-live="polite" className="text-sm">
        {added && (
          <p className="text-emerald-800">
            Added to your cart.{' '}
            <Link to={paths.cart()} className="font-semibold text-brand-700 underline">
              View cart
            </Link>
          </p>
        )}
        {cartFull && (
          <p className="text-amber-900">
            Your cart holds {MAX_CART_LINES} different products, the most it can. Check out or remove something first.
          </p>
        )}
        {!soldOut && maxSelectable === 0 && inCart > 0 && (
          <p className="text-slate-600">You have the most we can sell you of this item in your cart ({inCart}).</p>
        )}
      </div>
    </form>
  );
}
