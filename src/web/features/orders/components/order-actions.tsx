import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { Order } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCancelOrder } from '../api/orders.ts';
import { card, cardHeading } from './order-card.ts';

type FocusTarget = 'heading' | 'actions' | 'cancel' | 'keep';

interface ActionsProps {
  order: Order;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone: (message: string) => void;
}

/** Cancelling the order while nothing has shipped, announced and focused, with an inline confirmation. Returns are asked for line by line (see ReturnForm). */
export function OrderActions({ order, headingRef, onDone }: ActionsProps) {
  const ids = useId();
  const cancelMutation = useCancelOrder();
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const actionsHeadingRef = useRef<HTMLHeadingElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const keepButtonRef = useRef<HTMLButtonElement>(null);
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
    };
    (elements[target].current ?? headingRef.current)?.focus();
  });

  const error = cancelMutation.error;
  if (!order.canCancel && !error) return null;

  const focusNext = (target: FocusTarget) => {
    pendingFocus.current = target;
  };

  const clearErrors = () => cancelMutation.reset();

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
                <strong className="font-semibold">Cancel this order?</strong> Paid orders are refunded in full to the original payment
                method.
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <button type="button" className={buttonClass('primary')} aria-disabled={cancelMutation.isPending} onClick={confirmCancel}>
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
                  setConfirmingCancel(true);
                  focusNext('keep');
                }}
              >
                Cancel order
              </button>
              <p className="mt-1 text-xs text-slate-600">You can cancel until the order ships.</p>
            </div>
          ))}
      </div>
    </section>
  );
}
