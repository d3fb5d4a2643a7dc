import { ReturnsPage } from '#web/features/returns/components/returns-page.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorReturnsRoute() {
  const store = useStoreInfo();
  return (
    <>
      <title>{`Returns · Vendor dashboard · ${store.name}`}</title>
      <ReturnsPage area="vendor" />
    </>
  );
}
