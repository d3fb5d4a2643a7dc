import { Link, useParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import AdminProductEditor from '#web/features/admin-products/components/admin-product-editor.tsx';

export default function AdminProductEditRoute() {
  const { id = '' } = useParams();
  if (!/^[1-9]\d{0,14}$/.test(id)) {
    return (
      <div>
        <title>Product not found · Admin</title>
        <h1 className="text-2xl font-bold text-slate-900">Product not found</h1>
        <Link to={paths.adminProducts()} className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
          Manage Products
        </Link>
      </div>
    );
  }
  return <AdminProductEditor key={id} id={Number(id)} />;
}
