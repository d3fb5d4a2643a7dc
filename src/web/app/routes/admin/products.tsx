import { AdminPage } from './dashboard.tsx';

export default function AdminProductsRoute() {
  return <AdminPage page="products" />;
}
