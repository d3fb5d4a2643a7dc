import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ReturnConfirmation } from '#shared/schemas/guest-checkout.ts';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { useConfirmTrackedReturn } from '../api/track-returns.ts';
import { ReturnsSection } from './returns-section.tsx';

const MISSING = 'This link is not complete. Please open it from the mail again, or ask for the return again at Order Tracking.';

/**
 * The page of the link mailed to confirm a guest's return request. It confirms when the button is
 * pressed, not on opening: mail scanners open links to look at them, and would spend a single-use
 * link. Confirmed, it shows the return as /track does, with the way back to the order there.
 */
export function ConfirmReturnPanel({ token }: { token: string }) {
  const confirm = useConfirmTrackedReturn();
  const [confirmed, setConfirmed] = useState<ReturnConfirmation | null>(null);
  const [refusal, setRefusal] = useState<string | null>(token === '' ? MISSING : null);
  const alive = useTakenOver();
  const result = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (confirmed) result.current?.focus();
  }, [confirmed]);

  const send = () =>
    confirm.mutate(token, {
      onSuccess: setConfirmed,
      // Used already (409) or expired (410): what the server says is what happened; nothing to retry.
      onError: (failure) => {
        if (
          failure instanceof ApiError &&
          (failure.code === 'CONFLICT' || failure.code === 'LINK_INVALID' || failure.code === 'VALIDATION_FAILED')
        )
          setRefusal(failure.message);
      },
    });

  const trackLink = (number?: string) => (
    <p className="text-sm text-slate-700">
      <Link to={number ? `${paths.track()}?number=${number}` : paths.track()} className="font-semibold text-brand-700 underline">
        {number ? `Track order ${number}` : 'Go to Order Tracking'}
      </Link>{' '}
      with its number and the e-mail it was placed with.
    </p>
  );

  if (confirmed) {
    const ret = confirmed.order.returns.find((candidate) => candidate.id === confirmed.returnId);
    return (
      <div className="space-y-4">
        <p
          ref={result}
          tabIndex={-1}
          role="status"
          className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-semibold text-emerald-900 outline-none"
        >
          <span aria-hidden="true">✓ </span>
          Thank you: your return request for order {confirmed.order.number} is confirmed.
          {ret ? ` ${ret.vendor.name} will arrange a pickup within 48 hours.` : ''}
        </p>
        {ret && <ReturnsSection returns={[ret]} cancel={() => null} />}
        {trackLink(confirmed.order.number)}
      </div>
    );
  }
  if (refusal) {
    return (
      <div className="space-y-4">
        <ErrorAlert takeFocus>{refusal}</ErrorAlert>
        {trackLink()}
      </div>
    );
  }
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      {confirm.isError && (
        <ErrorAlert>
          {errorMessage(confirm.error, 'We could not confirm your return. Please check your connection and try again.')}
        </ErrorAlert>
      )}
      <p className="text-sm text-slate-700">
        Press the button to confirm the return you asked for at Order Tracking. Only then does the seller see it; if you did not ask for a
        return, close this page and the request is dropped.
      </p>
      <button
        type="button"
        onClick={send}
        disabled={confirm.isPending || !alive}
        className={`${buttonClass('primary', 'lg')} w-full sm:w-auto`}
      >
        {confirm.isPending ? 'Confirming…' : 'Confirm my return request'}
      </button>
    </div>
  );
}
