import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { type Order } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { useOrder } from '../api/orders.ts';
import { useOrderReturnSender } from '../api/returns.ts';
import { OrderActions } from './order-actions.tsx';
import { AddressSection, ItemsSection, PriceSection, showsTracking, TrackingSection } from './order-sections.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { PaymentsSection } from './payments-section.tsx';
import { LineReturn } from './return-form.tsx';
import { refundBasis } from './return-values.ts';
import { MemberCancelReturn, ReturnsAnnouncement, ReturnsSection, useReturnsAnnouncement } from './returns-section.tsx';
import { StatusNotices } from './status-notices.tsx';

/** The member's "Return or replace" under a line: the return goes to the signed-in order. */
function MemberLineReturn({ order, item, onDone }: { order: Order; item: Order['items'][number]; onDone: (message: string) => void }) {
  const sender = useOrderReturnSender(order.id);
  const cash = order.payments.some(
    (payment) => payment.method === 'cod' && (payment.status === 'captured' || payment.status === 'partially_refunded'),
  );
  return <LineReturn item={item} cash={cash} sender={sender} basis={refundBasis(order)} onDone={onDone} />;
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">{children}</div>;
}

function OrderView({ order }: { order: Order }) {
  const store = useStoreInfo();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, returnsDone, setAnnouncement] = useReturnsAnnouncement();

  return (
    <Page>
      <title>{`Order ${order.number} · ${store.name}`}</title>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to={paths.orders()} className="hover:text-brand-700 hover:underline">
              My Orders
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="break-all text-slate-900">
            {order.number}
          </li>
        </ol>
      </nav>

      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold break-all text-slate-900 focus:outline-none sm:text-3xl">
            Order {order.number}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Placed on <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.displayStatus} />
      </header>

      <ReturnsAnnouncement announcement={announcement} className="mt-4" />

      <div className="mt-4 space-y-4">
        <StatusNotices order={order} />
        <OrderActions order={order} headingRef={headingRef} onDone={setAnnouncement} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <ItemsSection order={order} extra={(item) => <MemberLineReturn order={order} item={item} onDone={returnsDone} />} />
          <ReturnsSection returns={order.returns} cancel={(ret) => <MemberCancelReturn order={order} ret={ret} onDone={returnsDone} />} />
          {showsTracking(order) && <TrackingSection order={order} />}
          <PaymentsSection payments={order.payments} />
        </div>
        <div className="min-w-0 space-y-6">
          <PriceSection order={order} />
          <AddressSection order={order} />
        </div>
      </div>
    </Page>
  );
}

/** One of the signed-in shopper's orders: items, prices, address, payments, tracking, cancel and return. */
export default function OrderDetails({ orderId }: { orderId: number }) {
  const store = useStoreInfo();
  const order = useOrder(orderId);

  // A failed background refresh keeps showing the order already on screen.
  if (order.data) return <OrderView order={order.data} />;

  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return (
        <Page>
          <title>{`Order not found · ${store.name}`}</title>
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center sm:p-10">
            <h1 className="text-2xl font-bold text-slate-900">Order not found</h1>
            <p className="mt-2 text-slate-600">
              We could not find this order in your account. Please check the link, or find the order in your list.
            </p>
            <Link to={paths.orders()} className={`${buttonClass('primary')} mt-4`}>
              My Orders
            </Link>
          </div>
        </Page>
      );
    }
    return (
      <Page>
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          <p className="font-semibold">We could not load this order.</p>
          <p className="mt-1 text-sm">{order.error.message}</p>
          <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={() => void order.refetch()}>
            Try again
          </button>
        </div>
      </Page>
    );
  }

  return (
    <Page>
      <Loading label="Loading your order…" />
    </Page>
  );
}
