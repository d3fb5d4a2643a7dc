import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';

/** Checkout with nothing to check out: back to the shop. */
export function EmptyCheckout() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <p className="text-lg font-semibold">Your cart is empty</p>
      <Link to={paths.products()} className={`${buttonClass('primary')} mt-4`}>
        Start shopping
      </Link>
    </div>
  );
}
