import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ChangePasswordInputSchema, type ChangePasswordInput } from '#shared/schemas/account-security.ts';
import { PASSWORD_RULE } from '#shared/schemas/auth.ts';
import { TextField } from '#web/components/form/form-fields.tsx';
import { FormActions } from '#web/components/form/form-layout.tsx';
import { Announcer } from '#web/components/ui/alerts.tsx';
import { errorMessage, fieldIssues } from '#web/lib/api-client.ts';
import { useChangePassword } from '../api/security.ts';

/** Change password: the current one is asked for; the account's other devices are signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInputSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setDone('');
    try {
      await change.mutateAsync(values);
      form.reset();
      setDone('Your password has been changed. Your other devices were signed out; this one stays signed in.');
    } catch (failure) {
      const issues = fieldIssues(failure).filter((issue) => issue.field === 'currentPassword' || issue.field === 'newPassword');
      if (issues.length > 0) {
        for (const issue of issues)
          form.setError(issue.field as keyof ChangePasswordInput, { message: issue.message }, { shouldFocus: true });
      } else {
        setError(errorMessage(failure, 'We could not change your password. Please check your connection and try again.'));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField form={form} name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
      <TextField form={form} name="newPassword" label="New password" hint={PASSWORD_RULE} type="password" autoComplete="new-password" />
      <FormActions submitLabel="Change password" pendingLabel="Changing…" pending={form.formState.isSubmitting} error={error}>
        <Announcer message={done} className="sm:flex-1" />
      </FormActions>
    </form>
  );
}
