import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import { VendorOfferForm } from '#web/features/vendor-products/components/vendor-offer-form.tsx';

/** /vendor/dashboard/products/sell: the seller's offer of a product already in the catalogue. */
export default function VendorOfferRoute() {
  const { user } = useAuth();
  return <VendorOfferForm shopApproved={user?.vendor?.status === 'active'} />;
}
