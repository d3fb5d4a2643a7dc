import { useState } from 'react';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { leaveSignedOut, useSignOutEverywhere } from '../api/security.ts';

/** Ends every session of the account, this browser's included, and goes to the sign-in page. */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere();
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    try {
      await signOut.mutateAsync();
      leaveSignedOut(`${paths.login()}?signedOut=everywhere`);
    } catch (failure) {
      setError(errorMessage(failure, 'We could not sign you out. Please check your connection and try again.'));
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Lost a phone, or signed in on a shared computer? This ends every session of your account, this one included.
      </p>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <button
        type="button"
        onClick={() => void run()}
        disabled={signOut.isPending}
        className={`${buttonClass('secondary')} w-full sm:w-auto`}
      >
        {signOut.isPending ? 'Signing out…' : 'Sign out of all devices'}
      </button>
    </div>
  );
}
