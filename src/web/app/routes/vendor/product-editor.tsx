import { useNavigate, useParams } from 'react-router';
import { useAuth } from '#web/features/auth/hooks/use-auth.ts';
import VendorProductEditor from '#web/features/vendor-products/components/vendor-product-editor.tsx';
import NotFound from '../not-found.tsx';

/** /vendor/dashboard/products/new and /vendor/dashboard/products/{id}. */
export default function VendorProductEditorRoute() {
  const { productId } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const isNew = productId === undefined;
  if (!isNew && !/^[1-9]\d{0,14}$/.test(productId)) return <NotFound />;
  return (
    <>
      <VendorProductEditor
        key={productId ?? 'new'}
        productId={isNew ? undefined : Number(productId)}
        shopApproved={user?.vendor?.status === 'active'}
        onSaved={(product) => {
          if (isNew) void navigate(`/vendor/dashboard/products/${product.id}`, { replace: true });
        }}
      />
    </>
  );
}
