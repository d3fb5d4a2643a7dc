import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { addDays, indiaDate } from '#shared/india-time.ts';
import { formatPrice } from '#shared/money.ts';
import {
  formatPickupDate,
  nextReturnActions,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnAction,
  type ReturnStatus,
} from '#shared/returns.ts';
import { PAYMENT_METHOD_NAMES } from '#shared/schemas/orders.ts';
import type { ManagedReturn } from '#shared/schemas/returns.ts';
import { type AnnouncerTone } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlClassName, labelClassName } from '#web/components/ui/field.tsx';
import { CreditNoteLink } from '#web/components/ui/invoice-link.tsx';
import { errorMessage, fieldIssues } from '#web/lib/api-client.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { type ReturnsArea, useReturnStep } from '../api/returns.ts';

/** Today in India, as a date input wants it. */
const todayInIndia = () => indiaDate(new Date());
const inIndia = (days: number) => addDays(todayInIndia(), days);

const ACTION_LABELS: Record<ReturnAction, string> = {
  approve: 'Approve and schedule pickup',
  reject: 'Reject',
  'picked-up': 'Mark picked up',
  receive: 'Mark received',
  'ship-replacement': 'Ship replacement',
};

const STATUS_TONE: Partial<Record<ReturnStatus, string>> = {
  requested: 'bg-amber-50 text-amber-900 ring-amber-300',
  refunded: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  replacement_shipped: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-slate-100 text-slate-700 ring-slate-300',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 wrap-break-word text-slate-900">{children}</dd>
    </>
  );
}

