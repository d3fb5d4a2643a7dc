import { type FormEvent, useId, useState } from 'react';
import { formatPrice } from '#shared/money.ts';
import { TrackOrderInputSchema, type TrackedOrder } from '#shared/schemas/guest-checkout.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { Field } from '#web/components/ui/field.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useTrackOrder } from '../api/track-order.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { TrackingTimeline } from './tracking-timeline.tsx';

const input = 'w-full rounded-lg border border-slate-300 px-3 py-2';

function TrackedOrderView({ order }: { order: TrackedOrder }) {
  const headingId = useId();
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
          Placed on {formatDate(order.orderDate)} · {formatPrice(order.total)} · Delivering to {order.deliverTo.city}, {order.deliverTo.state} {order.deliverTo.pincode}
        </p>
        <ul className="mt-3 text-sm text-slate-800">
          {order.items.map((item, i) => (
            <li key={i}>
              {item.quantity} × {item.name}
            </li>
          ))}
        </ul>
      </div>
      {order.fulfilments.map((fulfilment) => (
        <section key={fulfilment.id} aria-label={`Shipment from ${fulfilment.vendor.name}`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
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
    track.mutate(parsed.data);
  }

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={submit} className="max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <Field id="track-number" label="Order number" hint="As in your confirmation mail, e.g. CB00000042" error={errors.number}>
          {(describedBy) => (
            <input id="track-number" value={number} onChange={(e) => setNumber(e.target.value)} autoCapitalize="characters" aria-invalid={errors.number ? true : undefined} aria-describedby={describedBy} className={input} />
          )}
        </Field>
        <Field id="track-email" label="E-mail used for the order" error={errors.email}>
          {(describedBy) => (
            <input id="track-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={errors.email ? true : undefined} aria-describedby={describedBy} className={input} />
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
        {track.data && <TrackedOrderView order={track.data} />}
      </div>
    </div>
  );
}
