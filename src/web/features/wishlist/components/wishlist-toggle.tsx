import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { useRemoveFromWishlist, useSaveToWishlist, useWishlist } from '../api/wishlist.ts';
import { rememberPendingSave, takePendingSave } from '../pending-save.ts';

interface WishlistToggleProps {
  product: { id: number; name: string };
  /** the signed-in customer, or null when signed out (sellers and admins have no wishlist) */
  userId: string | null;
  /** `md`: with the word "Wishlist", on the product page */
  size?: 'sm' | 'md';
}

/**
 * The heart: saves the product to the wishlist or takes it out (a toggle, aria-pressed), and says
 * so. Signed out, it sends the shopper to sign in and back, remembering the product, which is then
 * saved (by this heart, or by any other on the page the shopper comes back to).
 */
export function WishlistToggle({ product, userId, size = 'sm' }: WishlistToggleProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const alive = useTakenOver();
  const wishlist = useWishlist(userId);
  const save = useSaveToWishlist(userId);
  const remove = useRemoveFromWishlist(userId);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const saved = wishlist.data?.items.some((item) => item.productId === product.id) ?? false;
  const pressed = save.isPending ? true : remove.isPending ? false : saved;

  function saveNow(productId: number, focus: boolean) {
    setError('');
    save.mutate(productId, {
      onSuccess: (item) => {
        setAnnouncement(`Saved ${item.name} to your wishlist.`);
        if (focus) button.current?.focus();
      },
      onError: (e) => setError(errorMessage(e, 'We could not save it. Please check your connection and try again.')),
    });
  }

  // Back from signing in: this heart's product is saved; a product no heart here shows is saved
  // by whichever heart looks after the others had their turn.
  const savePending = useEffectEvent((only?: number) => {
    const productId = takePendingSave(only);
    if (productId !== null) saveNow(productId, productId === product.id);
  });
  useEffect(() => {
    if (userId === null) return;
    const own = window.setTimeout(() => savePending(product.id), 0);
    const any = window.setTimeout(() => savePending(), 50);
    return () => {
      window.clearTimeout(own);
      window.clearTimeout(any);
    };
  }, [userId, product.id]);

  function press() {
    setError('');
    if (userId === null) {
      rememberPendingSave(product.id);
      void navigate(`${paths.login()}?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`, {
        state: { notice: `Sign in to save ${product.name} to your wishlist. It is saved as soon as you are back.` },
      });
      return;
    }
    if (pressed) {
      remove.mutate(product.id, {
        onSuccess: () => setAnnouncement(`Removed ${product.name} from your wishlist.`),
        onError: (e) => setError(errorMessage(e, 'We could not remove it. Please check your connection and try again.')),
      });
    } else {
      saveNow(product.id, false);
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        // One name for the heart on cards and on the product page; the visible "Wishlist" is in it.
        aria-label={`Save ${product.name} to your wishlist`}
        aria-pressed={pressed}
        disabled={!alive}
        onClick={press}
        className={`inline-flex items-center justify-center gap-1.5 rounded-lg border font-medium disabled:opacity-60 ${size === 'md' ? 'px-3 py-2 text-sm' : 'size-9'} ${pressed ? 'border-rose-300 bg-rose-50 text-rose-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth={1.8}
        >
          <path
            strokeLinejoin="round"
            d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.7 3.8 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.3 0 5.5 3.2 4.3 6.6-1.7 4.8-9.2 9.4-9.2 9.4Z"
          />
        </svg>
        {size === 'md' && 'Wishlist'}
      </button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
      {error && (
        <p role="alert" className="basis-full text-sm text-red-800">
          {error}
        </p>
      )}
    </>
  );
}
