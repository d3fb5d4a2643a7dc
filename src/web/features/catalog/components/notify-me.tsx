import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSetStockAlert, useStockAlert } from '../api/stock-alert.ts';

/**
 * "Notify me" under a product out of stock: a signed-in customer is mailed once when it is back;
 * a visitor is asked to sign in first and brought back here. Loaded apart, only for products out of stock.
 */
export default function NotifyMe({ productId, name }: { productId: number; name: string }) {
  const { data: alert, isPending } = useStockAlert(productId);
  const setAlert = useSetStockAlert(productId);
  const status = useRef<HTMLParagraphElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  // Focus follows what changed: the confirmation once waiting, the button again once not. Moved
  // once the answer is on screen (a frame after the mutation was sometimes too soon for React).
  const [focusNext, setFocusNext] = useState<'status' | 'ask' | null>(null);
  useEffect(() => {
    const target = focusNext === 'status' ? status.current : focusNext === 'ask' ? ask.current : null;
    if (!target) return;
    target.focus();
    setFocusNext(null);
  }, [focusNext, alert]);
  if (isPending) return null;
  if (alert === null || alert === undefined) {
    return (
      <p className="mt-3 text-sm text-slate-700">
        <Link
          to={`${paths.login()}?redirectTo=${encodeURIComponent(paths.product(productId))}`}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Sign in
        </Link>{' '}
        to be e-mailed when it is back in stock.
      </p>
    );
  }
  const change = (waiting: boolean) => setAlert.mutate(waiting, { onSuccess: () => setFocusNext(waiting ? 'status' : 'ask') });
  return (
    <div className="mt-3">
      {alert.waiting ? (
        <>
          <p ref={status} tabIndex={-1} role="status" className="text-sm text-green-800">
            We will e-mail you once when {name} is back in stock.
          </p>
          <button
            type="button"
            onClick={() => change(false)}
            disabled={setAlert.isPending}
            className={`${buttonClass('secondary', 'sm')} mt-2`}
          >
            Don’t notify me
          </button>
        </>
      ) : (
        <>
          <button ref={ask} type="button" onClick={() => change(true)} disabled={setAlert.isPending} className={buttonClass('primary')}>
            Notify me when it’s back
          </button>
        </>
      )}
      {setAlert.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(setAlert.error, 'We could not save that. Please try again.')}
        </p>
      )}
    </div>
  );
}
