import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import { type Order, PAYMENT_METHOD_NAMES, type Payment, ReturnRequestInputSchema } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { formatIndianMobile } from '#web/components/address/format-mobile.ts';
import { paths } from '#web/config/paths.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { useCancelOrder, useOrder, useRequestReturn } from '../api/orders.ts';
import { formatDateTime, formatTime } from '../format-date-time.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { TrackingTimeline } from './tracking-timeline.tsx';

const card = 'rounded-xl border border-slate-200 bg-white';
const cardHeading = 'text-lg font-semibold text-slate-900';
const MAX_REASON = 1000;

const PAYMENT_STATUS: Record<Payment['status'], { label: string; tone: string }> = {
  created: { label: 'Pending', tone: 'text-amber-800' },
  authorized: { label: 'Authorised', tone: 'text-blue-800' },
  captured: { label: 'Paid', tone: 'text-emerald-700' },
  failed: { label: 'Failed', tone: 'text-red-700' },
  refunded: { label: 'Refunded', tone: 'text-slate-700' },
  partially_refunded: { label: 'Partially refunded', tone: 'text-slate-700' },
};

/** Masked details only, as the API keeps them: "name@okaxis", "HDFC Bank", "Visa •••• 1111", the EMI plan. */
function paymentDetails({ method, details }: Payment): string[] {
  const cardLine = details.last4 ? `${details.network ?? 'Card'} •••• ${details.last4}` : details.network;
  switch (method) {
    case 'upi':
      return details.vpa ? [details.vpa] : [];
    case 'netbanking':
      return details.bank ? [details.bank] : [];
    case 'card':
      return cardLine ? [cardLine] : [];
    case 'emi':
      return [
        ...(cardLine ? [cardLine] : []),
        ...(details.emi
          ? [`${details.emi.months} months × ${formatPrice(details.emi.monthly)} (interest ${formatPrice(details.emi.interest)})`]
          : []),
      ];
  }
}

/** Tracking means nothing before payment, or for an order cancelled before anything shipped. */
function showsTracking(order: Order): boolean {
  if (order.fulfilments.length === 0 || order.status === 'pending_payment') return false;
  return !(order.status === 'cancelled' && order.fulfilments.every((f) => f.shippedAt === null));
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">{children}</div>;
}

function Notice({ tone, children }: { tone: 'amber' | 'slate' | 'orange'; children: ReactNode }) {
  const tones = {
    amber: 'border-amber-300 bg-amber-50 text-amber-950',
    slate: 'border-slate-300 bg-slate-50 text-slate-800',
    orange: 'border-orange-200 bg-orange-50 text-orange-950',
  };
  return <div className={`rounded-xl border p-4 text-sm ${tones[tone]}`}>{children}</div>;
}

