import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ForgotPasswordInputSchema, type ForgotPasswordInput } from '#shared/schemas/account-security.ts';
import { TextField } from '#web/components/form/form-fields.tsx';
import { SubmitButton } from '#web/components/form/form-layout.tsx';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { requestPasswordReset } from '../api/password-reset.ts';

/** "Forgot password?": mails a link; the answer is the same whether or not an account uses the address. */
export function ForgotPasswordForm({ footer }: { footer?: React.ReactNode }) {
  const [sent, setSent] = useState('');
  const [serverError, setServerError] = useState<string>();
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(ForgotPasswordInputSchema) });
  const sentRef = useRef<HTMLParagraphElement>(null);
  // The form gives way to the answer: focus goes to it, so it is read out.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const { message } = await requestPasswordReset(values);
      setSent(message);
    } catch (error) {
      setServerError(errorMessage(error, 'We could not send the link. Please check your connection and try again.'));
    }
  });

  if (sent) {
    return (
      <div className="space-y-4">
        <p
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 outline-none"
        >
          {sent}
        </p>
        <p className="text-sm text-slate-600">No mail? Look in your spam folder, or check the address and try again in a few minutes.</p>
        {footer && <div className="space-y-1 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <SubmitButton
        label="Send me a link"
        pendingLabel="Sending…"
        pending={form.formState.isSubmitting}
        className={`${buttonClass('primary', 'lg')} w-full`}
      />
      {footer && <div className="space-y-1 text-center text-sm text-slate-600">{footer}</div>}
    </form>
  );
}
