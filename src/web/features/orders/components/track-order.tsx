import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/money.ts';
import { type TrackedOrder, type TrackedReturn, type TrackOrderInput, TrackOrderInputSchema } from '#shared/schemas/guest-checkout.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Field } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/lib/format.ts';
import { useTrackOrder } from '../api/track-order.ts';
import { useCancelTrackedReturn, useTrackedReturnSender } from '../api/track-returns.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { LineReturn } from './return-form.tsx';
import { refundBasis } from './return-values.ts';
import { CancelReturnButton, ReturnsAnnouncement, ReturnsSection, useReturnsAnnouncement } from './returns-section.tsx';
import { TrackingTimeline } from './tracking-timeline.tsx';

const input = 'w-full rounded-lg border border-slate-300 px-3 py-2';

type TrackedItem = TrackedOrder['items'][number];

/** A guest's "Return or replace" under a line: the return goes with the order's number and e-mail. */
function GuestLineReturn({
  order,
  credentials,
  item,
  onOrder,
  onDone,
}: {
  order: TrackedOrder;
  credentials: TrackOrderInput;
  item: TrackedItem;
  onOrder: (tracked: TrackedOrder) => void;
  onDone: (message: string) => void;
}) {
  const sender = useTrackedReturnSender(credentials, onOrder);
  return <LineReturn item={item} cash={order.paidInCash} sender={sender} basis={refundBasis(order)} onDone={onDone} />;
}

function GuestCancelReturn({
  credentials,
  ret,
  onOrder,
  onDone,
}: {
  credentials: TrackOrderInput;
  ret: TrackedReturn;
  onOrder: (tracked: TrackedOrder) => void;
  onDone: (message: string) => void;
}) {
  const cancel = useCancelTrackedReturn(credentials, onOrder);
  return (
    <CancelReturnButton
      ret={ret}
      pending={cancel.isPending}
      error={cancel.error}
      onCancel={() => cancel.mutate(ret.id, { onSuccess: () => onDone(`Return of ${ret.product.name} cancelled; the item stays yours.`) })}
    />
  );
}

/**
 * The order found: its lines, each delivered one still in its 10 days with "Return or replace" (a
 * guest's order; an account's is returned from its page), its returns with their progress, and
 * each shipment's timeline. A return asked for or cancelled is announced, and the focus moves to
 * the returns.
 */
function TrackedOrderView({
  order,
  credentials,
  onOrder,
}: {
  order: TrackedOrder;
  credentials: TrackOrderInput;
  onOrder: (tracked: TrackedOrder) => void;
}) {
  const headingId = useId();
  const [announcement, returnsDone] = useReturnsAnnouncement();
  const memberReturnable = !order.guestOrder && order.items.some((item) => item.returnableQuantity > 0);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Order {order.number}
          </h2>
          <OrderStatusBadge status={order.displayStatus} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Placed on {formatDate(order.orderDate)} · {formatPrice(order.total)} · Delivering to {order.deliverTo.city},{' '}
          {order.deliverTo.state} {order.deliverTo.pincode}
        </p>
        <ul aria-label="Items" className="mt-3 divide-y divide-slate-200 text-sm text-slate-800">
          {order.items.map((item) => (
            <li key={item.id} className="py-2 first:pt-0 last:pb-0">
              <p className="break-words">
                {item.quantity} × {item.name}
                {item.replacementFor !== null && <span className="text-slate-600"> (replacement)</span>}
              </p>
              {item.vendor.name && <p className="text-xs text-slate-600">Sold by {item.vendor.name}</p>}
              {order.guestOrder && (
                <GuestLineReturn order={order} credentials={credentials} item={item} onOrder={onOrder} onDone={returnsDone} />
              )}
            </li>
          ))}
        </ul>
        {memberReturnable && (
          <p className="mt-3 text-sm text-slate-700">
            To return an item of this order,{' '}
            <Link to={paths.login(paths.orders())} className="font-semibold text-brand-700 underline">
              sign in
            </Link>{' '}
            and open it from My Orders.
          </p>
        )}
      </div>
      <ReturnsAnnouncement announcement={announcement} />
      <ReturnsSection
        returns={order.returns}
        cancel={(ret) =>
          order.guestOrder ? <GuestCancelReturn credentials={credentials} ret={ret} onOrder={onOrder} onDone={returnsDone} /> : null
        }
      />
      {order.fulfilments.map((fulfilment) => (
        <section
          key={fulfilment.id}
          aria-label={`Shipment from ${fulfilment.vendor.name}`}
          className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h3 className="mb-4 font-semibold break-words text-slate-900">Shipment from {fulfilment.vendor.name}</h3>
          <TrackingTimeline
            fulfilment={{ ...fulfilment, invoice: null, creditNotes: [] }}
            orderDate={order.orderDate}
            cancelledAt={order.cancelledAt}
            label={`Tracking for the shipment from ${fulfilment.vendor.name}`}
          />
        </section>
      ))}
    </section>
  );
}

/** Track an order with its number and e-mail: no account needed. */
export function TrackOrder({ initialNumber = '' }: { initialNumber?: string }) {
  const track = useTrackOrder();
  const [number, setNumber] = useState(initialNumber);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ number?: string; email?: string }>({});
  // The order on screen and the number and e-mail that found it: its returns are sent with them.
  const [found, setFound] = useState<{ order: TrackedOrder; credentials: TrackOrderInput } | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = TrackOrderInputSchema.safeParse({ number, email });
    if (!parsed.success) {
      const found: { number?: string; email?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'number' | 'email';
        found[field] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(found.number ? 'track-number' : 'track-email')?.focus();
      return;
    }
    setErrors({});
    setFound(null);
    track.mutate(parsed.data, { onSuccess: (order) => setFound({ order, credentials: parsed.data }) });
  }

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={submit} className="max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <Field id="track-number" label="Order number" hint="As in your confirmation mail, e.g. CB00000042" error={errors.number}>
          {(describedBy) => (
            <input
              id="track-number"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              autoCapitalize="characters"
              aria-invalid={errors.number ? true : undefined}
              aria-describedby={describedBy}
              className={input}
            />
          )}
        </Field>
        <Field id="track-email" label="E-mail used for the order" error={errors.email}>
          {(describedBy) => (
            <input
              id="track-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              className={input}
            />
          )}
        </Field>
        <button type="submit" disabled={track.isPending} className={buttonClass('primary')}>
          {track.isPending ? 'Looking…' : 'Track order'}
        </button>
      </form>
      <div aria-live="polite">
        {track.isError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {track.error.message}
          </p>
        )}
        {found && (
          <TrackedOrderView
            order={found.order}
            credentials={found.credentials}
            onOrder={(order) => setFound((current) => (current ? { ...current, order } : current))}
          />
        )}
      </div>
    </div>
  );
}
