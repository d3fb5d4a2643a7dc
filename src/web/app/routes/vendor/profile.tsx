import VendorProfileForm from '#web/features/vendor-shop/components/vendor-profile-form.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorProfileFormRoute() {
  const store = useStoreInfo();
  return (
    <>
      <title>{`Shop profile · Vendor dashboard · ${store.name}`}</title>
      <VendorProfileForm />
    </>
  );
}
