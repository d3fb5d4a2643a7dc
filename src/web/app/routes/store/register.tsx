import { Navigate, useSearchParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { AuthLink } from '#web/features/auth/components/login-form.tsx';
import { RegisterForm } from '#web/features/auth/components/register-form.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { homeFor, safeRedirect } from '#web/features/auth/roles.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function RegisterRoute() {
  const { user } = useAuth();
  const store = useStoreInfo();
  const [params] = useSearchParams();
  // Signed in (or just signed in here): on to the page that asked, else the user's home.
  if (user) return <Navigate to={safeRedirect(params.get('redirectTo'), homeFor(user))} replace />;
  // Signing in instead comes back to the same page.
  const redirectTo = safeRedirect(params.get('redirectTo'), '') || undefined;
  return (
    <AuthCard title="Create your account" intro="Track orders, save addresses and check out faster.">
      <title>{`Register · ${store.name}`}</title>
      <RegisterForm />
      <p className="mt-4 text-center text-sm text-slate-600">
        Already have an account? <AuthLink to={paths.login(redirectTo)}>Sign in</AuthLink>
      </p>
      <p className="mt-1 text-center text-sm text-slate-600">
        Want to sell? <AuthLink to={paths.vendorRegister()}>Register as a vendor</AuthLink>
      </p>
    </AuthCard>
  );
}
