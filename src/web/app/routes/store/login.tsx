import { Navigate, useSearchParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { AuthLink, LoginForm } from '#web/features/auth/components/login-form.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { homeFor, safeRedirect } from '#web/features/auth/roles.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function LoginRoute() {
  const { user } = useAuth();
  const store = useStoreInfo();
  const [params] = useSearchParams();
  // Signed in (or just signed in here): on to the page that asked, else the user's home.
  if (user) return <Navigate to={safeRedirect(params.get('redirectTo'), homeFor(user))} replace />;
  return (
    <AuthCard title="Sign in" intro={`Welcome back to ${store.name}.`}>
      <title>{`Sign in · ${store.name}`}</title>
      <LoginForm
        portal="store"
        footer={
          <>
            <p>
              New here? <AuthLink to={paths.register()}>Create an account</AuthLink>
            </p>
            <p>
              Selling on {store.name}? <AuthLink to={paths.vendorLogin()}>Vendor login</AuthLink>
            </p>
          </>
        }
      />
    </AuthCard>
  );
}
