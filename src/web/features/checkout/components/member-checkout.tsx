import { type ReactNode, useState } from 'react';
import type { Address } from '#shared/schemas/account.ts';
import type { CartLineInput } from '#shared/schemas/cart.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { memberCheckout } from '../api/checkout.ts';
import { AddressLines } from './address-lines.tsx';
import { CheckoutFlow } from './checkout-flow.tsx';

interface SavedAddressStepProps {
  addresses: Address[];
  /** the address chosen before (the shopper came back to change it) */
  chosenId: number | undefined;
  /** the inline "add an address" form; calls onSaved with the new address */
  renderAddressForm: (onSaved: (address: Address) => void, onCancel: () => void) => ReactNode;
  onChosen: (address: Address) => void;
}

/** A member's delivery address: one of the address book's (the default first chosen), or a new one, saved and delivered to at once. */
function SavedAddressStep({ addresses, chosenId, renderAddressForm, onChosen }: SavedAddressStepProps) {
  const [addressId, setAddressId] = useState<number | undefined>(
    () => chosenId ?? (addresses.find((a) => a.isDefault) ?? addresses[0])?.id,
  );
  // The form opens by itself only for a first address (one just saved may not be in the list yet).
  const [adding, setAdding] = useState(addresses.length === 0 && chosenId === undefined);
  const address = addresses.find((a) => a.id === addressId);
  // "Save and deliver here": the saved address is the one the order goes to, and the review follows.
  if (adding) return renderAddressForm(onChosen, () => setAdding(false));
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="sr-only">Choose a delivery address</legend>
        <ul className="space-y-2">
          {addresses.map((a) => (
            <li key={a.id}>
              <label
                className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm ${addressId === a.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
              >
                <input
                  type="radio"
                  name="address"
                  checked={addressId === a.id}
                  onChange={() => setAddressId(a.id)}
                  className="mt-1 accent-brand-600"
                />
                <AddressLines address={a} />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => setAdding(true)} className={buttonClass('secondary')}>
          Add a new address
        </button>
        <button type="button" disabled={!address} onClick={() => address && onChosen(address)} className={buttonClass('primary')}>
          Deliver here
        </button>
      </div>
    </div>
  );
}

interface MemberCheckoutProps {
  lines: CartLineInput[];
  addresses: Address[];
  renderAddressForm: SavedAddressStepProps['renderAddressForm'];
  resumeOrderId?: number;
  buyNow?: boolean;
  initialError?: string;
  onPaid: (orderId: number) => void;
  onBank: (paymentId: number, orderId: number) => void;
}

/** A signed-in customer's checkout: to a saved address, the order theirs. */
export function MemberCheckout({ addresses, renderAddressForm, ...flow }: MemberCheckoutProps) {
  return (
    <CheckoutFlow
      api={memberCheckout}
      keyName="checkout-key"
      orderPath={(order) => paths.orderDetails(String(order.id))}
      renderAddressStep={(chosen, onChosen) => (
        <SavedAddressStep
          addresses={addresses}
          chosenId={chosen?.addressId}
          renderAddressForm={renderAddressForm}
          onChosen={(address) => onChosen({ addressId: address.id }, address)}
        />
      )}
      {...flow}
    />
  );
}
