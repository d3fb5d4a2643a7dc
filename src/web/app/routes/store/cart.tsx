import { CartView } from '#web/features/cart/components/cart-view.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function CartRoute() {
  const store = useStoreInfo();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Your cart · ${store.name}`}</title>
      <h1 className="mb-4 text-2xl font-bold text-slate-900 sm:text-3xl">Your cart</h1>
      <CartView />
    </div>
  );
}