function ItemsSection({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-items-heading" className={card}>
      <h2 id="order-items-heading" className={`${cardHeading} px-4 pt-4 sm:px-5`}>
        Items
      </h2>
      <ul className="divide-y divide-slate-200">
        {order.items.map((item) => (
          <li key={item.productId} className="flex gap-3 p-4 sm:gap-4 sm:px-5">
            {item.image ? (
              <img
                src={item.image}
                alt={item.name}
                width={96}
                height={72}
                loading="lazy"
                className="aspect-[4/3] w-20 shrink-0 rounded-lg border border-slate-200 object-cover sm:w-24"
              />
            ) : (
              <span aria-hidden="true" className="aspect-[4/3] w-20 shrink-0 rounded-lg border border-slate-200 bg-slate-100 sm:w-24" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-slate-900">
                <Link to={paths.product(item.productId)} className="hover:text-brand-700 hover:underline">
                  {item.name}
                </Link>
              </p>
              {item.vendor.name && <p className="text-sm text-slate-600">Sold by {item.vendor.name}</p>}
              <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <p className="text-slate-700 tabular-nums">
                  <span aria-hidden="true">
                    {item.quantity} × {formatPrice(item.unitPrice)}
                  </span>
                  <span className="sr-only">
                    Quantity {item.quantity} at {formatPrice(item.unitPrice)} each
                  </span>
                </p>
                <p className="font-semibold text-slate-900 tabular-nums">
                  <span className="sr-only">Line total </span>
                  {formatPrice(item.lineTotal)}
                </p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PriceSection({ order }: { order: Order }) {
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <section aria-labelledby="order-price-heading" className={`${card} p-4 sm:p-5`}>
      <h2 id="order-price-heading" className={cardHeading}>
        Price details
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">
            Subtotal ({count} {count === 1 ? 'item' : 'items'})
          </dt>
          <dd className="font-medium tabular-nums">{formatPrice(order.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Delivery</dt>
          <dd className="font-medium tabular-nums">{order.shipping === 0 ? 'Free' : formatPrice(order.shipping)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold">Total</dt>
          <dd className="font-bold tabular-nums">{formatPrice(order.total)}</dd>
        </div>
        <div className="flex justify-between gap-3 text-xs text-slate-500">
          <dt>GST included</dt>
          <dd className="tabular-nums">{formatPrice(order.gst)}</dd>
        </div>
      </dl>
    </section>
  );
}

function AddressSection({ order }: { order: Order }) {
  const { address } = order;
  return (
    <section aria-labelledby="order-address-heading" className={`${card} p-4 sm:p-5`}>
      <h2 id="order-address-heading" className={cardHeading}>
        Delivery address
      </h2>
      <address className="mt-2 text-sm break-words text-slate-700 not-italic">
        <span className="block font-semibold text-slate-900">{address.name}</span>
        <span className="block">{address.line1}</span>
        {address.line2 && <span className="block">{address.line2}</span>}
        <span className="block">
          {address.city}, {address.state} {address.pincode}
        </span>
        <span className="mt-1 block">Phone: {formatIndianMobile(address.phone)}</span>
      </address>
    </section>
  );
}

function PaymentsSection({ payments }: { payments: Payment[] }) {
  return (
    <section aria-labelledby="order-payments-heading" className={card}>
      <h2 id="order-payments-heading" className={`${cardHeading} px-4 pt-4 sm:px-5`}>
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 sm:px-5">No payment has been made for this order yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {payments.map((payment) => {
            const status = PAYMENT_STATUS[payment.status];
            return (
              <li key={payment.id} className="p-4 text-sm sm:px-5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-semibold text-slate-900">{PAYMENT_METHOD_NAMES[payment.method]}</p>
                  <p className="font-semibold text-slate-900 tabular-nums">{formatPrice(payment.amount)}</p>
                </div>
                {paymentDetails(payment).map((line) => (
                  <p key={line} className="break-words text-slate-700">
                    {line}
                  </p>
                ))}
                <p className="mt-1 text-slate-600">
                  Status: <span className={`font-semibold ${status.tone}`}>{status.label}</span>
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                  <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
                </p>
                {payment.refundedAmount > 0 && (
                  <p className="mt-1 text-slate-800">
                    Refunded {formatPrice(payment.refundedAmount)} to the original payment method
                  </p>
                )}
                {payment.status === 'failed' && payment.failureReason && (
                  <p className="mt-1 text-red-800">Reason: {payment.failureReason}</p>
                )}
                <p className="mt-1 text-xs break-all text-slate-500">Reference {payment.reference}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function TrackingSection({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-tracking-heading" className="space-y-4">
      <h2 id="order-tracking-heading" className={cardHeading}>
        Tracking
      </h2>
      {order.fulfilments.map((fulfilment) => {
        const headingId = `fulfilment-${fulfilment.id}-heading`;
        return (
          <section key={fulfilment.id} aria-labelledby={headingId} className={`${card} p-4 sm:p-5`}>
            <h3 id={headingId} className="mb-4 font-semibold break-words text-slate-900">
              Shipment from {fulfilment.vendor.name}
            </h3>
            <TrackingTimeline
              fulfilment={fulfilment}
              orderDate={order.orderDate}
              cancelledAt={order.cancelledAt}
              label={`Tracking for the shipment from ${fulfilment.vendor.name}`}
            />
          </section>
        );
      })}
    </section>
  );
}

function StatusNotices({ order }: { order: Order }) {
  const refunded = order.payments.reduce((sum, payment) => sum + payment.refundedAmount, 0);
  const paid = order.payments.some((payment) => ['captured', 'refunded', 'partially_refunded'].includes(payment.status));
  return (
    <>
      {order.canPay && order.payBy && (
        <Notice tone="amber">
          <p className="font-semibold">
            Awaiting payment — complete payment by <time dateTime={order.payBy}>{formatTime(order.payBy)}</time>
          </p>
          <p className="mt-1">Unpaid orders are cancelled automatically and their items released.</p>
          <Link to={`${paths.checkout()}?order=${order.id}`} className={`${buttonClass('primary')} mt-3`}>
            Complete payment
          </Link>
        </Notice>
      )}
      {order.status === 'pending_payment' && !order.canPay && (
        <Notice tone="amber">
          <p>The time to pay for this order has run out. It will be cancelled shortly.</p>
        </Notice>
      )}
      {order.status === 'cancelled' && (
        <Notice tone="slate">
          <p className="font-semibold">
            {order.cancelledAt ? (
              <>
                Cancelled on <time dateTime={order.cancelledAt}>{formatDate(order.cancelledAt)}</time>
              </>
            ) : (
              'This order was cancelled'
            )}
          </p>
          {refunded > 0 ? (
            <p className="mt-1">{formatPrice(refunded)} has been refunded to the original payment method.</p>
          ) : (
            !paid && <p className="mt-1">No payment was taken for this order.</p>
          )}
        </Notice>
      )}
      {order.returnReason && order.status !== 'cancelled' && (
        <Notice tone={order.status === 'refunded' ? 'slate' : 'orange'}>
          <p className="font-semibold">
            {order.status === 'refunded' && refunded > 0
              ? `Returned and refunded: ${formatPrice(refunded)} to the original payment method`
              : order.status === 'return_requested'
                ? 'Return requested'
                : 'Return'}
          </p>
          <p className="mt-1 break-words">Your reason: {order.returnReason}</p>
        </Notice>
      )}
    </>
  );
}

type FocusTarget = 'heading' | 'actions' | 'cancel' | 'keep' | 'return' | 'reason';

interface ActionsProps {
  order: Order;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone: (message: string) => void;
}

/** Cancel (with an inline confirmation) and request a return (with an inline form). */
function OrderActions({ order, headingRef, onDone }: ActionsProps) {
  const ids = useId();
  const cancelMutation = useCancelOrder();
  const returnMutation = useRequestReturn();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const actionsHeadingRef = useRef<HTMLHeadingElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const keepButtonRef = useRef<HTMLButtonElement>(null);
  const returnButtonRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);

  // Moves focus once what should get it is on screen, so it is never dropped on the page body.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const elements = {
      heading: headingRef,
      actions: actionsHeadingRef,
      cancel: cancelButtonRef,
      keep: keepButtonRef,
      return: returnButtonRef,
      reason: reasonRef,
    };
    (elements[target].current ?? headingRef.current)?.focus();
  });

  const error = cancelMutation.error ?? returnMutation.error;
  if (!order.canCancel && !order.canReturn && !error) return null;

  const focusNext = (target: FocusTarget) => {
    pendingFocus.current = target;
  };

  const clearErrors = () => {
    cancelMutation.reset();
    returnMutation.reset();
  };

  const confirmCancel = () => {
    if (cancelMutation.isPending) return;
    cancelMutation.mutate(order.id, {
      onSuccess: () => {
        setConfirmingCancel(false);
        focusNext('heading');
        onDone('Order cancelled');
      },
      onError: () => {
        setConfirmingCancel(false);
        focusNext('actions');
      },
    });
  };

  const submitReturn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (returnMutation.isPending) return;
    const parsed = ReturnRequestInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? 'Please tell us why in at least 10 characters');
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    returnMutation.mutate(
      { id: order.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          setReturnOpen(false);
          setReason('');
          focusNext('heading');
          onDone('Return requested');
        },
        onError: () => {
          setReturnOpen(false);
          focusNext('actions');
        },
      },
    );
  };

  const reasonHintId = `${ids}-reason-hint`;
  const reasonErrorId = `${ids}-reason-error`;

  return (
    <section aria-labelledby={`${ids}-actions`} className={`${card} p-4 sm:p-5`}>
      <h2 id={`${ids}-actions`} ref={actionsHeadingRef} tabIndex={-1} className={`${cardHeading} focus:outline-none`}>
        Manage this order
      </h2>

      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorMessage(error, 'Something went wrong. Please try again.')}
        </p>
      )}

      <div className="mt-3 space-y-4">
        {order.canCancel &&
          (confirmingCancel ? (
            <div role="group" aria-labelledby={`${ids}-confirm`} className="rounded-lg border border-red-200 bg-red-50 p-4">
              <p id={`${ids}-confirm`} className="text-sm text-red-950">
                <strong className="font-semibold">Cancel this order?</strong> Paid orders are refunded in full to the original payment method.
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <button
                  type="button"
                  className={buttonClass('primary')}
                  aria-disabled={cancelMutation.isPending}
                  onClick={confirmCancel}
                >
                  {cancelMutation.isPending ? 'Cancelling…' : 'Yes, cancel order'}
                </button>
                <button
                  type="button"
                  ref={keepButtonRef}
                  className={buttonClass('secondary')}
                  onClick={() => {
                    setConfirmingCancel(false);
                    focusNext('cancel');
                  }}
                >
                  Keep order
                </button>
              </div>
            </div>
          ) : (
            <div>
              <button
                type="button"
                ref={cancelButtonRef}
                className={buttonClass('secondary')}
                onClick={() => {
                  clearErrors();
                  setReturnOpen(false);
                  setConfirmingCancel(true);
                  focusNext('keep');
                }}
              >
                Cancel order
              </button>
              <p className="mt-1 text-xs text-slate-600">You can cancel until the order ships.</p>
            </div>
          ))}

        {order.canReturn &&
          (returnOpen ? (
            <form noValidate aria-labelledby={`${ids}-return`} onSubmit={submitReturn} className="rounded-lg border border-brand-200 bg-brand-50 p-4">
              <h3 id={`${ids}-return`} className="font-semibold text-slate-900">
                Request a return
              </h3>
              <label htmlFor={`${ids}-reason`} className="mt-3 block text-sm font-medium text-slate-800">
                Reason for return
              </label>
              <p id={reasonHintId} className="text-xs text-slate-600">
                Tell us what is wrong, in at least 10 characters. Returns are accepted within 10 days of delivery.
              </p>
              <textarea
                id={`${ids}-reason`}
                ref={reasonRef}
                rows={4}
                maxLength={MAX_REASON}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${reasonErrorId} ${reasonHintId}` : reasonHintId}
                className={`mt-2 block w-full rounded-lg border bg-white px-3 py-2 text-sm ${reasonError ? 'border-red-600' : 'border-slate-300'}`}
              />
              <div className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs">
                {reasonError ? (
                  <p id={reasonErrorId} className="font-medium text-red-800">
                    {reasonError}
                  </p>
                ) : (
                  <span />
                )}
                <p className="text-slate-500 tabular-nums">
                  {reason.length}/{MAX_REASON}
                </p>
              </div>
              <div className="mt-3 flex flex-wrap gap-3">
                <button type="submit" className={buttonClass('primary')} aria-disabled={returnMutation.isPending}>
                  {returnMutation.isPending ? 'Sending…' : 'Submit return request'}
                </button>
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={() => {
                    setReturnOpen(false);
                    setReasonError(null);
                    focusNext('return');
                  }}
                >
                  Keep items
                </button>
              </div>
            </form>
          ) : (
            <div>
              <button
                type="button"
                ref={returnButtonRef}
                className={buttonClass('secondary')}
                onClick={() => {
                  clearErrors();
                  setConfirmingCancel(false);
                  setReturnOpen(true);
                  focusNext('reason');
                }}
              >
                Request a return
              </button>
              <p className="mt-1 text-xs text-slate-600">Returns are accepted within 10 days of delivery.</p>
            </div>
          ))}
      </div>
    </section>
  );
}

function OrderView({ order }: { order: Order }) {
  const store = useStoreInfo();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');

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

      <div role="status" aria-live="polite">
        {announcement && (
          <p className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-semibold text-emerald-900">
            <span aria-hidden="true">✓ </span>
            {announcement}
          </p>
        )}
      </div>

      <div className="mt-4 space-y-4">
        <StatusNotices order={order} />
        <OrderActions order={order} headingRef={headingRef} onDone={setAnnouncement} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <ItemsSection order={order} />
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
            <p className="mt-2 text-slate-600">We could not find this order in your account. Please check the link, or find the order in your list.</p>
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
