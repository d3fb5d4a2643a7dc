import type { AppliedBankOffer } from '#shared/bank-offers.ts';
import { formatPrice } from '#shared/money.ts';
import type { CashOnDelivery, CheckoutOptions, PaymentInput } from '#shared/schemas/orders.ts';
import type { HostedPaymentInput } from '#shared/schemas/payment-gateway.ts';

export type Method = PaymentInput['method'];

/** What the checkout hands either payment form (the sandbox's or a hosted gateway's). */
export interface PaymentFormProps {
  options: CheckoutOptions;
  total: number;
  busy: boolean;
  /** whether this order may be paid in cash on delivery; undefined while it is being checked */
  cod?: CashOnDelivery;
  /** the sandbox's method with its details, or (paid in a gateway's checkout) the method alone */
  onPay: (payment: PaymentInput | HostedPaymentInput) => void;
  /** the bank offer the card entered gets (undefined for none), for the order summary's lines */
  onBankOffer?: (offer: AppliedBankOffer | undefined) => void;
}

export const METHODS: Array<{ id: Method; label: string }> = [
  { id: 'upi', label: 'UPI' },
  { id: 'netbanking', label: 'Net Banking' },
  { id: 'card', label: 'Credit / Debit card' },
  { id: 'emi', label: 'EMI' },
  { id: 'cod', label: 'Cash on Delivery' },
];

/** Refused, the reason for Cash on Delivery stands beside the option, before and after it is chosen. */
export const codRefused = (cod: CashOnDelivery | undefined): cod is CashOnDelivery => cod !== undefined && !cod.available;

/** The ways to pay, as a row of radio cards; Cash on Delivery says why not when it is refused. */
export function MethodPicker({
  id,
  method,
  cod,
  onChange,
}: {
  id: string;
  method: Method;
  cod: CashOnDelivery | undefined;
  onChange: (method: Method) => void;
}) {
  const refused = codRefused(cod);
  return (
    <fieldset>
      <legend className="sr-only">Payment method</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {METHODS.map((m) => {
          const unavailable = m.id === 'cod' && refused;
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
                onChange={() => onChange(m.id)}
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
      {refused && (
        <p id={`${id}-cod-reason`} className="mt-2 text-sm text-slate-700">
          {cod.reason ?? 'Cash on Delivery is not available for this order.'}
        </p>
      )}
    </fieldset>
  );
}

/** "Test mode": only with the sandbox or a gateway's test keys, where no real money moves. */
export function TestModeBanner({ hint }: { hint: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase">
        Test mode
      </span>
      <span className="text-xs text-slate-600">No real money moves. {hint}</span>
    </div>
  );
}

/** Cash on Delivery chosen and allowed (or still being checked): what the shopper does at the door. */
export function CodNotice({ cod, total }: { cod: CashOnDelivery | undefined; total: number }) {
  return (
    <div className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800" aria-live="polite">
      {cod === undefined
        ? 'Checking whether Cash on Delivery is available…'
        : `Pay ${formatPrice(total)} in cash or by UPI to the courier when your order arrives. Please keep the exact amount ready.`}
    </div>
  );
}

/** The Cash on Delivery button's words: placing the order to be paid at the door, or why not. */
export const codButtonLabel = (cod: CashOnDelivery | undefined, total: number) =>
  codRefused(cod) ? 'Cash on Delivery is not available' : `Place order · pay ${formatPrice(total)} on delivery`;
