import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { formatIndianMobile } from '#web/components/address/format-mobile.ts';
import { FULFILMENT_STATUSES, type FulfilmentStatus } from '#shared/order-states.ts';
import { formatPrice } from '#shared/money.ts';
import { ShipInputSchema, type VendorOrder } from '#shared/schemas/vendor.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Loading } from '#web/components/ui/loading.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import {
  useDeliverFulfilment,
  usePackFulfilment,
  useShipFulfilment,
  useVendorOrders,
  type ShipInput,
} from '../api/vendor-shop.ts';
import { formatDateTime } from '../format.ts';
import { vendorPaths } from '../vendor-paths.ts';
import { controlClassName, Field } from '#web/components/ui/field.tsx';
import { FULFILMENT_LABELS, FulfilmentStatusBadge } from './fulfilment-status-badge.tsx';
import { LoadError } from './load-error.tsx';

/** Couriers offered as suggestions; any other carrier can be typed. */
export const CARRIERS = ['Delhivery', 'Blue Dart', 'Ekart', 'DTDC', 'India Post', 'Xpressbees'] as const;

const FILTERS: ReadonlyArray<{ status: FulfilmentStatus | undefined; label: string }> = [
  { status: undefined, label: 'All' },
  ...FULFILMENT_STATUSES.map((status) => ({ status, label: FULFILMENT_LABELS[status] })),
];

const EMPTY_FILTERED: Record<FulfilmentStatus, string> = {
  pending: 'No orders are waiting to be packed.',
  packed: 'No packed orders are waiting to ship.',
  shipped: 'No orders are on their way.',
  delivered: 'No orders have been delivered yet.',
  cancelled: 'No orders have been cancelled.',
};

function isFulfilmentStatus(value: string | null): value is FulfilmentStatus {
  return value !== null && (FULFILMENT_STATUSES as readonly string[]).includes(value);
}

const UPDATE_FAILED = 'We could not update the order. Please check your internet connection and try again.';

// ---- Ship form ------------------------------------------------------------------------------

type ShipFormValues = z.input<typeof ShipInputSchema>;

interface ShipFormProps {
  orderNumber: string;
  pending: boolean;
  onShip: (input: ShipInput) => void;
  onCancel: () => void;
}

