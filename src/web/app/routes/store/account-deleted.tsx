import { paths } from '#web/config/paths.ts';
import { KeptForTaxLaw } from '#web/features/account/components/your-data.tsx';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { AuthLink } from '#web/features/auth/components/login-form.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

/** Where deleting an account ends: what was erased and what the law makes us keep. */
export default function AccountDeletedRoute() {
  const store = useStoreInfo();
  return (
    <AuthCard title="Your account has been deleted">
      <title>{`Account deleted · ${store.name}`}</title>
      <div className="space-y-3 text-sm text-slate-700">
        <p role="status">
          Your name, e-mail address, saved addresses, phone numbers and password have been erased, and every device has been signed out.
        </p>
        <KeptForTaxLaw />
        <p>
          Questions? Write to{' '}
          <a className="font-semibold text-brand-700 underline-offset-2 hover:underline" href={`mailto:${store.supportEmail}`}>
            {store.supportEmail}
          </a>
          .
        </p>
        <p className="pt-2 text-center">
          <AuthLink to={paths.home()}>Back to the shop</AuthLink>
        </p>
      </div>
    </AuthCard>
  );
}
