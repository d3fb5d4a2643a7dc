import { LoadError } from '#web/components/ui/list-states.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useVendorProfile } from '../api/vendor-shop.ts';
import { ProfileForm } from './profile-form.tsx';
import { ShopStatus } from './shop-status.tsx';

/** The vendor's shop details: business name, contact phone, GSTIN, pickup address and low-stock threshold. */
export default function VendorProfileForm() {
  const profile = useVendorProfile();

  return (
    <div className="min-w-0 space-y-5">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Shop profile</h1>
      {profile.isPending ? (
        <Loading label="Loading your shop profile…" />
      ) : profile.isError ? (
        <LoadError
          what="your shop profile"
          message={errorMessage(profile.error, 'Please check your internet connection and try again.')}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <>
          <ShopStatus profile={profile.data} />
          <ProfileForm key={profile.data.id} profile={profile.data} />
        </>
      )}
    </div>
  );
}
