import { useEffect, useRef, useState } from 'react';
import { LINK_INVALID_MESSAGE } from '#shared/schemas/account-security.ts';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useTakenOver } from '#web/lib/hydration.ts';
import { verifyEmail } from '../api/password-reset.ts';

/**
 * The page of a verification link. It verifies when the button is pressed, not on opening: mail
 * scanners open links to look at them, and would spend a single-use link.
 */
export function VerifyEmailPanel({ token, onVerified, after }: { token: string; onVerified: () => void; after: React.ReactNode }) {
  const [state, setState] = useState<'idle' | 'sending' | 'verified' | 'invalid'>(token === '' ? 'invalid' : 'idle');
  const [error, setError] = useState<string>();
  const alive = useTakenOver();
  const result = useRef<HTMLParagraphElement>(null);

  const verify = async () => {
    setError(undefined);
    setState('sending');
    try {
      await verifyEmail(token);
      setState('verified');
      onVerified();
    } catch (failure) {
      if (failure instanceof ApiError && (failure.code === 'LINK_INVALID' || failure.code === 'VALIDATION_FAILED')) setState('invalid');
      else {
        setState('idle');
        setError(errorMessage(failure, 'We could not verify your e-mail. Please check your connection and try again.'));
      }
    }
  };
  useEffect(() => {
    if (state === 'verified') result.current?.focus();
  }, [state]);

  if (state === 'verified') {
    return (
      <div className="space-y-4">
        <p
          ref={result}
          tabIndex={-1}
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 outline-none"
        >
          Thank you: your e-mail address is verified.
        </p>
        {after}
      </div>
    );
  }
  if (state === 'invalid') {
    return (
      <div className="space-y-4">
        <ErrorAlert>{LINK_INVALID_MESSAGE}</ErrorAlert>
        <p className="text-sm text-slate-600">
          Verification links work once, for 24 hours. Your account page sends a new one (Resend link).
        </p>
        {after}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <p className="text-sm text-slate-600">Press the button to confirm that this e-mail address is yours.</p>
      <button
        type="button"
        onClick={() => void verify()}
        disabled={state === 'sending' || !alive}
        className={`${buttonClass('primary', 'lg')} w-full`}
      >
        {state === 'sending' ? 'Verifying…' : 'Verify my e-mail address'}
      </button>
    </div>
  );
}
