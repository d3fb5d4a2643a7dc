import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { formatDeliveryDate } from '#shared/delivery.ts';
import { DeliveryCheckSchema, PincodeParamSchema } from '#shared/schemas/delivery.ts';
import { z } from '#shared/schemas/zod-mini.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { useFieldValue, useTakenOver } from '#web/lib/hydration.ts';
import { useRememberedPincode } from '#web/lib/remembered-pincode.ts';

interface CheckDeliveryProps {
  productId: number;
  /** the buy box's offer, whose delivery is shown */
  offerId: number | null;
}

/** "Check delivery": when the buy box's offer reaches a PIN code, and whether it may be paid in cash. */
export default function CheckDelivery({ productId, offerId }: CheckDeliveryProps) {
  const id = useId();
  const [pincode, remember] = useRememberedPincode();
  // What is typed before the page is taken over (hydrated) is kept, not emptied by it.
  const [draft, setDraft, keepTyped] = useFieldValue();
  const [editing, setEditing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const pincodeField = useCallback(
    (field: HTMLInputElement | null) => {
      input.current = field;
      keepTyped(field);
    },
    [keepTyped],
  );
  // Drawn by the server, the form does nothing until the page is taken over: no plain form post.
  const alive = useTakenOver();
  const check = useQuery({
    queryKey: ['delivery', productId, pincode],
    queryFn: ({ signal }) => apiRequest(`/products/${productId}/delivery`, { query: { pincode }, schema: DeliveryCheckSchema, signal }),
    enabled: pincode !== null,
    staleTime: 5 * 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = draft.trim();
    if (!z.safeParse(PincodeParamSchema, value).success) {
      setFormError('Please enter a 6-digit PIN code');
      input.current?.focus();
      return;
    }
    setFormError(null);
    setEditing(false);
    remember(value);
  }

  const showForm = pincode === null || editing;
  const option = check.data?.options.find((o) => o.offerId === offerId) ?? check.data?.options[0];
  const delivers = !check.isError && option?.deliverable === true && option.deliverBy !== null;
  const errorId = `${id}-error`;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-4 border-t border-slate-200 pt-4">
      <h2 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        Check delivery
      </h2>
      {showForm ? (
        <form onSubmit={submit} noValidate className="mt-2 flex gap-2">
          <label htmlFor={`${id}-pincode`} className="sr-only">
            Delivery PIN code
          </label>
          <input
            ref={pincodeField}
            id={`${id}-pincode`}
            name="pincode"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            inputMode="numeric"
            maxLength={6}
            autoComplete="postal-code"
            placeholder="Enter PIN code"
            aria-invalid={formError ? true : undefined}
            aria-describedby={formError ? errorId : undefined}
            className="w-36 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
          <button
            type="submit"
            disabled={!alive}
            className="rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            Check
          </button>
        </form>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          {/* "Delivering to" only once the offer is known to reach it; an unknown PIN code, or one it does not reach, is only named. */}
          {delivers ? 'Delivering to' : 'PIN code'}{' '}
          <span className="font-semibold">{check.data ? `${check.data.place.city} ${pincode}` : pincode}</span>{' '}
          <button
            type="button"
            onClick={() => {
              setDraft(pincode ?? '');
              setEditing(true);
              requestAnimationFrame(() => input.current?.focus());
            }}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Change
          </button>
        </p>
      )}
      <div aria-live="polite" className="mt-2 text-sm">
        {formError ? (
          <p id={errorId} className="text-red-700">
            {formError}
          </p>
        ) : showForm || pincode === null ? null : check.isPending ? (
          <p className="text-slate-600">Checking…</p>
        ) : check.isError ? (
          <p className="text-red-700">
            {check.error instanceof ApiError ? check.error.message : 'We could not check delivery just now. Please try again.'}
          </p>
        ) : option?.deliverable && option.deliverBy ? (
          <>
            <p className="font-semibold text-emerald-800">Delivery by {formatDeliveryDate(option.deliverBy)}</p>
            <p className="text-slate-700">
              {option.cod ? 'Cash on Delivery available' : (option.codReason ?? 'Cash on Delivery not available')}
            </p>
          </>
        ) : (
          <p className="font-medium text-red-700">{option?.reason ?? `Not deliverable to ${pincode}`}</p>
        )}
      </div>
    </section>
  );
}