function ShipForm({ orderNumber, pending, onShip, onCancel }: ShipFormProps) {
  const idPrefix = useId();
  const fieldId = (name: keyof ShipFormValues) => `${idPrefix}-${name}`;
  const carriersId = `${idPrefix}-carriers`;
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<ShipFormValues, unknown, ShipInput>({
    resolver: zodResolver(ShipInputSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });

  // The form was opened by "Mark shipped": the cursor goes to its first field.
  useEffect(() => {
    setFocus('carrier');
  }, [setFocus]);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onShip)}
      aria-label={`Ship order ${orderNumber}`}
      className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fieldId('carrier')} label="Carrier" hint="Choose or type the courier" error={errors.carrier?.message}>
          {(describedBy) => (
            <>
              <input
                id={fieldId('carrier')}
                type="text"
                list={carriersId}
                autoComplete="off"
                aria-invalid={errors.carrier ? true : undefined}
                aria-describedby={describedBy}
                className={controlClassName}
                {...register('carrier')}
              />
              <datalist id={carriersId}>
                {CARRIERS.map((carrier) => (
                  <option key={carrier} value={carrier} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field
          id={fieldId('trackingNumber')}
          label="Tracking number"
          hint="From the courier's receipt"
          error={errors.trackingNumber?.message}
        >
          {(describedBy) => (
            <input
              id={fieldId('trackingNumber')}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={errors.trackingNumber ? true : undefined}
              aria-describedby={describedBy}
              className={`${controlClassName} font-mono`}
              {...register('trackingNumber')}
            />
          )}
        </Field>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={pending} className={`${buttonClass('primary', 'sm')} w-full sm:w-auto`}>
          {pending ? 'Shipping…' : 'Ship'}
        </button>
        <button type="button" onClick={onCancel} className={`${buttonClass('secondary', 'sm')} w-full sm:w-auto`}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// ---- Order card -----------------------------------------------------------------------------

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

function Progress({ order }: { order: VendorOrder }) {
  const { packedAt, shippedAt, deliveredAt, carrier, trackingNumber } = order;
  if (!packedAt && !shippedAt && !deliveredAt) return null;
  return (
    <ul aria-label="Progress" className="mt-3 space-y-1 text-sm text-slate-700">
      {packedAt && (
        <li>
          Packed on <When iso={packedAt} />
        </li>
      )}
      {shippedAt && (
        <li className="wrap-break-word">
          Shipped on <When iso={shippedAt} />
          {carrier && <> via {carrier}</>}
          {trackingNumber && (
            <>
              , tracking number <span className="font-mono font-medium break-all text-slate-900">{trackingNumber}</span>
            </>
          )}
        </li>
      )}
      {deliveredAt && (
        <li>
          Delivered on <When iso={deliveredAt} />
        </li>
      )}
    </ul>
  );
}

interface OrderCardProps {
  order: VendorOrder;
  /** Tells the page's live region what happened ("Order CB… marked shipped"). */
  onAnnounce: (message: string) => void;
}

function OrderCard({ order, onAnnounce }: OrderCardProps) {
  const headingId = `vendor-order-${order.fulfilmentId}-heading`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const markShippedRef = useRef<HTMLButtonElement>(null);
  const focusMarkShipped = useRef(false);
  const focusHeading = useRef(false);
  const [shipOpen, setShipOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pack = usePackFulfilment();
  const ship = useShipFulfilment();
  const deliver = useDeliverFulfilment();
  const busy = pack.isPending || ship.isPending || deliver.isPending;

  const callbacks = (done: string) => ({
    onSuccess: () => {
      focusHeading.current = true;
      setShipOpen(false);
      onAnnounce(`Order ${order.orderNumber} marked ${done}`);
    },
    onError: (failure: unknown) => setError(errorMessage(failure, UPDATE_FAILED)),
  });

  // After an action its button is gone: focus goes to the card, whose status the vendor just changed.
  // Closing the ship form with Cancel goes back to "Mark shipped".
  useEffect(() => {
    if (focusHeading.current) {
      focusHeading.current = false;
      headingRef.current?.focus();
    } else if (!shipOpen && focusMarkShipped.current) {
      focusMarkShipped.current = false;
      markShippedRef.current?.focus();
    }
  }, [order.status, shipOpen]);

  const onPack = () => {
    setError(null);
    pack.mutate(order.fulfilmentId, callbacks('packed'));
  };
  const onShip = (input: ShipInput) => {
    setError(null);
    ship.mutate({ fulfilmentId: order.fulfilmentId, ...input }, callbacks('shipped'));
  };
  const onDeliver = () => {
    setError(null);
    deliver.mutate(order.fulfilmentId, callbacks('delivered'));
  };
  const closeShipForm = () => {
    focusMarkShipped.current = true;
    setShipOpen(false);
  };

  const { address } = order;

  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold break-all text-slate-900"
          >
            Order {order.orderNumber}
          </h2>
          <FulfilmentStatusBadge status={order.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Ordered on <When iso={order.orderDate} />
        </p>
        {order.orderStatus === 'pending_payment' && order.status === 'pending' && (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Awaiting the customer&rsquo;s payment. Pack it once the payment is confirmed.
          </p>
        )}

        <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="min-w-0 text-sm">
            <h3 className="font-medium text-slate-500">Deliver to</h3>
            <address className="mt-1 not-italic wrap-break-word text-slate-900">
              <span className="block font-semibold">{order.customerName}</span>
              {address.name !== order.customerName && <span className="block">{address.name}</span>}
              <span className="block">{address.line1}</span>
              {address.line2 && <span className="block">{address.line2}</span>}
              <span className="block">
                {address.city}, {address.state} {address.pincode}
              </span>
              <span className="block">
                <span className="sr-only">Phone </span>
                {formatIndianMobile(address.phone)}
              </span>
            </address>
          </div>

          <div className="min-w-0 text-sm">
            <h3 className="font-medium text-slate-500">Your items</h3>
            <ul className="mt-1 divide-y divide-slate-100">
              {order.items.map((item) => (
                <li key={item.productId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-1.5">
                  <span className="min-w-0 wrap-break-word">
                    <span className="block font-medium text-slate-900">{item.name}</span>
                    <span className="block text-slate-600 tabular-nums">
                      {item.quantity} × {formatPrice(item.unitPrice)}
                    </span>
                  </span>
                  <span className="ml-auto font-medium text-slate-900 tabular-nums">{formatPrice(item.lineTotal)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-1 flex justify-between gap-3 border-t border-slate-200 pt-2 font-semibold text-slate-900">
              <span>Total</span>
              <span className="tabular-nums">{formatPrice(order.total)}</span>
            </p>
          </div>
        </div>

        <Progress order={order} />

        {error && (
          <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {error}
          </div>
        )}

        {order.status === 'pending' && (
          <div className="mt-4">
            <button type="button" onClick={onPack} disabled={busy} className={`${buttonClass('primary', 'sm')} w-full sm:w-auto`}>
              {pack.isPending ? 'Marking packed…' : 'Mark packed'}
            </button>
          </div>
        )}
        {order.status === 'packed' &&
          (shipOpen ? (
            <ShipForm orderNumber={order.orderNumber} pending={ship.isPending} onShip={onShip} onCancel={closeShipForm} />
          ) : (
            <div className="mt-4">
              <button
                ref={markShippedRef}
                type="button"
                disabled={busy}
                onClick={() => {
                  setError(null);
                  setShipOpen(true);
                }}
                className={`${buttonClass('primary', 'sm')} w-full sm:w-auto`}
              >
                Mark shipped
              </button>
            </div>
          ))}
        {order.status === 'shipped' && (
          <div className="mt-4">
            <button type="button" onClick={onDeliver} disabled={busy} className={`${buttonClass('primary', 'sm')} w-full sm:w-auto`}>
              {deliver.isPending ? 'Marking delivered…' : 'Mark delivered'}
            </button>
          </div>
        )}
      </article>
    </li>
  );
}

// ---- Page -----------------------------------------------------------------------------------

/** The vendor's orders, newest first, filtered by status (?status=), with packing and shipping actions. */
export default function VendorOrders() {
  const [searchParams] = useSearchParams();
  const param = searchParams.get('status');
  const status = isFulfilmentStatus(param) ? param : undefined;
  const orders = useVendorOrders(status);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement(message), []);

  const searchFor = (next: FulfilmentStatus | undefined) => {
    const params = new URLSearchParams(searchParams);
    if (next) params.set('status', next);
    else params.delete('status');
    const search = params.toString();
    return search ? `?${search}` : '';
  };

  return (
    <div className="min-w-0">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Orders</h1>

      <nav aria-label="Filter orders by status" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((filter) => {
            const current = filter.status === status;
            return (
              <li key={filter.label}>
                <Link
                  to={{ search: searchFor(filter.status) }}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset ${
                    current
                      ? 'bg-brand-600 text-white ring-brand-600'
                      : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
                  }`}
                >
                  {filter.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className="mt-5">
        {orders.isPending ? (
          <Loading label="Loading orders…" />
        ) : orders.isError ? (
          <LoadError title="We could not load your orders." error={orders.error} onRetry={() => void orders.refetch()} />
        ) : orders.data.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center sm:p-10">
            {status ? (
              <>
                <p className="text-lg font-semibold text-slate-900">{EMPTY_FILTERED[status]}</p>
                <Link to={vendorPaths.orders()} className={`${buttonClass('secondary')} mt-4`}>
                  Show all orders
                </Link>
              </>
            ) : (
              <>
                <p className="text-lg font-semibold text-slate-900">No orders yet.</p>
                <p className="mt-1 text-slate-600">When customers buy your products, their orders appear here to pack and ship.</p>
              </>
            )}
          </div>
        ) : (
          <ul className="space-y-4" aria-busy={orders.isFetching}>
            {orders.data.map((order) => (
              <OrderCard key={order.fulfilmentId} order={order} onAnnounce={announce} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
