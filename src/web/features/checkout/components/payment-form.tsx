import { type FormEvent, useEffect, useId, useState } from 'react';
import { type AppliedBankOffer, BANK_OFFERS, bankOfferFor, describeBankOffer } from '#shared/bank-offers.ts';
import { emiQuote } from '#shared/emi.ts';
import { formatPrice } from '#shared/money.ts';
import { detectNetwork, digitsOnly, expiryInFuture, luhnValid, VPA } from '#shared/payment-methods.ts';
import type { CashOnDelivery, CheckoutOptions, PaymentInput } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';

type Method = PaymentInput['method'];

const METHODS: Array<{ id: Method; label: string }> = [
  { id: 'upi', label: 'UPI' },
  { id: 'netbanking', label: 'Net Banking' },
  { id: 'card', label: 'Credit / Debit card' },
  { id: 'emi', label: 'EMI' },
  { id: 'cod', label: 'Cash on Delivery' },
];

const HINTS: Record<Method, string> = {
  upi: 'Test mode: any UPI ID such as success@upi succeeds; failure@upi fails.',
  netbanking: 'Test mode: you will choose Success or Failure on the simulated bank page.',
  card: 'Test mode: 4111 1111 1111 1111 with any future expiry and any CVV, OTP 123456. Card 4000 0000 0000 0002 is declined.',
  emi: 'Test mode: use the test card 4111 1111 1111 1111 and OTP 123456.',
  cod: 'The order is confirmed now; you pay the courier on delivery.',
};

const input = 'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600';

interface PaymentFormProps {
  options: CheckoutOptions;
  total: number;
  busy: boolean;
  /** whether this order may be paid in cash on delivery; undefined while it is being checked */
  cod?: CashOnDelivery;
  onPay: (payment: PaymentInput) => void;
  /** the bank offer the card entered gets (undefined for none), for the order summary's lines */
  onBankOffer?: (offer: AppliedBankOffer | undefined) => void;
}

interface CardState {
  number: string;
  expiry: string;
  cvv: string;
  name: string;
}

function cardErrors(card: CardState): Partial<Record<keyof CardState, string>> {
  const errors: Partial<Record<keyof CardState, string>> = {};
  if (!luhnValid(card.number)) errors.number = 'Please enter a valid card number';
  else if (!detectNetwork(card.number)) errors.number = 'We accept Visa, Mastercard, RuPay, American Express, Diners Club and Discover';
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  if (!match || !expiryInFuture(Number(match[1]), Number(match[2]), new Date()))
    errors.expiry = 'Please enter a future expiry date as MM/YY';
  if (!/^\d{3,4}$/.test(card.cvv)) errors.cvv = 'CVV must be 3 or 4 digits';
  if (card.name.trim().length < 2) errors.name = 'Please enter the name on the card';
  return errors;
}

