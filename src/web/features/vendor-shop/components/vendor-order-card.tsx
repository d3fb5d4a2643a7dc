import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatDeliveryDate } from '#shared/delivery.ts';
import { indiaDate } from '#shared/india-time.ts';
import { formatPrice } from '#shared/money.ts';
import { ShipInputSchema, type VendorOrder } from '#shared/schemas/vendor.ts';
import { formatIndianMobile } from '#web/components/address/format-mobile.ts';
import { TextField } from '#web/components/form/form-fields.tsx';
import { FormActions } from '#web/components/form/form-layout.tsx';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { TaxDocumentLinks } from '#web/components/ui/invoice-link.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDeliverFulfilment, usePackFulfilment, useShipFulfilment, type ShipInput } from '../api/vendor-shop.ts';
import { formatDateTime } from '../format.ts';
import { FulfilmentStatusBadge } from './fulfilment-status-badge.tsx';

/** Couriers offered as suggestions; any other carrier can be typed. */
export const CARRIERS = ['Delhivery', 'Blue Dart', 'Ekart', 'DTDC', 'India Post', 'Xpressbees'] as const;

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
  const carriersId = useId();
  const form = useForm<ShipFormValues, unknown, ShipInput>({
    resolver: zodResolver(ShipInputSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });

  // The form was opened by "Mark shipped": the cursor goes to its first field.
  const { setFocus } = form;
  useEffect(() => {
    setFocus('carrier');
  }, [setFocus]);

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(onShip)(event)}
      aria-label={`Ship order ${orderNumber}`}
      className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="carrier" label="Carrier" hint="Choose or type the courier" list={carriersId} autoComplete="off" />
        <datalist id={carriersId}>
          {CARRIERS.map((carrier) => (
            <option key={carrier} value={carrier} />
          ))}
        </datalist>
        <TextField
          form={form}
          name="trackingNumber"
          label="Tracking number"
          hint="From the courier's receipt"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          controlClass="font-mono"
        />
      </div>
      <FormActions submitLabel="Ship" pendingLabel="Shipping…" pending={pending} onCancel={onCancel} />
    </form>
  );
}

// ---- Order card -----------------------------------------------------------------------------

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/** "Dispatch by Thu, 27 Nov": the day the shop promised to hand it to the courier; said plainly when it is today or past. */
function DispatchBy({ date }: { date: string }) {
  const today = indiaDate(new Date());
  const late = date < today;
  const due = date === today;
  return (
    <p className={`mt-1 text-sm font-semibold ${late ? 'text-red-700' : due ? 'text-amber-800' : 'text-slate-800'}`}>
      Dispatch by <time dateTime={date}>{formatDeliveryDate(date)}</time>
      {late ? ' (overdue)' : due ? ' (today)' : ''}
    </p>
  );
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

/** One order's lines of this shop: where they go, what they are, and the next step (pack, ship, deliver). */
export function OrderCard({ order, onAnnounce }: OrderCardProps) {
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
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold break-all text-slate-900">
            Order {order.orderNumber}
          </h2>
          <FulfilmentStatusBadge status={order.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Ordered on <When iso={order.orderDate} />
        </p>
        {order.dispatchBy && <DispatchBy date={order.dispatchBy} />}
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
            {order.cashOnDelivery && (
              <p className="mt-2 rounded-md bg-amber-50 px-2 py-1.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
                Cash on Delivery: the courier collects {formatPrice(order.cashOnDelivery.amount)}
              </p>
            )}
          </div>
        </div>

        <Progress order={order} />
        {order.invoice && <TaxDocumentLinks invoice={order.invoice} creditNotes={order.creditNotes} className="mt-2" />}

        {error && <ErrorAlert className="mt-4">{error}</ErrorAlert>}

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
