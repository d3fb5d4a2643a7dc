import OrdersList from '#web/features/orders/components/orders-list.tsx';

export default function OrdersRoute() {
  return <OrdersList />;
}