/** Choosing and entering a payment method; the server checks everything again. */
export function PaymentForm({ options, total, busy, cod, onPay, onBankOffer }: PaymentFormProps) {
  const id = useId();
  const [method, setMethod] = useState<Method>('upi');
  const [vpa, setVpa] = useState('');
  const [bank, setBank] = useState('');
  const [card, setCard] = useState<CardState>({ number: '', expiry: '', cvv: '', name: '' });
  const [months, setMonths] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const network = detectNetwork(card.number);
  // The bank's instant discount the card gets (the server works it out again): the card pays the rest.
  const offer = method === 'card' || method === 'emi' ? bankOfferFor(card.number, total) : undefined;
  const due = total - (offer?.discount ?? 0);
  const emiAllowed = due >= options.emi.minOrder;
  // Refused, the reason stands beside the option, before and after it is chosen.
  const codRefused = cod !== undefined && !cod.available;
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

  const field = (name: string, label: string, control: React.ReactNode, hint?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
      <div className="mt-1">{control}</div>
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const aria = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  const cardFields = (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        {field(
          'number',
          'Card number',
          <div className="relative">
            <input
              id={`${id}-number`}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              value={card.number}
              onChange={(e) => setCard({ ...card, number: e.target.value })}
              className={`${input} pr-32`}
              {...aria('number')}
            />
            <span className="absolute inset-y-0 right-3 flex items-center text-sm font-semibold text-slate-600" aria-live="polite">
              {network ?? ''}
            </span>
          </div>,
        )}
      </div>
      {field(
        'expiry',
        'Expiry (MM/YY)',
        <input
          id={`${id}-expiry`}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          value={card.expiry}
          onChange={(e) => setCard({ ...card, expiry: e.target.value })}
          className={input}
          {...aria('expiry')}
        />,
      )}
      {field(
        'cvv',
        'CVV',
        <input
          id={`${id}-cvv`}
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvv}
          onChange={(e) => setCard({ ...card, cvv: e.target.value })}
          className={input}
          {...aria('cvv')}
        />,
      )}
      <div className="sm:col-span-2">
        {field(
          'name',
          'Name on card',
          <input
            id={`${id}-name`}
            autoComplete="cc-name"
            value={card.name}
            onChange={(e) => setCard({ ...card, name: e.target.value })}
            className={input}
            {...aria('name')}
          />,
        )}
      </div>
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase">
          Test mode
        </span>
        <span className="text-xs text-slate-600">No real money moves. {method === 'cod' && codRefused ? '' : HINTS[method]}</span>
      </div>
      <fieldset>
        <legend className="sr-only">Payment method</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {METHODS.map((m) => {
            const unavailable = m.id === 'cod' && codRefused;
            return (
              <label
                key={m.id}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-500 ${method === m.id ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white'}`}
              >
                <input
                  type="radio"
                  name={`${id}-method`}
                  value={m.id}
                  checked={method === m.id}
                  onChange={() => {
                    setMethod(m.id);
                    setErrors({});
                  }}
                  aria-describedby={unavailable ? `${id}-cod-reason` : undefined}
                  className="accent-brand-600"
                />
                <span className="min-w-0">
                  {m.label}
                  {unavailable && (
                    <span aria-hidden="true" className="block text-xs font-normal text-slate-600">
                      Not available
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
        {codRefused && (
          <p id={`${id}-cod-reason`} className="mt-2 text-sm text-slate-700">
            {cod.reason ?? 'Cash on Delivery is not available for this order.'}
          </p>
        )}
      </fieldset>

      {method === 'upi' &&
        field(
          'vpa',
          'UPI ID',
          <input
            id={`${id}-vpa`}
            autoComplete="off"
            placeholder="name@bank"
            value={vpa}
            onChange={(e) => setVpa(e.target.value)}
            className={input}
            {...aria('vpa')}
          />,
          'Like 98xxxxxx10@ybl or name@okhdfcbank',
        )}

      {method === 'netbanking' &&
        field(
          'bank',
          'Your bank',
          <select id={`${id}-bank`} value={bank} onChange={(e) => setBank(e.target.value)} className={input} {...aria('bank')}>
            <option value="">Choose your bank</option>
            {options.banks.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </select>,
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
            <fieldset>
              <legend id={`${id}-months`} tabIndex={-1} className="text-sm font-medium text-slate-900">
                Choose a tenure
              </legend>
              <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full text-sm">
                  <thead className="bg-slate-50 text-left text-slate-600">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Tenure
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Monthly
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Interest
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {options.emi.plans.map((plan) => {
                      const quote = emiQuote(due, plan);
                      return (
                        <tr key={plan.months} className="border-t border-slate-100">
                          <td className="px-3 py-2">
                            <label className="flex flex-wrap items-center gap-x-2 gap-y-1">
                              <input
                                type="radio"
                                name={`${id}-tenure`}
                                checked={months === plan.months}
                                onChange={() => setMonths(plan.months)}
                                className="accent-brand-600"
                              />
                              {plan.months} months
                              {plan.noCost && (
                                <span className="rounded bg-emerald-100 px-1.5 text-xs font-semibold whitespace-nowrap text-emerald-800">
                                  No-cost
                                </span>
                              )}
                            </label>
                          </td>
                          <td className="px-3 py-2 tabular-nums">{formatPrice(quote.monthly)}</td>
                          <td className="px-3 py-2 tabular-nums">
                            {quote.interest === 0 ? '₹0' : formatPrice(quote.interest)}
                            <span className="block text-xs text-slate-500">{plan.annualRatePercent}% p.a.</span>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {errors.months && <p className="mt-1 text-sm font-medium text-red-700">{errors.months}</p>}
            </fieldset>
            {cardFields}
          </div>
        ) : (
          <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
            EMI is available on orders of {formatPrice(options.emi.minOrder)} or more.
          </p>
        ))}

      {method === 'cod' && !codRefused && (
        <div className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800" aria-live="polite">
          {cod === undefined
            ? 'Checking whether Cash on Delivery is available…'
            : `Pay ${formatPrice(total)} in cash or by UPI to the courier when your order arrives. Please keep the exact amount ready.`}
        </div>
      )}

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
              ? codRefused
                ? 'Cash on Delivery is not available'
                : `Place order · pay ${formatPrice(total)} on delivery`
              : `Pay ${formatPrice(due)}`}
      </button>
    </form>
  );
}
