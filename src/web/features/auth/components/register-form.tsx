import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_RULE, RegisterCustomerInputSchema, RegisterVendorInputSchema } from '#shared/schemas/auth.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { homeFor, safeRedirect } from '../roles.ts';
import { describedBy, FormField, inputClass } from './form-field.tsx';

type VendorIn = z.input<typeof RegisterVendorInputSchema>;
type VendorOut = z.output<typeof RegisterVendorInputSchema>;

function ServerError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </div>
  );
}

const failure = (error: unknown) =>
  error instanceof ApiError ? error.message : 'We could not create your account. Please check your connection and try again.';

/** Customer registration: the role is decided by this page, never by the form. */
export function RegisterForm() {
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [serverError, setServerError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<z.input<typeof RegisterCustomerInputSchema>, unknown, z.output<typeof RegisterCustomerInputSchema>>({
    resolver: zodResolver(RegisterCustomerInputSchema),
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const user = await signUp(values);
      await navigate(safeRedirect(params.get('redirectTo'), homeFor(user)), { replace: true });
    } catch (error) {
      setServerError(failure(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ServerError message={serverError} />
      <FormField id={`${id}-name`} label="Full name" error={errors.name?.message}>
        <input id={`${id}-name`} autoComplete="name" className={inputClass} {...describedBy(`${id}-name`, { error: errors.name?.message })} {...register('name')} />
      </FormField>
      <FormField id={`${id}-email`} label="E-mail" error={errors.email?.message}>
        <input id={`${id}-email`} type="email" autoComplete="email" className={inputClass} {...describedBy(`${id}-email`, { error: errors.email?.message })} {...register('email')} />
      </FormField>
      <FormField id={`${id}-password`} label="Password" hint={PASSWORD_RULE} error={errors.password?.message}>
        <input id={`${id}-password`} type="password" autoComplete="new-password" className={inputClass} {...describedBy(`${id}-password`, { hint: true, error: errors.password?.message })} {...register('password')} />
      </FormField>
      <button type="submit" disabled={isSubmitting} className={`${buttonClass('primary', 'lg')} w-full`}>
        {isSubmitting ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}

/** Vendor registration: a shop that starts pending until an admin approves it. */
export function VendorRegisterForm() {
  const { signUpVendor } = useAuth();
  const navigate = useNavigate();
  const id = useId();
  const [serverError, setServerError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<VendorIn, unknown, VendorOut>({ resolver: zodResolver(RegisterVendorInputSchema) });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await signUpVendor(values);
      await navigate('/vendor/dashboard', { replace: true });
    } catch (error) {
      setServerError(failure(error));
    }
  });

  const field = (name: keyof VendorIn, label: string, props: React.InputHTMLAttributes<HTMLInputElement>, hint?: string) => (
    <FormField id={`${id}-${name}`} label={label} hint={hint} error={errors[name]?.message}>
      <input id={`${id}-${name}`} className={inputClass} {...props} {...describedBy(`${id}-${name}`, { hint: Boolean(hint), error: errors[name]?.message })} {...register(name)} />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ServerError message={serverError} />
      {field('name', 'Your full name', { autoComplete: 'name' })}
      {field('email', 'E-mail', { type: 'email', autoComplete: 'email' })}
      {field('password', 'Password', { type: 'password', autoComplete: 'new-password' }, PASSWORD_RULE)}
      {field('businessName', 'Business name', { autoComplete: 'organization' }, 'As on your GST registration or shop licence')}
      {field('phone', 'Business phone (+91)', { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' }, '10-digit mobile number')}
      {field('gstin', 'GSTIN (optional)', { autoCapitalize: 'characters', maxLength: 15 }, '15 characters, like 29ABCDE1234F1Z5')}
      <button type="submit" disabled={isSubmitting} className={`${buttonClass('primary', 'lg')} w-full`}>
        {isSubmitting ? 'Creating your shop…' : 'Register as a vendor'}
      </button>
    </form>
  );
}
