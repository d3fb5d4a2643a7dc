import { type FormEvent, useEffect, useId, useState } from 'react';
import { BANK_OFFERS, bankOfferFor, describeBankOffer } from '#shared/bank-offers.ts';
import { formatPrice } from '#shared/money.ts';
import { digitsOnly, VPA } from '#shared/payment-methods.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { CardFields, type CardState, cardErrors, EMPTY_CARD } from './card-fields.tsx';
import { EmiPlans } from './emi-plans.tsx';
import { HostedPaymentForm } from './hosted-payment-form.tsx';
import { Field, fieldAria, inputClass } from './payment-fields.tsx';
import {
  codButtonLabel,
  CodNotice,
  codRefused,
  type Method,
  MethodPicker,
  type PaymentFormProps,
  TestModeBanner,
} from './payment-method-picker.tsx';

const HINTS: Record<Method, string> = {
  upi: 'Test mode: any UPI ID such as success@upi succeeds; failure@upi fails.',
  netbanking: 'Test mode: you will choose Success or Failure on the simulated bank page.',
  card: 'Test mode: 4111 1111 1111 1111 with any future expiry and any CVV, OTP 123456. Card 4000 0000 0000 0002 is declined.',
  emi: 'Test mode: use the test card 4111 1111 1111 1111 and OTP 123456.',
  cod: 'The order is confirmed now; you pay the courier on delivery.',
};

export type { PaymentFormProps };

/** Choosing a payment method: in Razorpay's checkout when it is the gateway, else entered here for the sandbox. */
export function PaymentForm(props: PaymentFormProps) {
  return props.options.gateway?.provider === 'razorpay' ? <HostedPaymentForm {...props} /> : <SandboxPaymentForm {...props} />;
}

/** The sandbox's form: the method's details typed on our page; the server checks everything again. */
function SandboxPaymentForm({ options, total, busy, cod, onPay, onBankOffer }: PaymentFormProps) {
  const id = useId();
  const [method, setMethod] = useState<Method>('upi');
  const [vpa, setVpa] = useState('');
  const [bank, setBank] = useState('');
  const [card, setCard] = useState<CardState>(EMPTY_CARD);
  const [months, setMonths] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The bank's instant discount the card gets (the server works it out again): the card pays the rest.
  const offer = method === 'card' || method === 'emi' ? bankOfferFor(card.number, total) : undefined;
  const due = total - (offer?.discount ?? 0);
  const emiAllowed = due >= options.emi.minOrder;
  const refused = codRefused(cod);
  const offerTitle = offer ? describeBankOffer(offer.offer) : undefined;
  const offerDiscount = offer?.discount;
  useEffect(() => {
    onBankOffer?.(offerTitle === undefined || offerDiscount === undefined ? undefined : { title: offerTitle, discount: offerDiscount });
  }, [onBankOffer, offerTitle, offerDiscount]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (method === 'upi' && !VPA.test(vpa.trim())) found.vpa = 'Please enter a UPI ID like name@bank';
    if (method === 'netbanking' && !bank) found.bank = 'Please choose your bank';
    if (method === 'card' || method === 'emi') Object.assign(found, cardErrors(card));
    if (method === 'emi' && !emiAllowed) found.months = `EMI is available on orders of ${formatPrice(options.emi.minOrder)} or more`;
    else if (method === 'emi' && months === undefined) found.months = 'Please choose a tenure';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const match = /^(\d{2})\s*\/\s*(\d{2,4})$/.exec(card.expiry.trim());
    const cardInput = {
      number: digitsOnly(card.number),
      expiryMonth: Number(match?.[1]),
      expiryYear: Number(match?.[2]) < 100 ? 2000 + Number(match?.[2]) : Number(match?.[2]),
      cvv: card.cvv,
      name: card.name.trim(),
    };
    if (method === 'cod') onPay({ method });
    else if (method === 'upi') onPay({ method, vpa: vpa.trim() });
    else if (method === 'netbanking') onPay({ method, bank });
    else if (method === 'card') onPay({ method, card: cardInput });
    else onPay({ method, card: cardInput, months: months as 3 });
  }

  const cardFields = <CardFields id={id} card={card} errors={errors} onChange={setCard} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {options.testMode && <TestModeBanner hint={method === 'cod' && refused ? '' : HINTS[method]} />}
      <MethodPicker
        id={id}
        method={method}
        cod={cod}
        onChange={(next) => {
          setMethod(next);
          setErrors({});
        }}
      />

      {method === 'upi' && (
        <Field id={id} name="vpa" label="UPI ID" hint="Like 98xxxxxx10@ybl or name@okhdfcbank" error={errors.vpa}>
          <input
            id={`${id}-vpa`}
            autoComplete="off"
            placeholder="name@bank"
            value={vpa}
            onChange={(e) => setVpa(e.target.value)}
            className={inputClass}
            {...fieldAria(id, 'vpa', errors.vpa)}
          />
        </Field>
      )}

      {method === 'netbanking' && (
        <Field id={id} name="bank" label="Your bank" error={errors.bank}>
          <select
            id={`${id}-bank`}
            value={bank}
            onChange={(e) => setBank(e.target.value)}
            className={inputClass}
            {...fieldAria(id, 'bank', errors.bank)}
          >
            <option value="">Choose your bank</option>
            {options.banks.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
      )}

      {(method === 'card' || method === 'emi') && (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900" aria-live="polite">
          {offer ? (
            <p>
              <span className="font-semibold">{offer.offer.bank} offer applied:</span> {formatPrice(offer.discount)} off. You pay{' '}
              {formatPrice(due)}.
            </p>
          ) : (
            <>
              <p className="font-semibold">Bank offers</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {BANK_OFFERS.map((candidate) => (
                  <li key={candidate.id}>{describeBankOffer(candidate)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {method === 'card' && cardFields}

      {method === 'emi' &&
        (emiAllowed ? (
          <div className="space-y-4">
            <EmiPlans id={id} plans={options.emi.plans} due={due} months={months} error={errors.months} onChoose={setMonths} />
            {cardFields}
          </div>
        ) : (
          <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
            EMI is available on orders of {formatPrice(options.emi.minOrder)} or more.
          </p>
        ))}

      {method === 'cod' && !refused && <CodNotice cod={cod} total={total} />}

      <button
        type="submit"
        disabled={busy || (method === 'emi' && !emiAllowed) || (method === 'cod' && !cod?.available)}
        className={`${buttonClass('accent', 'lg')} w-full`}
      >
        {busy
          ? 'Processing…'
          : method === 'netbanking'
            ? `Continue to bank · ${formatPrice(total)}`
            : method === 'cod'
              ? codButtonLabel(cod, total)
              : `Pay ${formatPrice(due)}`}
      </button>
    </form>
  );
}
