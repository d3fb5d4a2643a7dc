import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { INDIA_TIME_ZONE } from '#shared/india-time.ts';
import { formatPrice } from '#shared/money.ts';
import type { WishlistItem } from '#shared/schemas/wishlist.ts';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { PriceTag } from '#web/components/ui/price-tag.tsx';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { StockLabel } from '#web/components/ui/stock-label.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useRemoveFromWishlist, useWishlist } from '../api/wishlist.ts';

const savedOn = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: INDIA_TIME_ZONE });

interface WishlistViewProps {
  userId: string;
  /** puts the product in the cart; a message when it cannot (the cart is full), else null */
  addToCart: (item: WishlistItem & { product: NonNullable<WishlistItem['product']> }) => string | null;
}

/**
 * The customer's wishlist: each product with today's price and stock, what it cost when saved (and
 * "Price dropped by ₹X" when it costs less now), Move to cart (into the cart, out of the list) and
 * Remove. After either, the focus goes to the next product (or the heading) and it is announced.
 */
export function WishlistView({ userId, addToCart }: WishlistViewProps) {
  const wishlist = useWishlist(userId);
  const remove = useRemoveFromWishlist(userId);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const items = wishlist.data?.items ?? [];

  /** Takes the item out of the list, then moves the focus to the product after it (or before it, or the heading). */
  function takeOut(index: number, said: string) {
    const item = items[index]!;
    setError(null);
    remove.mutate(item.productId, {
      onSuccess: () => {
        setAnnouncement(said);
        const links = list.current?.querySelectorAll<HTMLElement>('[data-wishlist-name]');
        const next = links?.[index + 1] ?? links?.[index - 1];
        if (next) next.focus();
        else heading.current?.focus();
      },
      onError: (e) => setError(errorMessage(e, 'We could not change your wishlist. Please check your connection and try again.')),
    });
  }

  function moveToCart(index: number) {
    const item = items[index]!;
    if (!item.product) return;
    const refusal = addToCart({ ...item, product: item.product });
    if (refusal) {
      setError(refusal);
      return;
    }
    takeOut(index, `Moved ${item.name} to your cart.`);
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
        My Wishlist
      </h1>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {error && <ErrorAlert className="mt-4">{error}</ErrorAlert>}
      {wishlist.isPending ? (
        <Loading label="Loading your wishlist…" />
      ) : wishlist.isError ? (
        <ErrorAlert className="mt-4">
          {errorMessage(wishlist.error, 'We could not load your wishlist. Please check your connection and reload the page.')}
        </ErrorAlert>
      ) : items.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold">Your wishlist is empty</p>
          <p className="mt-1 text-slate-600">Press the heart on any product to save it here. We show you when its price drops.</p>
          <Link to={paths.products()} className={`${buttonClass('primary')} mt-4`}>
            Browse products
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-1 text-slate-600">
            {items.length} {items.length === 1 ? 'product' : 'products'} saved
          </p>
          <ul ref={list} className="mt-4 space-y-3">
            {items.map((item, index) => (
              <li key={item.productId} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:gap-4 sm:p-4">
                <ProductImage
                  src={item.image}
                  alt=""
                  width={160}
                  height={120}
                  loading="lazy"
                  className="aspect-[4/3] w-24 shrink-0 self-start rounded-lg bg-slate-100 object-cover sm:w-36"
                />
                <div className="min-w-0 flex-1">
                  <h2 className="leading-snug font-semibold text-slate-900">
                    {item.product ? (
                      <Link data-wishlist-name to={paths.product(item.productId)} className="hover:text-brand-700 hover:underline">
                        {item.name}
                      </Link>
                    ) : (
                      <span data-wishlist-name tabIndex={-1}>
                        {item.name}
                      </span>
                    )}
                  </h2>
                  {item.product ? (
                    <div className="mt-1">
                      <PriceTag price={item.product.price} mrp={item.product.mrp} />
                      {item.priceDrop > 0 && (
                        <p className="text-sm font-semibold text-emerald-800">
                          Price dropped by {formatPrice(item.priceDrop)} since you saved it
                        </p>
                      )}
                      <StockLabel stock={item.product.stock} />
                    </div>
                  ) : (
                    <p className="mt-1 text-sm font-semibold text-slate-700">No longer on sale</p>
                  )}
                  <p className="mt-1 text-xs text-slate-600">
                    Saved on {savedOn.format(new Date(item.savedAt))} at {formatPrice(item.savedPrice)}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {item.product && (
                      <button
                        type="button"
                        disabled={item.product.stock <= 0 || remove.isPending}
                        onClick={() => moveToCart(index)}
                        className={buttonClass('accent', 'sm')}
                      >
                        {item.product.stock <= 0 ? 'Out of stock' : 'Move to cart'}
                        <span className="sr-only"> {item.name}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={remove.isPending}
                      onClick={() => takeOut(index, `Removed ${item.name} from your wishlist.`)}
                      className={buttonClass('secondary', 'sm')}
                    >
                      Remove<span className="sr-only"> {item.name}</span>
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
