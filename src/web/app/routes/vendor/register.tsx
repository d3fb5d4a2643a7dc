import { Navigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { AuthLink } from '#web/features/auth/components/login-form.tsx';
import { VendorRegisterForm } from '#web/features/auth/components/register-form.tsx';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorRegisterRoute() {
  const { user } = useAuth();
  const store = useStoreInfo();
  if (user?.role === 'vendor') return <Navigate to={paths.vendorDashboard()} replace />;
  return (
    <AuthCard title="Sell on Circuit Bazaar" intro="Register your shop. Our team reviews new sellers, usually within two business days.">
      <title>{`Vendor registration · ${store.name}`}</title>
      <VendorRegisterForm />
      <p className="mt-4 text-center text-sm text-slate-600">
        Already selling with us? <AuthLink to={paths.vendorLogin()}>Vendor login</AuthLink>
      </p>
    </AuthCard>
  );
}
