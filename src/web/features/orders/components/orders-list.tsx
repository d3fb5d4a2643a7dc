import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import type { OrderSummary } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { ProductImage } from '#web/components/ui/product-image.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/lib/format.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { useOrders } from '../api/orders.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

function Thumbnail({ name, image }: OrderSummary['thumbnails'][number]) {
  const box = 'h-12 w-16 shrink-0 rounded-md border border-slate-200';
  return image ? (
    <ProductImage src={image} alt={name} width={64} height={48} loading="lazy" className={`${box} bg-white object-cover`} />
  ) : (
    <span
      role="img"
      aria-label={name}
      className={`${box} flex items-center justify-center bg-slate-100 text-xs font-semibold text-slate-500`}
    >
      <span aria-hidden="true">{name.slice(0, 1)}</span>
    </span>
  );
}

function OrderCard({ order }: { order: OrderSummary }) {
  const headingId = `order-${order.id}-heading`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="font-semibold break-all text-slate-900">
            Order {order.number}
          </h2>
          <OrderStatusBadge status={order.displayStatus} />
        </div>

        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Ordered on</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Total</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{formatPrice(order.total)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Items</dt>
            <dd className="font-medium text-slate-900">
              {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
            </dd>
          </div>
        </dl>

        <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
          {order.thumbnails.length > 0 && (
            <ul aria-label="Products in this order" className="flex flex-wrap gap-2">
              {order.thumbnails.slice(0, 4).map((thumbnail, index) => (
                <li key={`${index}-${thumbnail.name}`}>
                  <Thumbnail {...thumbnail} />
                </li>
              ))}
            </ul>
          )}
          <Link to={paths.orderDetails(String(order.id))} className={`${buttonClass('secondary', 'sm')} ml-auto`}>
            View order {order.number}
          </Link>
        </div>
      </article>
    </li>
  );
}

/** The signed-in shopper's orders, newest first, each linking to its details and tracking. */
export default function OrdersList() {
  const store = useStoreInfo();
  const orders = useOrders();

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
      <title>{`My Orders · ${store.name}`}</title>
      <hgroup className="mb-5">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Orders</h1>
        <p className="mt-1 text-sm text-slate-600">Order tracking</p>
      </hgroup>

      {orders.isPending ? (
        <Loading label="Loading your orders…" />
      ) : orders.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          <p className="font-semibold">We could not load your orders.</p>
          <p className="mt-1 text-sm">{orders.error.message}</p>
          <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={() => void orders.refetch()}>
            Try again
          </button>
        </div>
      ) : orders.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-900">You have not placed any orders yet.</p>
          <p className="mt-1 text-slate-600">Laptops, desktops and monitors from trusted sellers are waiting.</p>
          <Link to={paths.products()} className={`${buttonClass('primary')} mt-4`}>
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="space-y-4" aria-busy={orders.isFetching}>
          {orders.data.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </div>
  );
}
