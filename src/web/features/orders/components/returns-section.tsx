import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatPrice } from '#shared/money.ts';
import { formatPickupDate, RETURN_REASON_LABELS, RETURN_STATUS_LABELS, type ReturnTimes, returnSteps } from '#shared/returns.ts';
import type { Order, OrderReturn } from '#shared/schemas/orders.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { CreditNoteLink } from '#web/components/ui/invoice-link.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { useCancelReturn } from '../api/returns.ts';
import { formatDateTime } from '../format-date-time.ts';
import { card, cardHeading } from './order-card.ts';

/** Done: green; over without a refund: grey; on its way: orange. */
const TONES: Partial<Record<OrderReturn['status'], string>> = {
  refunded: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  replacement_shipped: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-slate-100 text-slate-700 ring-slate-300',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

function ReturnTimeline({ ret }: { ret: Pick<OrderReturn, keyof ReturnTimes | 'product'> }) {
  const steps = returnSteps(ret);
  return (
    <ol aria-label={`Progress of the return of ${ret.product.name}`} className="mt-3 space-y-2">
      {steps.map((step) => (
        <li key={step.label} className="flex gap-3">
          <span
            aria-hidden="true"
            className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${step.done ? 'bg-emerald-600 text-white' : 'border-2 border-slate-300 bg-white text-slate-500'}`}
          >
            {step.done ? '✓' : ''}
          </span>
          <p className={`text-sm ${step.done ? 'font-semibold text-slate-900' : 'text-slate-500'}`}>
            {step.label}
            {step.done && step.at ? (
              <time dateTime={step.at} className="block font-normal text-slate-600">
                <span className="sr-only">on </span>
                {formatDateTime(step.at)}
              </time>
            ) : (
              !step.done && <span className="sr-only">: not yet</span>
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** A return as a card shows it: the member's (with its photos and credit note), or one at /track (its photos counted). */
export type ReturnCardData = Omit<OrderReturn, 'photos' | 'creditNote'> &
  Partial<Pick<OrderReturn, 'photos' | 'creditNote'>> & { photoCount?: number };

/** The id of a return card's title, which its Cancel return button names. */
const titleId = (ret: { id: number }) => `return-${ret.id}-title`;

/** One return: what, why, what happens next, and its timeline; `cancel` while nobody has acted on it. */
function ReturnCard({ ret, cancel }: { ret: ReturnCardData; cancel?: ReactNode }) {
  return (
    <li className="p-4 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId(ret)} className="font-semibold break-words text-slate-900">
          {ret.quantity} × {ret.product.name}
        </h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ${TONES[ret.status] ?? 'bg-orange-50 text-orange-900 ring-orange-200'}`}
        >
          {ret.confirmBy && ret.status === 'requested' ? 'Awaiting your confirmation' : RETURN_STATUS_LABELS[ret.status]}
        </span>
      </div>
      {ret.confirmBy && ret.status === 'requested' && (
        <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          We have mailed a link to the order’s e-mail address. Open it by{' '}
          <time dateTime={ret.confirmBy}>{formatDateTime(ret.confirmBy)}</time> to send this request to {ret.vendor.name}; until then it is
          not a return, and after that it is dropped.
        </p>
      )}
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Reason</dt>
        <dd className="text-slate-900">
          {RETURN_REASON_LABELS[ret.reason]}
          {ret.details && <span className="block break-words text-slate-700">“{ret.details}”</span>}
        </dd>
        <dt className="text-slate-600">You asked for</dt>
        <dd className="text-slate-900">
          {ret.resolution === 'replacement' ? 'A replacement' : `A refund of ${formatPrice(ret.amount)}`}
          {ret.payoutTo && ` to your ${ret.payoutTo}`}
        </dd>
        {ret.pickup && (
          <>
            <dt className="text-slate-600">Pickup</dt>
            <dd className="text-slate-900">
              {ret.pickup.carrier} on {formatPickupDate(ret.pickup.date)}
            </dd>
          </>
        )}
        {ret.rejectionReason && (
          <>
            <dt className="text-slate-600">Why it was not accepted</dt>
            <dd className="break-words text-slate-900">{ret.rejectionReason}</dd>
          </>
        )}
        {ret.replacement && (
          <>
            <dt className="text-slate-600">Replacement</dt>
            <dd className="text-slate-900">
              Shipped with {ret.replacement.carrier}, tracking number{' '}
              <span className="font-mono break-all">{ret.replacement.trackingNumber}</span>
            </dd>
          </>
        )}
      </dl>
      {ret.photos && ret.photos.length > 0 && (
        <ul aria-label="Your photos" className="mt-2 flex flex-wrap gap-2">
          {ret.photos.map((photo, at) => (
            <li key={photo.id}>
              <img
                src={photo.url}
                alt={`Photo ${at + 1} sent with the return`}
                width={64}
                height={64}
                loading="lazy"
                className="size-16 rounded-lg border border-slate-200 object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      {!ret.photos && ret.photoCount ? (
        <p className="mt-2 text-sm text-slate-700">
          {ret.photoCount} {ret.photoCount === 1 ? 'photo' : 'photos'} sent with the return
        </p>
      ) : null}
      {ret.status === 'refunded' && ret.refundedAt && (
        <p className="mt-2 text-sm text-emerald-800">
          {formatPrice(ret.amount)} was refunded on {formatDate(ret.refundedAt)}. Refunds reach UPI in 1–3 business days and cards in 5–7.
        </p>
      )}
      {ret.creditNote && <CreditNoteLink creditNote={ret.creditNote} className="mt-2" />}
      <ReturnTimeline ret={ret} />
      {ret.status === 'requested' && cancel}
    </li>
  );
}

/** Cancel return, with what went wrong above it; named by its card's title. */
export function CancelReturnButton({
  ret,
  pending,
  error,
  onCancel,
}: {
  ret: { id: number };
  pending: boolean;
  error: Error | null;
  onCancel: () => void;
}) {
  return (
    <div className="mt-3">
      {error && (
        <p role="alert" className="mb-2 text-sm text-red-800">
          {errorMessage(error, 'The return could not be cancelled. Please try again.')}
        </p>
      )}
      <button
        type="button"
        className={buttonClass('secondary')}
        aria-describedby={titleId(ret)}
        aria-disabled={pending}
        onClick={() => {
          if (!pending) onCancel();
        }}
      >
        {pending ? 'Cancelling…' : 'Cancel return'}
      </button>
    </div>
  );
}

/** The member's Cancel return, on the signed-in order. */
export function MemberCancelReturn({ order, ret, onDone }: { order: Order; ret: OrderReturn; onDone: (message: string) => void }) {
  const cancel = useCancelReturn();
  return (
    <CancelReturnButton
      ret={ret}
      pending={cancel.isPending}
      error={cancel.error}
      onCancel={() =>
        cancel.mutate(
          { orderId: order.id, returnId: ret.id },
          { onSuccess: () => onDone(`Return of ${ret.product.name} cancelled; the item stays yours.`) },
        )
      }
    />
  );
}

/**
 * The order's returns, newest first, each with its progress from request to refund or
 * replacement; `cancel` gives a requested one its Cancel return. The heading takes the focus when
 * a return changes (id order-returns-heading).
 */
export function ReturnsSection<R extends ReturnCardData>({ returns, cancel }: { returns: readonly R[]; cancel: (ret: R) => ReactNode }) {
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby="order-returns-heading" className={card}>
      <h2 id="order-returns-heading" tabIndex={-1} className={`${cardHeading} px-4 pt-4 focus:outline-none sm:px-5`}>
        Returns
      </h2>
      <ul className="divide-y divide-slate-200">
        {returns.toReversed().map((ret) => (
          <ReturnCard key={ret.id} ret={ret} cancel={cancel(ret)} />
        ))}
      </ul>
    </section>
  );
}

/**
 * What a return's step says, and where the focus goes after it: `done(message)` announces the
 * message, and once the returns are drawn again their heading (ReturnsSection's) takes the focus,
 * where the new step shows. The order the API answered may reach the page a render after the
 * announcement: the focus waits for it. `announce` says a message and leaves the focus alone.
 */
export function useReturnsAnnouncement(): [announcement: string, done: (message: string) => void, announce: (message: string) => void] {
  const [announcement, setAnnouncement] = useState('');
  const focusReturns = useRef(false);
  useEffect(() => {
    const returns = focusReturns.current ? document.getElementById('order-returns-heading') : null;
    if (!returns) return;
    focusReturns.current = false;
    returns.focus();
  });
  const done = (message: string) => {
    setAnnouncement(message);
    focusReturns.current = true;
  };
  return [announcement, done, setAnnouncement];
}

/** The announcement of useReturnsAnnouncement: read out by screen readers, shown as a green line while there is one. */
export function ReturnsAnnouncement({ announcement, className = '' }: { announcement: string; className?: string }) {
  return (
    <div role="status" aria-live="polite">
      {announcement && (
        <p className={`${className} rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-semibold text-emerald-900`.trim()}>
          <span aria-hidden="true">✓ </span>
          {announcement}
        </p>
      )}
    </div>
  );
}
