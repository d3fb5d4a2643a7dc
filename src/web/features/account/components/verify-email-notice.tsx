import { useId, useState } from 'react';
import { Announcer } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useResendVerification } from '#web/lib/resend-verification.ts';

/** "Verify your e-mail": shown on the account page until the link mailed at registration is opened. */
export function VerifyEmailNotice({ email }: { email: string }) {
  const headingId = useId();
  const resend = useResendVerification();
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'warning' }>({ text: '', tone: 'success' });

  const send = async () => {
    setStatus({ text: '', tone: 'success' });
    try {
      const { message } = await resend.mutateAsync();
      setStatus({ text: message, tone: 'success' });
    } catch (error) {
      setStatus({ text: errorMessage(error, 'We could not send the link. Please check your connection and try again.'), tone: 'warning' });
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
      <h2 id={headingId} className="text-base font-semibold text-amber-950">
        Verify your e-mail
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        We sent a link to <strong className="break-all">{email}</strong>. Open it to confirm the address is yours: writing reviews needs it.
        Shopping does not wait for it.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="button"
          onClick={() => void send()}
          disabled={resend.isPending}
          className={`${buttonClass('secondary')} w-full sm:w-auto`}
        >
          {resend.isPending ? 'Sending…' : 'Resend link'}
        </button>
        <Announcer message={status.text} tone={status.tone} className="sm:flex-1" />
      </div>
    </section>
  );
}
