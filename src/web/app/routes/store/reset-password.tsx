import { useLocation } from 'react-router';
import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { linkToken } from '#web/features/auth/api/password-reset.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { AuthLink } from '#web/features/auth/components/login-form.tsx';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

/** A reset link's page: /reset-password#token=… (the token never reaches the server with the page). */
export default function ResetPasswordRoute() {
  const store = useStoreInfo();
  const { hash } = useLocation();
  return (
    <AuthCard title="Choose a new password" intro="Every device signed in to your account will be signed out.">
      <title>{`Choose a new password · ${store.name}`}</title>
      <ResetPasswordForm
        token={linkToken(hash)}
        signInPath={paths.login()}
        invalidLink={
          <div className="space-y-3">
            <Link to={paths.forgotPassword()} className={`${buttonClass('primary', 'lg')} w-full`}>
              Send me a new link
            </Link>
            <p className="text-center text-sm text-slate-600">
              Or <AuthLink to={paths.login()}>sign in</AuthLink>
            </p>
          </div>
        }
      />
    </AuthCard>
  );
}
