import { Link, useParams } from 'react-router';
import { paths } from '#web/config/paths.ts';
import OrderDetails from '#web/features/orders/components/order-details.tsx';

export default function OrderDetailsRoute() {
  const { orderId = '' } = useParams();
  if (/^[1-9]\d{0,14}$/.test(orderId)) return <OrderDetails orderId={Number(orderId)} />;
  // A malformed id is an order that does not exist.
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <title>Order not found</title>
      <h1 className="text-2xl font-bold text-slate-900">Order not found</h1>
      <Link to={paths.orders()} className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
        My Orders
      </Link>
    </div>
  );
}
