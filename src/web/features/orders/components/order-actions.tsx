import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { type Order, ReturnRequestInputSchema } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCancelOrder, useRequestReturn } from '../api/orders.ts';
import { card, cardHeading } from './order-sections.tsx';

const MAX_REASON = 1000;

type FocusTarget = 'heading' | 'actions' | 'cancel' | 'keep' | 'return' | 'reason';

interface ActionsProps {
  order: Order;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone: (message: string) => void;
}

/** What the shopper may still do with the order (cancel it, ask for a return), each step announced and focused: cancel with an inline confirmation, a return with an inline form. */
export function OrderActions({ order, headingRef, onDone }: ActionsProps) {
  const ids = useId();
  const cancelMutation = useCancelOrder();
  const returnMutation = useRequestReturn();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const actionsHeadingRef = useRef<HTMLHeadingElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const keepButtonRef = useRef<HTMLButtonElement>(null);
  const returnButtonRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);

  // Moves focus once what should get it is on screen, so it is never dropped on the page body.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const elements = {
      heading: headingRef,
      actions: actionsHeadingRef,
      cancel: cancelButtonRef,
      keep: keepButtonRef,
      return: returnButtonRef,
      reason: reasonRef,
    };
    (elements[target].current ?? headingRef.current)?.focus();
  });

  const error = cancelMutation.error ?? returnMutation.error;
  if (!order.canCancel && !order.canReturn && !error) return null;

  const focusNext = (target: FocusTarget) => {
    pendingFocus.current = target;
  };

  const clearErrors = () => {
    cancelMutation.reset();
    returnMutation.reset();
  };

  const confirmCancel = () => {
    if (cancelMutation.isPending) return;
    cancelMutation.mutate(order.id, {
      onSuccess: () => {
        setConfirmingCancel(false);
        focusNext('heading');
        onDone('Order cancelled');
      },
      onError: () => {
        setConfirmingCancel(false);
        focusNext('actions');
      },
    });
  };

  const submitReturn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (returnMutation.isPending) return;
    const parsed = ReturnRequestInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? 'Please tell us why in at least 10 characters');
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    returnMutation.mutate(
      { id: order.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          setReturnOpen(false);
          setReason('');
          focusNext('heading');
          onDone('Return requested');
        },
        onError: () => {
          setReturnOpen(false);
          focusNext('actions');
        },
      },
    );
  };

  const reasonHintId = `${ids}-reason-hint`;
  const reasonErrorId = `${ids}-reason-error`;

  return (
    <section aria-labelledby={`${ids}-actions`} className={`${card} p-4 sm:p-5`}>
      <h2 id={`${ids}-actions`} ref={actionsHeadingRef} tabIndex={-1} className={`${cardHeading} focus:outline-none`}>
        Manage this order
      </h2>

      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(error, 'Something went wrong. Please try again.')}
        </p>
      )}

      <div className="mt-3 space-y-4">
        {order.canCancel &&
          (confirmingCancel ? (
            <div role="group" aria-labelledby={`${ids}-confirm`} className="rounded-lg border border-red-200 bg-red-50 p-4">
              <p id={`${ids}-confirm`} className="text-sm text-red-950">
                <strong className="font-semibold">Cancel this order?</strong> Paid orders are refunded in full to the original payment method.
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <button
                  type="button"
                  className={buttonClass('primary')}
                  aria-disabled={cancelMutation.isPending}
                  onClick={confirmCancel}
                >
                  {cancelMutation.isPending ? 'Cancelling…' : 'Yes, cancel order'}
                </button>
                <button
                  type="button"
                  ref={keepButtonRef}
                  className={buttonClass('secondary')}
                  onClick={() => {
                    setConfirmingCancel(false);
                    focusNext('cancel');
                  }}
                >
                  Keep order
                </button>
              </div>
            </div>
          ) : (
            <div>
              <button
                type="button"
                ref={cancelButtonRef}
                className={buttonClass('secondary')}
                onClick={() => {
                  clearErrors();
                  setReturnOpen(false);
                  setConfirmingCancel(true);
                  focusNext('keep');
                }}
              >
                Cancel order
              </button>
              <p className="mt-1 text-xs text-slate-600">You can cancel until the order ships.</p>
            </div>
          ))}

        {order.canReturn &&
          (returnOpen ? (
            <form noValidate aria-labelledby={`${ids}-return`} onSubmit={submitReturn} className="rounded-lg border border-brand-200 bg-brand-50 p-4">
              <h3 id={`${ids}-return`} className="font-semibold text-slate-900">
                Request a return
              </h3>
              <label htmlFor={`${ids}-reason`} className="mt-3 block text-sm font-medium text-slate-800">
                Reason for return
              </label>
              <p id={reasonHintId} className="text-xs text-slate-600">
                Tell us what is wrong, in at least 10 characters. Returns are accepted within 10 days of delivery.
              </p>
              <textarea
                id={`${ids}-reason`}
                ref={reasonRef}
                rows={4}
                maxLength={MAX_REASON}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${reasonErrorId} ${reasonHintId}` : reasonHintId}
                className={`mt-2 block w-full rounded-lg border bg-white px-3 py-2 text-sm ${reasonError ? 'border-red-600' : 'border-slate-300'}`}
              />
              <div className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs">
                {reasonError ? (
                  <p id={reasonErrorId} className="font-medium text-red-800">
                    {reasonError}
                  </p>
                ) : (
                  <span />
                )}
                <p className="text-slate-500 tabular-nums">
                  {reason.length}/{MAX_REASON}
                </p>
              </div>
              <div className="mt-3 flex flex-wrap gap-3">
                <button type="submit" className={buttonClass('primary')} aria-disabled={returnMutation.isPending}>
                  {returnMutation.isPending ? 'Sending…' : 'Submit return request'}
                </button>
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={() => {
                    setReturnOpen(false);
                    setReasonError(null);
                    focusNext('return');
                  }}
                >
                  Keep items
                </button>
              </div>
            </form>
          ) : (
            <div>
              <button
                type="button"
                ref={returnButtonRef}
                className={buttonClass('secondary')}
                onClick={() => {
                  clearErrors();
                  setConfirmingCancel(false);
                  setReturnOpen(true);
                  focusNext('reason');
                }}
              >
                Request a return
              </button>
              <p className="mt-1 text-xs text-slate-600">Returns are accepted within 10 days of delivery.</p>
            </div>
          ))}
      </div>
    </section>
  );
}
