import { detectNetwork, expiryInFuture, luhnValid } from '#shared/payment-methods.ts';
import { Field, fieldAria, inputClass } from './payment-fields.tsx';

export interface CardState {
  number: string;
  expiry: string;
  cvv: string;
  name: string;
}

export const EMPTY_CARD: CardState = { number: '', expiry: '', cvv: '', name: '' };

export function cardErrors(card: CardState): Partial<Record<keyof CardState, string>> {
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

/** A card's number (with its network beside it), expiry, CVV and name, typed on our page (the sandbox). */
export function CardFields({
  id,
  card,
  errors,
  onChange,
}: {
  id: string;
  card: CardState;
  errors: Record<string, string>;
  onChange: (card: CardState) => void;
}) {
  const network = detectNetwork(card.number);
  const aria = (name: keyof CardState) => fieldAria(id, name, errors[name]);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id={id} name="number" label="Card number" error={errors.number}>
          <div className="relative">
            <input
              id={`${id}-number`}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              value={card.number}
              onChange={(e) => onChange({ ...card, number: e.target.value })}
              className={`${inputClass} pr-32`}
              {...aria('number')}
            />
            <span className="absolute inset-y-0 right-3 flex items-center text-sm font-semibold text-slate-600" aria-live="polite">
              {network ?? ''}
            </span>
          </div>
        </Field>
      </div>
      <Field id={id} name="expiry" label="Expiry (MM/YY)" error={errors.expiry}>
        <input
          id={`${id}-expiry`}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          value={card.expiry}
          onChange={(e) => onChange({ ...card, expiry: e.target.value })}
          className={inputClass}
          {...aria('expiry')}
        />
      </Field>
      <Field id={id} name="cvv" label="CVV" error={errors.cvv}>
        <input
          id={`${id}-cvv`}
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvv}
          onChange={(e) => onChange({ ...card, cvv: e.target.value })}
          className={inputClass}
          {...aria('cvv')}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field id={id} name="name" label="Name on card" error={errors.name}>
          <input
            id={`${id}-name`}
            autoComplete="cc-name"
            value={card.name}
            onChange={(e) => onChange({ ...card, name: e.target.value })}
            className={inputClass}
            {...aria('name')}
          />
        </Field>
      </div>
    </div>
  );
}
