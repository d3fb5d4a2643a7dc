import { MAX_CART_LINES } from '#shared/cart-limits.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { isCartFull, lineKey } from '#web/features/cart/cart-rules.ts';
import { useCart } from '#web/features/cart/hooks/use-cart.ts';
import { WishlistView } from '#web/features/wishlist/components/wishlist-view.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

/** My Wishlist (customers; RequireUser sends others to sign in). "Move to cart" buys from the product's buy box. */
export default function WishlistRoute() {
  const { user } = useAuth();
  const cart = useCart();
  const store = useStoreInfo();
  if (!user) return null;
  if (user.role !== 'customer') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <title>{`My Wishlist · ${store.name}`}</title>
        <h1 className="text-2xl font-bold text-slate-900">My Wishlist</h1>
        <p className="mt-2 text-slate-600">Wishlists are for customer accounts. Sign in with a customer account to save products.</p>
      </div>
    );
  }
  return (
    <>
      <title>{`My Wishlist · ${store.name}`}</title>
      <WishlistView
        userId={user.uid}
        addToCart={({ product }) => {
          const line = {
            id: product.id,
            offerId: product.offerId ?? undefined,
            name: product.name,
            image: product.images[0],
            brand: product.brand,
            category: product.category,
            price: product.price,
            mrp: product.mrp,
            stock: product.stock,
          };
          const inCart = cart.items.some((item) => lineKey(item.product) === lineKey(line));
          if (!inCart && isCartFull(cart.items))
            return `Your cart holds ${MAX_CART_LINES} different products, the most it can. Check out or remove something first.`;
          cart.addItem(line, 1);
          return null;
        }}
      />
    </>
  );
}
