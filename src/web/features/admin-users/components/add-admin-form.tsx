import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateAdminInputSchema, type AdminUser } from '#shared/schemas/admin.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/schemas/auth.ts';
import { TextField } from '#web/components/form/form-fields.tsx';
import { FormActions } from '#web/components/form/form-layout.tsx';
import { errorMessage, useCreateAdmin, type CreateAdminInput } from '../api/admin-users.ts';

type AdminFormValues = z.input<typeof CreateAdminInputSchema>;

/** Name, e-mail and password for a new admin; POST /api/admin/admins. */
export function AddAdminForm({ id, onCreated, onCancel }: { id: string; onCreated: (user: AdminUser) => void; onCancel: () => void }) {
  const create = useCreateAdmin();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AdminFormValues, unknown, CreateAdminInput>({
    resolver: zodResolver(CreateAdminInputSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const { handleSubmit, setFocus } = form;
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

  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Add an admin
      </h2>
      <p className="mt-1 text-sm text-slate-600">The new admin signs in at the admin login with this e-mail address and password.</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4">
        <div className="grid gap-4 md:grid-cols-3">
          <TextField form={form} name="name" label="Name" autoComplete="off" />
          <TextField form={form} name="email" label="E-mail" type="email" autoComplete="off" spellCheck={false} />
          <TextField
            form={form}
            name="password"
            label="Password"
            hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
            type="password"
            autoComplete="new-password"
          />
        </div>
        <FormActions
          submitLabel="Create admin"
          pendingLabel="Creating…"
          pending={create.isPending}
          error={serverError}
          onCancel={onCancel}
        />
      </form>
    </section>
  );
}
