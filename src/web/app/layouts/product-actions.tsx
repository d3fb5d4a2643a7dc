import type { Product } from '#shared/schemas/catalog.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { CompareToggle } from '#web/features/catalog/components/compare-toggle.tsx';
import { WishlistToggle } from '#web/features/wishlist/components/wishlist-toggle.tsx';

/**
 * The wishlist's heart and Compare, on product cards and product pages. Loaded apart from the page
 * (see store-layout.tsx and the product page). The heart is for shoppers: signed out (it asks them
 * to sign in) or customers; sellers and admins have no wishlist.
 */
export default function ProductActions({
  product,
  size = 'sm',
}: {
  product: Pick<Product, 'id' | 'name' | 'category' | 'images'>;
  size?: 'sm' | 'md';
}) {
  const { user } = useAuth();
  const shopper = user === null || user.role === 'customer';
  return (
    <div className={`relative z-10 flex flex-wrap items-center gap-2 ${size === 'md' ? 'mt-4' : 'mt-2'}`}>
      {shopper && <WishlistToggle product={product} userId={user?.uid ?? null} size={size} />}
      <CompareToggle product={product} size={size} />
    </div>
  );
}
