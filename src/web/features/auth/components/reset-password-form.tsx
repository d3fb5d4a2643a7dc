import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { LINK_INVALID_MESSAGE, ResetPasswordInputSchema } from '#shared/schemas/account-security.ts';
import { PASSWORD_RULE } from '#shared/schemas/auth.ts';
import { z } from '#shared/schemas/zod-mini.ts';
import { TextField } from '#web/components/form/form-fields.tsx';
import { SubmitButton } from '#web/components/form/form-layout.tsx';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { checkResetLink, resetPassword } from '../api/password-reset.ts';

const FormSchema = z.object({ newPassword: ResetPasswordInputSchema.shape.newPassword, confirmPassword: z.string() }).check(
  z.refine((values) => values.newPassword === values.confirmPassword, {
    message: 'The two passwords are not the same',
    path: ['confirmPassword'],
  }),
);
type FormValues = z.input<typeof FormSchema>;

interface ResetPasswordFormProps {
  token: string;
  /** where a used or expired link sends the user for a new one */
  invalidLink: React.ReactNode;
  /** where to go after the password was changed */
  signInPath: string;
}

/** The page of a reset link: the link is checked first, then the new password is set with it. */
export function ResetPasswordForm({ token, invalidLink, signInPath }: ResetPasswordFormProps) {
  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [spent, setSpent] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const navigate = useNavigate();
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  const submit = form.handleSubmit(async ({ newPassword }) => {
    setServerError(undefined);
    try {
      await resetPassword({ token, newPassword });
      await navigate(signInPath, {
        replace: true,
        state: { notice: 'Your password has been changed and every device signed out. Sign in with the new password.' },
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LINK_INVALID') setSpent(true);
      else setServerError(errorMessage(error, 'We could not change your password. Please check your connection and try again.'));
    }
  });

  if (token !== '' && link.isPending) return <Loading label="Checking your link…" />;
  if (token === '' || spent || link.data?.valid === false || link.isError) {
    return (
      <div className="space-y-4">
        <ErrorAlert>
          {token === '' ? 'This link is incomplete. Please open the whole link from the mail.' : LINK_INVALID_MESSAGE}
        </ErrorAlert>
        <p className="text-sm text-slate-600">Links work once, for 30 minutes. Ask for a new one and use the newest mail.</p>
        {invalidLink}
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
      <TextField form={form} name="newPassword" label="New password" hint={PASSWORD_RULE} type="password" autoComplete="new-password" />
      <TextField form={form} name="confirmPassword" label="New password again" type="password" autoComplete="new-password" />
      <SubmitButton
        label="Set new password"
        pendingLabel="Saving…"
        pending={form.formState.isSubmitting}
        className={`${buttonClass('primary', 'lg')} w-full`}
      />
    </form>
  );
}
