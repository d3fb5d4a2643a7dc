import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type CurrentUser, LoginInputSchema, type Portal } from '#shared/schemas/auth.ts';
import { z } from '#shared/schemas/zod-mini.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { homeFor, safeRedirect } from '../roles.ts';
import { describedBy, FormField, inputClass } from './form-field.tsx';

const FormSchema = z.pick(LoginInputSchema, { email: true, password: true });
type FormValues = z.infer<typeof FormSchema>;

interface LoginFormProps {
  portal: Portal;
  /** links under the form, e.g. to registration */
  footer?: React.ReactNode;
  /** where to go after signing in when the URL does not say */
  destination?: (user: CurrentUser) => string;
}

export function LoginForm({ portal, footer, destination = homeFor }: LoginFormProps) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [serverError, setServerError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<FormValues>({ resolver: zodResolver(FormSchema) });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const user = await signIn({ ...values, portal });
      await navigate(safeRedirect(params.get('redirectTo'), destination(user)), { replace: true });
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : 'We could not sign you in. Please check your connection and try again.');
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {serverError}
        </div>
      )}
      <FormField id={`${id}-email`} label="E-mail" error={errors.email?.message}>
        <input id={`${id}-email`} type="email" autoComplete="email" className={inputClass} {...describedBy(`${id}-email`, { error: errors.email?.message })} {...register('email')} />
      </FormField>
      <FormField id={`${id}-password`} label="Password" error={errors.password?.message}>
        <input id={`${id}-password`} type="password" autoComplete="current-password" className={inputClass} {...describedBy(`${id}-password`, { error: errors.password?.message })} {...register('password')} />
      </FormField>
      <button type="submit" disabled={isSubmitting} className={`${buttonClass('primary', 'lg')} w-full`}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
      {footer && <div className="space-y-1 text-center text-sm text-slate-600">{footer}</div>}
    </form>
  );
}

export function AuthLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}
