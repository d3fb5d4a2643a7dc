import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CreateAdminInputSchema, type AdminUser } from '#shared/schemas/admin.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/schemas/auth.ts';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName } from '#web/components/ui/field.tsx';
import { errorMessage, useCreateAdmin, type CreateAdminInput } from '../api/admin-users.ts';
import { Field } from './admin-ui.tsx';

type AdminFormValues = z.input<typeof CreateAdminInputSchema>;

/** Name, e-mail and password for a new admin; POST /api/admin/admins. */
export function AddAdminForm({ id, onCreated, onCancel }: { id: string; onCreated: (user: AdminUser) => void; onCancel: () => void }) {
  const create = useCreateAdmin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<AdminFormValues, unknown, CreateAdminInput>({
    resolver: zodResolver(CreateAdminInputSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  useEffect(() => {
    setFocus('name');
  }, [setFocus]);

  const submit = handleSubmit((values) => {
    setServerError(null);
    create.mutate(values, {
      onSuccess: (user) => onCreated(user),
      onError: (error) => setServerError(errorMessage(error, 'The admin was not created. Please check your connection and try again.')),
    });
  });

  const field = (name: keyof AdminFormValues) => `${id}-${name}`;

  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Add an admin
      </h2>
      <p className="mt-1 text-sm text-slate-600">The new admin signs in at the admin login with this e-mail address and password.</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <div className="grid gap-4 md:grid-cols-3">
          <Field id={field('name')} label="Name" error={errors.name?.message}>
            {(describedBy) => (
              <input
                id={field('name')}
                type="text"
                autoComplete="off"
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy}
                className={controlClassName}
                {...register('name')}
              />
            )}
          </Field>
          <Field id={field('email')} label="E-mail" error={errors.email?.message}>
            {(describedBy) => (
              <input
                id={field('email')}
                type="email"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy}
                className={controlClassName}
                {...register('email')}
              />
            )}
          </Field>
          <Field id={field('password')} label="Password" hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`} error={errors.password?.message}>
            {(describedBy) => (
              <input
                id={field('password')}
                type="password"
                autoComplete="new-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={describedBy}
                className={controlClassName}
                {...register('password')}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="submit" disabled={create.isPending} className={`${buttonClass('primary')} w-full sm:w-auto`}>
            {create.isPending ? 'Creating…' : 'Create admin'}
          </button>
          <button type="button" onClick={onCancel} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
