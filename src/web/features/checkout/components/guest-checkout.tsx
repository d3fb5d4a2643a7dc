import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { CartLineInput } from '#shared/schemas/cart.ts';
import { GuestOrderInputSchema } from '#shared/schemas/guest-checkout.ts';
import { AddressForm } from '#web/components/address/address-form.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Field } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import { guestCheckout, guestOrderEmail } from '../api/guest-checkout.ts';
import { CheckoutFlow } from './checkout-flow.tsx';

/** The guest's e-mail, for the order's mails and for tracking it. */
function ContactForm({ email, onDone }: { email: string; onDone: (email: string) => void }) {
  const [value, setValue] = useState(email);
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = GuestOrderInputSchema.shape.email.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid e-mail address');
      document.getElementById('guest-email')?.focus();
      return;
    }
    setError(undefined);
    onDone(parsed.data);
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field id="guest-email" label="E-mail" hint="For the order confirmation, and to track the order at Track order." error={error}>
        {(describedBy) => (
          <input
            id="guest-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        )}
      </Field>
      <button type="submit" className={buttonClass('primary')}>
        Continue
      </button>
    </form>
  );
}

interface GuestCheckoutProps {
  lines: CartLineInput[];
  /** where "Sign in" leads back to: the member's checkout of the same lines */
  signInPath: string;
  resumeOrderId?: number;
  buyNow?: boolean;
  initialError?: string;
  onPaid: (orderId: number) => void;
  onBank: (paymentId: number, orderId: number) => void;
}

/**
 * Checkout without an account: an e-mail, then the member's steps with a delivery address typed
 * in (its mobile number too): the review with the cart's coupon (its uses counted by the e-mail),
 * and payment by any method, Net Banking on the bank's page. The order's token stays in this tab.
 */
export function GuestCheckout({ signInPath, ...flow }: GuestCheckoutProps) {
  const [email, setEmail] = useState(() => (flow.resumeOrderId === undefined ? '' : (guestOrderEmail(flow.resumeOrderId) ?? '')));
  return (
    <CheckoutFlow
      api={guestCheckout}
      keyName="guest-checkout-key"
      orderPath={(order) => `${paths.track()}?number=${order.number}`}
      notice={
        <p className="rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-700">
          Checking out as a guest. Have an account?{' '}
          <Link to={signInPath} className="font-semibold text-brand-700 underline">
            Sign in
          </Link>
        </p>
      }
      contact={{
        summary: email,
        render: (onDone) => (
          <ContactForm
            email={email}
            onDone={(given) => {
              setEmail(given);
              onDone();
            }}
          />
        ),
      }}
      renderAddressStep={(chosen, onChosen) => (
        <AddressForm
          autoFocus
          askDefault={false}
          initial={chosen && { ...chosen.address, id: 0, line2: chosen.address.line2 ?? '', isDefault: false }}
          submitLabel="Deliver here"
          onSubmit={async (address) => onChosen({ email, address }, { ...address, line2: address.line2 ?? '' })}
        />
      )}
      {...flow}
    />
  );
}
