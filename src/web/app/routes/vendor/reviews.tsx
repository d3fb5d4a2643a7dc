import { SellerReviewsPage } from '#web/features/reviews/components/seller-reviews-page.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';

export default function VendorReviewsRoute() {
  const store = useStoreInfo();
  return (
    <>
      <title>{`Reviews · Vendor dashboard · ${store.name}`}</title>
      <SellerReviewsPage />
    </>
  );
}
