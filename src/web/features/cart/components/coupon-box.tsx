import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatPrice } from '#shared/money.ts';
import type { CartQuote } from '#shared/schemas/cart.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName } from '#web/components/ui/field.tsx';

interface CouponBoxProps {
  /** the code applied for the visit, if any */
  code: string | null;
  onChange: (code: string | null) => void;
  /** the cart's quote for `code`, once it has come (not the previous one shown meanwhile) */
  quote: CartQuote | undefined;
}

/**
 * "Apply coupon" in the cart's summary: a code typed and applied is priced with the cart by the
 * server, which says what it saves or why it cannot be used. Focus follows what changed: to the
 * saving once applied, back to the box when refused or removed. A refused code is not applied,
 * kept or offered for removal: the box says why and keeps the code for correcting.
 */
export function CouponBox({ code, onChange, quote }: CouponBoxProps) {
  const id = useId();
  const [text, setText] = useState(code ?? '');
  const [typed, setTyped] = useState<string | null>(null);
  const focusNext = useRef<'result' | 'box' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const applied = code !== null && quote?.coupon?.code === code ? quote.coupon : null;
  const refusal = code !== null && quote && !applied ? (quote.couponError ?? `${code} cannot be used on this cart`) : null;
  // A refused code is not kept: the reason stays on the box, with the code as typed, until it changes.
  const [refused, setRefused] = useState<string | null>(null);
  if (refusal !== null && refused !== refusal) setRefused(refusal);
  useEffect(() => {
    if (refusal !== null) onChange(null);
  }, [refusal, onChange]);
  const checking = code !== null && !quote;
  const saving = useRef<HTMLParagraphElement>(null);

  // Once the server has answered, focus goes to what it said: the saving, or the box whose
  // description is the reason it was refused. After Remove, back to the box.
  useEffect(() => {
    if (focusNext.current === 'result' && !checking) {
      if (applied) saving.current?.focus();
      else if (refusal) input.current?.focus();
      focusNext.current = null;
    } else if (focusNext.current === 'box') {
      input.current?.focus();
      focusNext.current = null;
    }
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    const next = text.trim().toUpperCase();
    if (next === '') {
      setTyped('Please enter a coupon code');
      input.current?.focus();
      return;
    }
    setTyped(null);
    setRefused(null);
    setText(next);
    setAnnouncement('');
    onChange(next);
    focusNext.current = 'result';
  }

  function remove() {
    const removed = code;
    onChange(null);
    setText('');
    setTyped(null);
    setRefused(null);
    setAnnouncement(removed ? `Coupon ${removed} removed.` : '');
    focusNext.current = 'box';
  }

  const error = typed ?? refusal ?? refused;
  const errorId = `${id}-error`;

  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      {/* Said when the coupon is removed; what the server says of a code is where the focus goes. */}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {applied ? (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          <p ref={saving} tabIndex={-1} className="focus:outline-none">
            <span className="font-mono font-semibold break-all">{applied.code}</span> applied
            {applied.description ? <span className="block text-emerald-800">{applied.description}</span> : null}
            <span className="mt-1 block font-semibold">You save {formatPrice(applied.discount)}</span>
          </p>
          <button
            type="button"
            onClick={remove}
            className="mt-2 text-sm font-semibold text-emerald-900 underline underline-offset-2 hover:text-emerald-700"
          >
            Remove <span className="sr-only">coupon {applied.code}</span>
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={apply}>
          <label htmlFor={id} className="block text-sm font-medium text-slate-900">
            Coupon code
          </label>
          <div className="mt-1.5 flex gap-2">
            <input
              ref={input}
              id={id}
              type="text"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setRefused(null);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`${controlClassName} font-mono uppercase`}
            />
            {/* Not disabled while the code is checked: a disabled button would drop the keyboard's focus. */}
            <button
              type="submit"
              aria-disabled={checking || undefined}
              className={`${buttonClass('secondary')} shrink-0 ${checking ? 'opacity-60' : ''}`}
            >
              {checking ? 'Checking…' : 'Apply'}
            </button>
          </div>
          {error && (
            <p id={errorId} className="mt-1.5 text-sm font-medium wrap-break-word text-red-700">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
