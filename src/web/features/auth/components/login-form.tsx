import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type CurrentUser, LoginInputSchema, type Portal } from '#shared/schemas/auth.ts';
import { z } from '#shared/schemas/zod-mini.ts';
import { TextField } from '#web/components/form/form-fields.tsx';
import { SubmitButton } from '#web/components/form/form-layout.tsx';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '../hooks/use-auth.ts';
import { homeFor, safeRedirect } from '../roles.ts';

const FormSchema = z.pick(LoginInputSchema, { email: true, password: true });
type FormValues = z.infer<typeof FormSchema>;

interface LoginFormProps {
  portal: Portal;
  /** links under the form, e.g. to registration */
  footer?: React.ReactNode;
  /** a link under the password box ("Forgot password?") */
  forgotPassword?: React.ReactNode;
  /** where to go after signing in when the URL does not say */
  destination?: (user: CurrentUser) => string;
}

export function LoginForm({ portal, footer, forgotPassword, destination = homeFor }: LoginFormProps) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema) });

  const submit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      const user = await signIn({ ...values, portal });
      await navigate(safeRedirect(params.get('redirectTo'), destination(user)), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error, 'We could not sign you in. Please check your connection and try again.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {serverError && <ErrorAlert takeFocus>{serverError}</ErrorAlert>}
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
      {forgotPassword && <p className="-mt-2 text-right text-sm">{forgotPassword}</p>}
      <SubmitButton
        label="Sign in"
        pendingLabel="Signing in…"
        pending={form.formState.isSubmitting}
        className={`${buttonClass('primary', 'lg')} w-full`}
      />
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
