import AdminProductsList from '#web/features/admin-products/components/admin-products-list.tsx';

export default function AdminProductsRoute() {
  return (
    <>
      <title>Manage Products · Admin</title>
      <AdminProductsList />
    </>
  );
}
