import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatPrice } from '#shared/money.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import {
  codButtonLabel,
  CodNotice,
  codRefused,
  type Method,
  MethodPicker,
  type PaymentFormProps,
  TestModeBanner,
} from './payment-method-picker.tsx';

/** What happens after "Pay", by method: the details are typed into Razorpay's window, never on our page. */
const HOW: Record<Exclude<Method, 'cod'>, string> = {
  upi: 'Pay in your UPI app (Google Pay, PhonePe, Paytm, BHIM or your bank’s): on a phone it opens the app; on a computer, scan the QR code with it.',
  card: 'Enter your credit or debit card in Razorpay’s secure window. Circuit Bazaar never sees its number.',
  netbanking: 'Choose your bank in Razorpay’s secure window and sign in to it there.',
  emi: 'Choose your card and the number of months in Razorpay’s secure window.',
};

/**
 * Paying through Razorpay's Standard Checkout: the shopper chooses the method here and pays in
 * Razorpay's window (opened next, with that method first), or chooses Cash on Delivery.
 */
export function HostedPaymentForm({ options, total, busy, cod, onPay, onBankOffer }: PaymentFormProps) {
  const id = useId();
  const [method, setMethod] = useState<Method>('upi');
  const refused = codRefused(cod);
  const emiAllowed = total >= options.emi.minOrder;
  // No bank offer is matched here: the card is typed into Razorpay's window, not ours.
  useEffect(() => onBankOffer?.(undefined), [onBankOffer]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onPay({ method });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {options.testMode && <TestModeBanner hint="Razorpay’s test keys: pay with Razorpay’s test cards and UPI IDs." />}
      <MethodPicker id={id} method={method} cod={cod} onChange={setMethod} />

      {method === 'cod' ? (
        !refused && <CodNotice cod={cod} total={total} />
      ) : method === 'emi' && !emiAllowed ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          EMI is available on orders of {formatPrice(options.emi.minOrder)} or more.
        </p>
      ) : (
        <p className="flex gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
          <span>{HOW[method]}</span>
        </p>
      )}

      <button
        type="submit"
        disabled={busy || (method === 'emi' && !emiAllowed) || (method === 'cod' && !cod?.available)}
        className={`${buttonClass('accent', 'lg')} w-full`}
      >
        {busy ? 'Processing…' : method === 'cod' ? codButtonLabel(cod, total) : `Pay ${formatPrice(total)}`}
      </button>
    </form>
  );
}
