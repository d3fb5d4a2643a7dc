import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_RULE, RegisterCustomerInputSchema } from '#shared/schemas/auth.ts';
import { RegisterVendorInputSchema } from '#shared/schemas/vendor-registration.ts';
import { TextField } from '#web/components/form/form-fields.tsx';
import { SubmitButton } from '#web/components/form/form-layout.tsx';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { homeFor, safeRedirect } from '../roles.ts';

type VendorIn = z.input<typeof RegisterVendorInputSchema>;
type VendorOut = z.output<typeof RegisterVendorInputSchema>;

const FAILED = 'We could not create your account. Please check your connection and try again.';

/** Customer registration: the role is decided by this page, never by the form. */
export function RegisterForm() {
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<z.input<typeof RegisterCustomerInputSchema>, unknown, z.output<typeof RegisterCustomerInputSchema>>({
    resolver: zodResolver(RegisterCustomerInputSchema),
  });

  const submit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const user = await signUp(values);
      await navigate(safeRedirect(params.get('redirectTo'), homeFor(user)), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error, FAILED));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError && <ErrorAlert takeFocus>{serverError}</ErrorAlert>}
      <TextField form={form} name="name" label="Full name" autoComplete="name" />
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <TextField form={form} name="password" label="Password" hint={PASSWORD_RULE} type="password" autoComplete="new-password" />
      <SubmitButton
        label="Create account"
        pendingLabel="Creating your account…"
        pending={form.formState.isSubmitting}
        className={`${buttonClass('primary', 'lg')} w-full`}
      />
    </form>
  );
}

/** Vendor registration: a shop that starts pending until an admin approves it. */
export function VendorRegisterForm() {
  const { signUpVendor } = useAuth();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<VendorIn, unknown, VendorOut>({ resolver: zodResolver(RegisterVendorInputSchema) });

  const submit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await signUpVendor(values);
      await navigate('/vendor/dashboard', { replace: true });
    } catch (error) {
      setServerError(errorMessage(error, FAILED));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError && <ErrorAlert takeFocus>{serverError}</ErrorAlert>}
      <TextField form={form} name="name" label="Your full name" autoComplete="name" />
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <TextField form={form} name="password" label="Password" hint={PASSWORD_RULE} type="password" autoComplete="new-password" />
      <TextField
        form={form}
        name="businessName"
        label="Business name"
        hint="As on your GST registration or shop licence"
        autoComplete="organization"
      />
      <TextField
        form={form}
        name="phone"
        label="Business phone (+91)"
        hint="10-digit mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
      />
      <TextField
        form={form}
        name="gstin"
        label="GSTIN"
        hint="15 characters, like 29AABCT1234F1ZM. Every seller here must be GST-registered."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={15}
        controlClass="font-mono uppercase"
      />
      <SubmitButton
        label="Register as a vendor"
        pendingLabel="Creating your shop…"
        pending={form.formState.isSubmitting}
        className={`${buttonClass('primary', 'lg')} w-full`}
      />
    </form>
  );
}
