import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '#web/components/ui/button-styles.ts';

/** The card issuer's one-time password step (sandbox OTP 123456). */
export function OtpForm({ busy, onSubmit, onCancel }: { busy: boolean; onSubmit: (otp: string) => void; onCancel: () => void }) {
  const id = useId();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(otp)) {
      setError('The OTP has 6 digits');
      return;
    }
    onSubmit(otp);
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p className="font-semibold text-slate-900">Enter the OTP sent to your registered mobile number</p>
      <p className="text-xs text-slate-600">Test mode: the OTP is 123456; any other fails the payment.</p>
      <div>
        <label htmlFor={`${id}-otp`} className="block text-sm font-medium">
          One-time password
        </label>
        <input
          id={`${id}-otp`}
          autoFocus
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-otp-error` : undefined}
          className="mt-1 block w-40 rounded-lg border border-slate-300 bg-white px-3 py-2 text-lg tracking-[0.3em]"
        />
        {error && (
          <p id={`${id}-otp-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={buttonClass('primary')}>
          {busy ? 'Verifying…' : 'Verify and pay'}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass('ghost')}>
          Use another method
        </button>
      </div>
    </form>
  );
}
