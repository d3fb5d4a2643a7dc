import { Navigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

/** The admin login, without the shop's header and footer. */
export default function AdminLoginRoute() {
  const { user } = useAuth();
  const store = useStoreInfo();
  if (user?.role === 'admin') return <Navigate to={paths.adminDashboard()} replace />;
  return (
    <main id="main" className="flex min-h-screen items-center bg-slate-100">
      <title>{`Admin login · ${store.name}`}</title>
      <AuthCard title="Admin login" intro={`${store.name} administration`}>
        <LoginForm portal="admin" destination={() => paths.adminDashboard()} />
      </AuthCard>
    </main>
  );
}
