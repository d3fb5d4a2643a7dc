import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { linkToken } from '#web/features/auth/api/password-reset.ts';
import { SESSION_QUERY_KEY } from '#web/features/auth/api/session.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { AuthLink } from '#web/features/auth/components/login-form.tsx';
import { VerifyEmailPanel } from '#web/features/auth/components/verify-email-panel.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

/** A verification link's page: /verify-email#token=… */
export default function VerifyEmailRoute() {
  const store = useStoreInfo();
  const { user } = useAuth();
  const { hash } = useLocation();
  const queryClient = useQueryClient();
  return (
    <AuthCard title="Verify your e-mail">
      <title>{`Verify your e-mail · ${store.name}`}</title>
      <VerifyEmailPanel
        token={linkToken(hash)}
        onVerified={() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })}
        after={
          <p className="text-center text-sm text-slate-600">
            {user ? <AuthLink to={paths.account()}>Go to my account</AuthLink> : <AuthLink to={paths.login()}>Sign in</AuthLink>}
          </p>
        }
      />
    </AuthCard>
  );
}
