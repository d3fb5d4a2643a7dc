import { Navigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { AuthLink, LoginForm } from '#web/features/auth/components/login-form.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorLoginRoute() {
  const { user } = useAuth();
  const store = useStoreInfo();
  if (user?.role === 'vendor') return <Navigate to={paths.vendorDashboard()} replace />;
  return (
    <AuthCard title="Vendor login" intro={`Manage your shop on ${store.name}.`}>
      <title>{`Vendor login · ${store.name}`}</title>
      <LoginForm
        portal="vendor"
        destination={() => paths.vendorDashboard()}
        footer={
          <>
            <p>
              No shop yet? <AuthLink to={paths.vendorRegister()}>Register as a vendor</AuthLink>
            </p>
            <p>
              Shopping? <AuthLink to={paths.login()}>Customer login</AuthLink>
            </p>
          </>
        }
      />
    </AuthCard>
  );
}
