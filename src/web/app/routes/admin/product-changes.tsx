import ProductProposals from '#web/features/admin-products/components/product-proposals.tsx';

export default function AdminProductChangesRoute() {
  return (
    <>
      <title>Product changes · Admin</title>
      <ProductProposals />
    </>
  );
}
