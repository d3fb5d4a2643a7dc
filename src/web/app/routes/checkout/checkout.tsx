import { useNavigate, useSearchParams } from 'react-router';
import { AddressForm } from '#web/components/address/address-form.tsx';
import { paths } from '#web/config/paths.ts';
import { useAddAddress } from '#web/features/account/api/addresses.ts';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { cartLines } from '#web/features/cart/cart-rules.ts';
import { useCart } from '#web/features/cart/hooks/use-cart.ts';
import { buyNowLine } from '#web/features/checkout/buy-now.ts';
import { EmptyCheckout } from '#web/features/checkout/components/empty-checkout.tsx';
import { MemberCheckout } from '#web/features/checkout/components/member-checkout.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function CheckoutRoute() {
  const { user } = useAuth();
  const cart = useCart();
  const store = useStoreInfo();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const addAddress = useAddAddress();
  const resume = /^[1-9]\d{0,14}$/.test(params.get('order') ?? '') ? Number(params.get('order')) : undefined;
  // "Buy now" checks out one offer alone; the cart is left as it is.
  const buyNow = resume === undefined ? buyNowLine(params) : undefined;
  const lines = buyNow ? [buyNow] : cartLines(cart.items);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`Checkout · ${store.name}`}</title>
      <h1 className="mb-4 text-2xl font-bold text-slate-900 sm:text-3xl">Checkout</h1>
      {buyNow && (
        <p className="mb-4 rounded-lg bg-brand-50 px-4 py-2 text-sm text-brand-900">
          Buy now: only this item is ordered. Your cart stays as it is.
        </p>
      )}
      {resume === undefined && lines.length === 0 ? (
        <EmptyCheckout />
      ) : (
        <MemberCheckout
          key={resume ?? (buyNow ? `buy-now:${buyNow.productId}:${buyNow.offerId ?? ''}:${buyNow.quantity}` : 'cart')}
          lines={lines}
          buyNow={buyNow !== undefined}
          addresses={user?.addresses ?? []}
          resumeOrderId={resume}
          initialError={
            params.get('failed') ? 'The payment was not completed at the bank. You can try again with any payment method.' : undefined
          }
          renderAddressForm={(onSaved, onCancel) => (
            <AddressForm
              autoFocus
              submitLabel="Save and deliver here"
              onCancel={onCancel}
              onSubmit={async (input) =>
                onSaved(await addAddress.mutateAsync({ ...input, isDefault: (user?.addresses.length ?? 0) === 0 || input.isDefault }))
              }
            />
          )}
          onPaid={(orderId) => void navigate(`${paths.orderSuccess()}?order=${orderId}`)}
          onBank={(paymentId) => void navigate(`/checkout/bank/${paymentId}`)}
        />
      )}
    </div>
  );
}