/** One return: its line, reason, status and dates, and the next steps the seller or admin may take. */
export function ReturnItem({
  area,
  ret,
  onDone,
}: {
  area: ReturnsArea;
  ret: ManagedReturn;
  onDone: (text: string, tone?: AnnouncerTone) => void;
}) {
  const id = useId();
  const step = useReturnStep(area);
  const [open, setOpen] = useState<ReturnAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const actions = nextReturnActions(ret.status, ret.resolution);
  const what = `${ret.quantity} × ${ret.product.name}`;
  const cash = ret.paymentMethod === 'cod';

  // A form opened: its first field takes the focus.
  useEffect(() => {
    if (open) formRef.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, [open]);

  function run(action: ReturnAction, body?: unknown) {
    if (step.isPending) return;
    setError(null);
    step.mutate(
      { id: ret.id, action, body },
      {
        onSuccess: (after) => {
          setOpen(null);
          const done: Record<ReturnAction, string> = {
            approve: `Return of ${what} (${ret.orderNumber}) approved; pickup by ${after.pickup?.carrier} on ${after.pickup ? formatPickupDate(after.pickup.date) : ''}.`,
            reject: `Return of ${what} (${ret.orderNumber}) rejected; the customer has been told why.`,
            'picked-up': `Return of ${what} (${ret.orderNumber}) marked picked up.`,
            receive:
              after.status === 'refunded'
                ? `Return of ${what} (${ret.orderNumber}) received${after.restocked ? ' and back in stock' : ''}; ${formatPrice(after.amount)} refunded${after.creditNote ? ` with credit note ${after.creditNote.number}` : ''}.`
                : `Return of ${what} (${ret.orderNumber}) received${after.restocked ? ' and back in stock' : ''}; ship the replacement next.`,
            'ship-replacement': `Replacement of ${what} (${ret.orderNumber}) shipped with ${after.replacement?.carrier}.`,
          };
          onDone(done[action]);
          headingRef.current?.focus();
        },
        onError: (failure) => {
          const issues = fieldIssues(failure);
          setError(
            issues.length > 0
              ? issues.map((issue) => issue.message).join('. ')
              : errorMessage(failure, 'That did not work. Please check your connection and try again.'),
          );
        },
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    if (open === 'approve') {
      if (text('carrier').length < 2 || !text('pickupDate')) return setError('Please enter the pickup carrier and date.');
      run('approve', { carrier: text('carrier'), pickupDate: text('pickupDate') });
    } else if (open === 'reject') {
      if (text('reason').length < 10) return setError('Please give the reason in at least 10 characters.');
      run('reject', { reason: text('reason') });
    } else if (open === 'receive') {
      const restock = form.get('restock');
      if (restock === null) return setError('Please say whether the item goes back to stock.');
      run('receive', { restock: restock === 'yes' });
    } else if (open === 'ship-replacement') {
      if (text('carrier').length < 2 || !/^[A-Za-z0-9-]{4,40}$/.test(text('trackingNumber')))
        return setError('Please enter the carrier and a tracking number of 4–40 letters, digits or -.');
      run('ship-replacement', { carrier: text('carrier'), trackingNumber: text('trackingNumber') });
    }
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <article aria-labelledby={`${id}-title`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2
              id={`${id}-title`}
              ref={headingRef}
              tabIndex={-1}
              className="font-semibold wrap-break-word text-slate-900 focus:outline-none"
            >
              {what}
            </h2>
            <p className="text-sm text-slate-600">
              Order {ret.orderNumber} · {ret.customer.name}
              {area === 'admin' && ` · sold by ${ret.vendor.name}`} · asked{' '}
              <time dateTime={ret.requestedAt}>{formatDateTime(ret.requestedAt)}</time>
            </p>
          </div>
          <span
            className={`rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ${STATUS_TONE[ret.status] ?? 'bg-blue-50 text-blue-800 ring-blue-200'}`}
          >
            {RETURN_STATUS_LABELS[ret.status]}
          </span>
        </div>
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <Row label="Reason">
            {RETURN_REASON_LABELS[ret.reason]}
            {ret.details && <span className="block text-slate-700">“{ret.details}”</span>}
          </Row>
          <Row label="Customer wants">
            {ret.resolution === 'replacement' ? 'A replacement' : `A refund of ${formatPrice(ret.amount)}`}
            {ret.lineQuantity > 1 && ` (${ret.quantity} of ${ret.lineQuantity} bought)`}
          </Row>
          <Row label="Paid by">
            {ret.paymentMethod ? PAYMENT_METHOD_NAMES[ret.paymentMethod] : '—'}
            {cash && ret.payoutTo && `; refund to ${ret.payoutTo}`}
          </Row>
          {ret.pickup && <Row label="Pickup">{`${ret.pickup.carrier} on ${formatPickupDate(ret.pickup.date)}`}</Row>}
          {ret.rejectionReason && <Row label="Rejected because">{ret.rejectionReason}</Row>}
          {ret.restocked !== null && (
            <Row label="On receipt">{ret.restocked ? 'Back to stock (unopened)' : 'Not back to stock (damaged)'}</Row>
          )}
          {ret.refundedAt && <Row label="Refunded">{`${formatPrice(ret.amount)} on ${formatDate(ret.refundedAt)}`}</Row>}
          {ret.replacement && (
            <Row label="Replacement">{`${ret.replacement.carrier}, tracking number ${ret.replacement.trackingNumber}`}</Row>
          )}
        </dl>
        {ret.photos.length > 0 && (
          <ul aria-label="Customer’s photos" className="mt-3 flex flex-wrap gap-2">
            {ret.photos.map((photo, at) => (
              <li key={photo.id}>
                <a
                  href={photo.url}
                  target="_blank"
                  rel="noreferrer"
                  className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <img
                    src={photo.url}
                    alt={`Customer’s photo ${at + 1} of ${ret.product.name} (opens in a new tab)`}
                    width={80}
                    height={80}
                    loading="lazy"
                    className="size-20 rounded-lg border border-slate-200 object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        {ret.creditNote && <CreditNoteLink creditNote={ret.creditNote} className="mt-3" />}

        {error && (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}

        {open ? (
          <form
            ref={formRef}
            noValidate
            onSubmit={submit}
            aria-label={`${ACTION_LABELS[open]}: ${what}`}
            className="mt-3 space-y-3 border-t border-slate-200 pt-3"
          >
            {open === 'approve' && (
              <div className="grid gap-3 sm:grid-cols-2">
                <div>
                  <label htmlFor={`${id}-carrier`} className={labelClassName}>
                    Pickup carrier
                  </label>
                  <input id={`${id}-carrier`} name="carrier" defaultValue="" autoComplete="off" className={controlClassName} />
                </div>
                <div>
                  <label htmlFor={`${id}-date`} className={labelClassName}>
                    Pickup date
                  </label>
                  <input
                    id={`${id}-date`}
                    name="pickupDate"
                    type="date"
                    defaultValue={todayInIndia()}
                    min={todayInIndia()}
                    max={inIndia(14)}
                    className={controlClassName}
                  />
                </div>
              </div>
            )}
            {open === 'reject' && (
              <div>
                <label htmlFor={`${id}-reason`} className={labelClassName}>
                  Why the return is rejected
                </label>
                <p id={`${id}-reason-hint`} className="text-sm text-slate-600">
                  The customer is mailed this; at least 10 characters.
                </p>
                <textarea
                  id={`${id}-reason`}
                  name="reason"
                  rows={3}
                  maxLength={1000}
                  aria-describedby={`${id}-reason-hint`}
                  className={controlClassName}
                />
              </div>
            )}
            {open === 'receive' && (
              <fieldset>
                <legend className="text-sm font-medium text-slate-900">Can the item be sold again?</legend>
                <div className="mt-2 flex flex-col gap-1 text-sm">
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="radio" name="restock" value="yes" className="size-4 accent-brand-600" /> Yes: unopened, back to stock
                  </label>
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="radio" name="restock" value="no" className="size-4 accent-brand-600" /> No: damaged or opened, not back to
                    stock
                  </label>
                </div>
                {ret.resolution === 'refund' && (
                  <p className="mt-2 text-sm text-slate-700">
                    Marking it received refunds {formatPrice(ret.amount)}{' '}
                    {cash && ret.payoutTo ? `to the customer’s ${ret.payoutTo}` : 'to the customer’s original payment'} at once, with a GST
                    credit note.
                  </p>
                )}
              </fieldset>
            )}
            {open === 'ship-replacement' && (
              <div className="grid gap-3 sm:grid-cols-2">
                <div>
                  <label htmlFor={`${id}-ship-carrier`} className={labelClassName}>
                    Carrier
                  </label>
                  <input id={`${id}-ship-carrier`} name="carrier" autoComplete="off" className={controlClassName} />
                </div>
                <div>
                  <label htmlFor={`${id}-tracking`} className={labelClassName}>
                    Tracking number
                  </label>
                  <input id={`${id}-tracking`} name="trackingNumber" autoComplete="off" className={controlClassName} />
                </div>
              </div>
            )}
            <div className="flex flex-col gap-3 sm:flex-row">
              <button type="submit" className={buttonClass(open === 'reject' ? 'secondary' : 'primary')} aria-disabled={step.isPending}>
                {step.isPending
                  ? 'Saving…'
                  : open === 'receive' && ret.resolution === 'refund'
                    ? `Mark received and refund ${formatPrice(ret.amount)}`
                    : ACTION_LABELS[open]}
              </button>
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => {
                  setOpen(null);
                  setError(null);
                }}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : (
          actions.length > 0 && (
            <div className="mt-3 flex flex-wrap gap-3 border-t border-slate-200 pt-3">
              {actions.map((action) =>
                action === 'picked-up' ? (
                  <button
                    key={action}
                    type="button"
                    className={buttonClass('primary')}
                    aria-disabled={step.isPending}
                    aria-describedby={`${id}-title`}
                    onClick={() => run(action)}
                  >
                    {step.isPending ? 'Saving…' : ACTION_LABELS[action]}
                  </button>
                ) : (
                  <button
                    key={action}
                    type="button"
                    className={buttonClass(action === 'reject' ? 'secondary' : 'primary')}
                    aria-describedby={`${id}-title`}
                    onClick={() => {
                      setError(null);
                      setOpen(action);
                    }}
                  >
                    {action === 'approve' ? 'Approve' : ACTION_LABELS[action]}
                  </button>
                ),
              )}
            </div>
          )
        )}
      </article>
    </li>
  );
}
