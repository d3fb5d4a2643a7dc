import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form.tsx';
import { AuthLink } from '#web/features/auth/components/login-form.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function ForgotPasswordRoute() {
  const store = useStoreInfo();
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter your account’s e-mail address and we will mail you a link to choose a new password."
    >
      <title>{`Forgot password · ${store.name}`}</title>
      <ForgotPasswordForm
        footer={
          <p>
            Remembered it? <AuthLink to={paths.login()}>Sign in</AuthLink>
          </p>
        }
      />
    </AuthCard>
  );
}
