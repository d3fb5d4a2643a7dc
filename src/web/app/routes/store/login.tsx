import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Announcer } from '#web/components/ui/alerts.tsx';
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
  // A page that signed the user out says why (a new password, signed out on every device).
  const state = (useLocation().state as { notice?: unknown } | null)?.notice;
  const notice = params.get('signedOut') === 'everywhere' ? 'You have been signed out on every device. Sign in again here.' : state;
  // On the way to checkout (the cart's, or a "Buy now"'s one item): a guest may go on without an account.
  const redirectTo = params.get('redirectTo') ?? '';
  const guestCheckout =
    redirectTo === paths.checkout() || redirectTo.startsWith(`${paths.checkout()}?buyNow=`)
      ? paths.guestCheckout(redirectTo.slice(paths.checkout().length))
      : undefined;
  useEffect(() => {
    // Fetched while the shopper reads this page, so "Check out as a guest" opens it at once: until
    // its code is here, this page and its own E-mail field stay on screen, and what is typed
    // there is not the guest's e-mail.
    if (guestCheckout !== undefined) void import('../checkout/guest-checkout.tsx');
  }, [guestCheckout]);
  // Signed in (or just signed in here): on to the page that asked, else the user's home.
  if (user) return <Navigate to={safeRedirect(params.get('redirectTo'), homeFor(user))} replace />;
  return (
    <AuthCard title="Sign in" intro={`Welcome back to ${store.name}.`}>
      <title>{`Sign in · ${store.name}`}</title>
      {typeof notice === 'string' ? <Announcer message={notice} className="mb-4" /> : null}
      <LoginForm
        portal="store"
        forgotPassword={<AuthLink to={paths.forgotPassword()}>Forgot password?</AuthLink>}
        footer={
          <>
            {guestCheckout !== undefined && (
              <p>
                No account? <AuthLink to={guestCheckout}>Check out as a guest</AuthLink>
              </p>
            )}
            <p>
              New here? <AuthLink to={paths.register(safeRedirect(redirectTo, '') || undefined)}>Create an account</AuthLink>
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
