import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { type FieldErrors, type Resolver, type ResolverResult, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { allocateRefund, mustNameInvoice, uninvoicedLeft } from '#shared/credit-notes.ts';
import { formatPrice } from '#shared/money.ts';
import type { AuditEntry } from '#shared/schemas/admin.ts';
import { rupeesInWords } from '#shared/gst.ts';
import { describePayout, PaymentDetailsSchema, type PayoutDestination, PayoutDestinationSchema } from '#shared/schemas/orders.ts';
import { Announcer, type AnnouncerTone } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { FormActions, SelectField, TextAreaField, TextField } from '#web/components/form/form-fields.tsx';
import { CreditNoteLink, InvoiceLink } from '#web/components/ui/invoice-link.tsx';
import { Loading } from '#web/components/ui/loading.tsx';
import { BankOfferLine } from '#web/components/ui/order-totals.tsx';
import { paths } from '#web/config/paths.ts';
import { errorMessage, isNotFound, useAdminPayment, useRefundPayment, type AdminPaymentDetail as Detail } from '../api/admin-payments.ts';
import { useRetryQueuedRefund } from '../api/retry-queued-refund.ts';
import { formatDateTime, maskedDetails, methodName, rupeesToPaise } from '../utils/format.ts';
import { PaymentStatusBadge } from './payment-ui.tsx';
import { QueuedRefunds } from './queued-refunds.tsx';
import { AuditChangesTable } from '#web/components/audit/audit-changes-table.tsx';
import { auditActionName } from '#web/components/audit/audit-changes.ts';

const LIST_PATH = paths.adminPayments();
const REASON_MIN = 5;
const REASON_MAX = 500;

function BackLink() {
  return (
    <Link to={LIST_PATH} className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All payments
    </Link>
  );
}

/**
 * One payment: its details, order, refunds (made, and waiting for the gateway) and audit history,
 * and a refund form while money is left to refund.
 */
const amountRow = 'flex items-baseline justify-between gap-3';

/**
 * The order's total and its lines, then the bank's offer on the card and what this payment took:
 * subtotal − coupon + delivery = order total (the invoices' value); order total − bank offer =
 * what the card was charged.
 */
function OrderAmounts({ order, payment }: { order: Detail['order']; payment: Detail['payment'] }) {
  const parsed = PaymentDetailsSchema.shape.offer.safeParse(payment.details.offer);
  const offer = parsed.success ? parsed.data : undefined;
  return (
    <dl className="mt-2 space-y-1 border-t border-slate-300 pt-2 text-sm text-slate-900">
      <div className={amountRow}>
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="whitespace-nowrap">{formatPrice(order.subtotal)}</dd>
      </div>
      {order.discount > 0 && (
        <div className={amountRow}>
          <dt className="min-w-0 break-all text-slate-600">Coupon {order.couponCode}</dt>
          <dd className="whitespace-nowrap">−{formatPrice(order.discount)}</dd>
        </div>
      )}
      <div className={amountRow}>
        <dt className="text-slate-600">Delivery</dt>
        <dd className="whitespace-nowrap">{order.shipping === 0 ? 'Free' : formatPrice(order.shipping)}</dd>
      </div>
      <div className={`${amountRow} text-base font-semibold`}>
        <dt>Order total</dt>
        <dd className="whitespace-nowrap">{formatPrice(order.total)}</dd>
      </div>
      {offer && (
        <>
          <BankOfferLine offer={offer} />
          <div className={`${amountRow} border-t border-slate-200 pt-1 font-semibold`}>
            <dt>Charged to the card</dt>
            <dd className="whitespace-nowrap">{formatPrice(order.total - offer.discount)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

export default function AdminPaymentDetail({ id }: { id: number }) {
  const { data, isPending, isError, error, refetch, dataUpdatedAt } = useAdminPayment(id);
  // The mutations live here, not in the form and the queue: the form is remounted with fresh
  // defaults after each refund, the queue goes once its last refund is made, and the mutations'
  // callbacks must still run.
  const refund = useRefundPayment();
  const retry = useRetryQueuedRefund();
  const [announcement, setAnnouncement] = useState<{ message: string; tone: AnnouncerTone }>({ message: '', tone: 'success' });
  const announce = (message: string, tone: AnnouncerTone = 'success') => setAnnouncement({ message, tone });
  const refundsHeadingRef = useRef<HTMLHeadingElement>(null);

  if (isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl">
        <BackLink />
        <Loading label="Loading the payment…" />
      </div>
    );
  }

  if (isError) {
    return (
      <div className="mx-auto w-full max-w-5xl">
        <title>{isNotFound(error) ? 'Payment not found · Admin' : 'Payment · Admin'}</title>
        <BackLink />
        {isNotFound(error) ? (
          <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
            <h1 className="text-2xl font-bold text-slate-900">Payment not found</h1>
            <p className="mt-1 text-slate-600">There is no payment {id}. It may have been mistyped; find it in the list of all payments.</p>
          </div>
        ) : (
          <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
            <p className="font-semibold">We could not load the payment.</p>
            <p className="mt-1 text-sm wrap-break-word">{errorMessage(error, 'Please check your internet connection and try again.')}</p>
            <button type="button" className={`${buttonClass('secondary')} mt-3`} onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        )}
      </div>
    );
  }

  const { payment, order, refunds, queuedRefunds, audit } = data;
  const queuedAmount = queuedRefunds.reduce((sum, item) => sum + item.amount, 0);
  const masked = maskedDetails(payment);
  const left = Math.max(0, payment.amount - payment.refundedAmount);
  const refundable = (payment.status === 'captured' || payment.status === 'partially_refunded') && left > 0;

  return (
    <div className="mx-auto w-full max-w-5xl">
      <title>{`Payment ${id} · Admin`}</title>
      <BackLink />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Payment {id}</h1>
        <PaymentStatusBadge status={payment.status} abandoned={payment.abandoned} />
      </div>
      <p className="mt-1 text-slate-600">
        For order <span className="font-semibold text-slate-900">{payment.orderNumber}</span>, {formatDateTime(payment.createdAt)}
      </p>

      <Announcer message={announcement.message} tone={announcement.tone} className="mt-4" />

      <div className="mt-6 grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title="Payment">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)]">
            <Row label="Order number">{payment.orderNumber}</Row>
            <Row label="Customer">
              <span className="block wrap-break-word">{payment.customer.name}</span>
              <span className="block text-sm break-all text-slate-600">{payment.customer.email}</span>
            </Row>
            <Row label="Method">
              {methodName(payment.method)}
              {masked && <span className="block text-sm break-all text-slate-600">{masked}</span>}
            </Row>
            <Row label="Provider reference">
              <span className="font-mono text-sm break-all">{payment.reference}</span>
            </Row>
            <Row label="Status">
              <PaymentStatusBadge status={payment.status} abandoned={payment.abandoned} />
            </Row>
            <Row label="Amount">{formatPrice(payment.amount)}</Row>
            <Row label="Refunded">
              {formatPrice(payment.refundedAmount)}
              {queuedAmount > 0 && (
                <span className="block text-sm text-amber-900">
                  {queuedAmount === payment.refundedAmount ? 'all of it' : `including ${formatPrice(queuedAmount)}`} waiting for the gateway
                </span>
              )}
            </Row>
            {payment.failureReason !== null && <Row label="Failure reason">{payment.failureReason}</Row>}
          </dl>
        </Section>

        <Section title="Order">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)]">
            <Row label="Number">{order.number}</Row>
            <Row label="Status">{order.displayStatus}</Row>
          </dl>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Items</h3>
          <ul className="mt-2 divide-y divide-slate-200 text-sm">
            {order.items.map((item, index) => (
              <li key={`${item.name}-${index}`} className="flex items-baseline justify-between gap-3 py-2">
                <span className="min-w-0 wrap-break-word text-slate-900">
                  {item.name} <span className="whitespace-nowrap text-slate-600">× {item.quantity}</span>
                </span>
                <span className="whitespace-nowrap text-slate-900">{formatPrice(item.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <OrderAmounts order={order} payment={payment} />
          {order.invoices.length > 0 && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-slate-900">Tax invoices</h3>
              <ul className="mt-2 space-y-1.5">
                {order.invoices.map((invoice) => (
                  <li key={invoice.id} className="text-sm text-slate-700">
                    <InvoiceLink invoice={invoice} /> <span className="wrap-break-word">from {invoice.seller}</span>
                    {invoice.creditNotes.length > 0 && (
                      <>
                        <span className="block text-slate-600">{formatPrice(invoice.creditable)} of {formatPrice(invoice.total)} left to credit</span>
                        <ul className="mt-1 space-y-1 pl-5">
                          {invoice.creditNotes.map((note) => (
                            <li key={note.id}>
                              <CreditNoteLink creditNote={note} />
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Section>
      </div>

      {queuedRefunds.length > 0 && (
        <QueuedRefunds
          refunds={queuedRefunds}
          fetchedAt={dataUpdatedAt}
          retry={retry}
          onStart={() => announce('')}
          onRetried={({ message, made }) => {
            announce(message, made ? 'success' : 'warning');
            // A made refund leaves the queue (its button with it) for the list below.
            if (made) refundsHeadingRef.current?.focus();
          }}
        />
      )}

      {refundable && (
        <RefundForm
          key={`${payment.refundedAmount}-${payment.status}`}
          detail={data}
          left={left}
          refund={refund}
          onRefunded={announce}
          onStart={() => announce('')}
        />
      )}

      <Section title="Refunds" className="mt-6" headingRef={refundsHeadingRef}>
        {refunds.length === 0 ? (
          <p className="text-sm text-slate-600">{queuedRefunds.length > 0 ? 'The gateway has made no refund yet.' : 'Nothing has been refunded.'}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {refunds.map((item) => (
              <li key={item.reference} className="py-3 text-sm">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold text-slate-900">{formatPrice(item.amount)}</span>
                  <span className="text-slate-600">{formatDateTime(item.createdAt)}</span>
                </p>
                <p className="mt-1 wrap-break-word text-slate-800">{item.reason}</p>
                <p className="mt-1 text-xs break-all text-slate-600">Reference {item.reference}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Audit history" className="mt-6">
        <AuditHistory entries={audit} />
      </Section>
    </div>
  );
}

function Section({ title, className = '', headingRef, children }: { title: string; className?: string; headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 ${className}`}>
      <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="-mt-2 min-w-0 wrap-break-word text-slate-900 sm:mt-0">{children}</dd>
    </>
  );
}

function AuditHistory({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">No admin has changed this payment yet.</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {entries.map((entry) => (
        <li key={entry.id} className="py-3 text-sm">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold text-slate-900">{auditActionName(entry.action)}</span>
            <span className="text-slate-600">{formatDateTime(entry.createdAt)}</span>
          </p>
          <p className="mt-1 break-all text-slate-700">By {entry.actor.name ? `${entry.actor.name} (${entry.actor.email})` : entry.actor.email}</p>
          {entry.reason && <p className="mt-1 wrap-break-word text-slate-800">Reason: {entry.reason}</p>}
          <div className="mt-1 overflow-x-auto">
            <AuditChangesTable before={entry.before} after={entry.after} caption={`${auditActionName(entry.action)}: fields before and after`} />
          </div>
        </li>
      ))}
    </ul>
  );
}

interface RefundFormProps {
  detail: Detail;
  /** paise still refundable */
  left: number;
  onRefunded: (message: string, tone?: AnnouncerTone) => void;
  onStart: () => void;
  refund: ReturnType<typeof useRefundPayment>;
}

interface RefundValues {
  amount: string;
  reason: string;
  /** the invoice's id, "none" for money no invoice covers, or "" (not chosen) */
  against: string;
  /** Cash on Delivery: where the money goes back */
  payoutKind: 'upi' | 'bank';
  upi: string;
  holder: string;
  accountNumber: string;
  ifsc: string;
}

/** The refund as typed, checked before the server sees it: an amount in rupees up to what is left, a reason, the invoice it is credited against, and for cash a UPI ID or bank account. */
type RefundFields = { amount: number; reason: string; invoiceId?: number | null; payout?: PayoutDestination };

type Invoices = Detail['order']['invoices'];

function refundResolver(left: number, invoices: Invoices, cash: boolean): Resolver<RefundValues, unknown, RefundFields> {
  return (values): ResolverResult<RefundValues, RefundFields> => {
    const amount = rupeesToPaise(values.amount);
    const reason = values.reason.trim();
    const errors: FieldErrors<RefundValues> = {};
    if (amount === undefined) errors.amount = { type: 'validate', message: 'Enter the amount in rupees, for example 1500 or 1499.50.' };
    else if (amount <= 0) errors.amount = { type: 'validate', message: 'The amount must be more than ₹0.' };
    else if (amount > left) errors.amount = { type: 'validate', message: `You can refund at most ${formatPrice(left)}.` };
    if (reason.length < REASON_MIN) errors.reason = { type: 'validate', message: `Please give a reason of at least ${REASON_MIN} characters.` };
    // Which invoice the credit note is against: the same rule the server applies.
    const invoiceId = values.against === '' ? undefined : values.against === 'none' ? null : Number(values.against);
    if (amount !== undefined && !errors.amount) {
      const allocation = allocateRefund({ amount, left, invoices, against: invoiceId });
      if (!allocation.ok) {
        errors.against = { type: 'validate', message: invoiceId === undefined ? 'Choose the tax invoice this refund is against.' : `${allocation.message}.` };
      }
    }
    // Cash paid on delivery goes back to an account the customer gives, checked as the server does.
    let payout: PayoutDestination | undefined;
    if (cash) {
      const typedPayout = values.payoutKind === 'upi' ? { upi: values.upi } : { holder: values.holder, accountNumber: values.accountNumber, ifsc: values.ifsc };
      const parsed = PayoutDestinationSchema.safeParse(typedPayout);
      if (parsed.success) payout = parsed.data;
      else {
        const problems = parsed.error.issues.filter((issue) => issue.path.length === 1);
        const fields = values.payoutKind === 'upi' ? (['upi'] as const) : (['holder', 'accountNumber', 'ifsc'] as const);
        for (const field of fields) {
          const problem = problems.find((issue) => issue.path[0] === field);
          if (problem) errors[field] = { type: 'validate', message: problem.message };
        }
        if (fields.every((field) => !errors[field])) errors[fields[0]] = { type: 'validate', message: 'Please check the account details.' };
      }
    }
    if (amount === undefined || errors.amount || errors.reason || errors.against || (cash && !payout)) return { values: {}, errors };
    return { values: { amount, reason, invoiceId, ...(payout ? { payout } : {}) }, errors: {} };
  };
}

/** The choices of invoice for a refund: each invoice with something left to credit, and money no invoice covers. */
function againstOptions(left: number, invoices: Invoices) {
  const uninvoiced = uninvoicedLeft(left, invoices);
  return [
    ...invoices
      .filter((invoice) => invoice.creditable > 0)
      .map((invoice) => ({ value: String(invoice.id), label: `${invoice.number} from ${invoice.seller}: ${formatPrice(invoice.creditable)} left to credit` })),
    ...(uninvoiced > 0 ? [{ value: 'none', label: `No invoice: goods not yet shipped or the delivery charge, up to ${formatPrice(uninvoiced)}` }] : []),
  ];
}

/**
 * Amount in rupees (typed: nothing is filled in, so a refund of everything is never one click
 * away) and a reason, checked here before the server sees them; then the refund is confirmed
 * with its amount in rupees and where the money goes before it is sent.
 */
function RefundForm({ detail, left, onRefunded, onStart, refund }: RefundFormProps) {
  const ids = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RefundFields | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const amountBoxRef = useRef<HTMLDivElement>(null);
  const { payment, order } = detail;
  const cash = payment.method === 'cod';
  const form = useForm<RefundValues, unknown, RefundFields>({
    resolver: refundResolver(left, order.invoices, cash),
    defaultValues: { amount: '', reason: '', against: '', payoutKind: 'upi', upi: '', holder: '', accountNumber: '', ifsc: '' },
  });
  const payoutKind = useWatch({ control: form.control, name: 'payoutKind' });
  const typed = rupeesToPaise(useWatch({ control: form.control, name: 'amount' }));
  const askAgainst = mustNameInvoice(left, order.invoices);
  const soleInvoice = order.invoices.find((invoice) => invoice.creditable > 0);

  // Checked: ask to confirm. The focus goes to the confirmation, and back to the amount from it.
  const submit = form.handleSubmit((fields) => {
    setServerError(null);
    setConfirming(fields);
  });
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) amountBoxRef.current?.querySelector('input')?.focus();
    wasConfirming.current = confirming !== null;
  }, [confirming]);

  const back = () => setConfirming(null);

  const send = ({ amount, reason, invoiceId, payout }: RefundFields) => {
    if (refund.isPending) return;
    setServerError(null);
    onStart();
    const full = amount === left;
    refund.mutate(
      { id: payment.id, amount, reason, invoiceId, payout },
      {
        onSuccess: (updated) => {
          const orderChanged = updated.order.status !== order.status;
          // Claimed but refused by the gateway for now: it is queued, and the page shows it so.
          const queued = updated.queuedRefunds.find((item) => !detail.queuedRefunds.some((before) => before.jobId === item.jobId));
          if (queued) {
            onRefunded(
              `The refund of ${formatPrice(amount)} for order ${payment.orderNumber} is taken off what is left, but the gateway has not made it yet` +
                (queued.lastError ? ` (${queued.lastError})` : '') +
                '. It is listed under “Refunds waiting for the gateway” and will be tried again automatically.',
              'warning',
            );
            return;
          }
          const before = new Set(order.invoices.flatMap((invoice) => invoice.creditNotes.map((note) => note.id)));
          const notes = updated.order.invoices.flatMap((invoice) => invoice.creditNotes.filter((note) => !before.has(note.id)).map((note) => note.number));
          onRefunded(
            `Refunded ${formatPrice(amount)} for order ${payment.orderNumber}.` +
              (notes.length > 0 ? ` Credit note ${notes.join(', ')} issued.` : '') +
              (full && orderChanged ? ` The order is now ${updated.order.displayStatus}.` : '') +
              (updated.payment.amount - updated.payment.refundedAmount > 0 ? ` ${formatPrice(updated.payment.amount - updated.payment.refundedAmount)} is left to refund.` : ''),
          );
        },
        onError: (error) => {
          setConfirming(null);
          setServerError(errorMessage(error, 'The refund was not made. Please check your connection and try again.'));
        },
      },
    );
  };
  const destination = (fields: RefundFields) =>
    fields.payout ? `the customer’s ${describePayout(fields.payout)}` : `the original ${methodName(payment.method)} payment`;

  return (
    <section aria-labelledby={`${ids}-heading`} className="mt-6 min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        Refund
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {formatPrice(left)} is left to refund. A full refund of an order that has not shipped also cancels the order.
        {!askAgainst && soleInvoice && ` A GST credit note against tax invoice ${soleInvoice.number} goes out with the refund.`}
      </p>
      {confirming && (
        <div role="group" aria-labelledby={`${ids}-confirm`} className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p id={`${ids}-confirm`} className="text-sm text-amber-950">
            <strong className="font-semibold">
              Refund {formatPrice(confirming.amount)} ({rupeesInWords(confirming.amount)}) for order {payment.orderNumber}?
            </strong>{' '}
            It goes to {destination(confirming)}
            {confirming.amount === left ? ', and is everything left on this payment' : ''}. A refund cannot be undone.
          </p>
          {serverError ? <p role="alert" className="mt-2 text-sm text-red-800">{serverError}</p> : null}
          <div className="mt-3 flex flex-col gap-3 sm:flex-row">
            <button type="button" ref={confirmRef} className={buttonClass('primary')} aria-disabled={refund.isPending} onClick={() => send(confirming)}>
              {refund.isPending ? 'Refunding…' : `Yes, refund ${formatPrice(confirming.amount)}`}
            </button>
            <button type="button" className={buttonClass('secondary')} onClick={back} disabled={refund.isPending}>
              Change the refund
            </button>
          </div>
        </div>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} className={`mt-4 space-y-4 ${confirming ? 'hidden' : ''}`}>
        <div ref={amountBoxRef}>
          <TextField form={form} name="amount" label="Amount to refund (₹)" hint={`At most ${formatPrice(left)}`} inputMode="decimal" autoComplete="off" className="max-w-xs" />
        </div>
        {askAgainst && (
          <SelectField
            form={form}
            name="against"
            label="Credit note against"
            hint="Money refunded on shipped goods goes out with a GST credit note against their invoice. A refund of everything left needs no choice: each invoice is credited with what is left on it."
            placeholder="Choose the invoice"
            options={againstOptions(left, order.invoices)}
            className="max-w-xl"
          />
        )}
        {cash && (
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-900">Pay the cash back to the customer’s</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" value="upi" {...form.register('payoutKind')} className="size-4 accent-brand-600" /> UPI ID
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="bank" {...form.register('payoutKind')} className="size-4 accent-brand-600" /> Bank account
              </label>
            </div>
            {payoutKind === 'upi' ? (
              <TextField form={form} name="upi" label="Customer’s UPI ID" hint="Like name@okhdfcbank" autoComplete="off" className="max-w-sm" />
            ) : (
              <div className="grid gap-3 sm:grid-cols-3">
                <TextField form={form} name="holder" label="Account holder" autoComplete="off" />
                <TextField form={form} name="accountNumber" label="Account number" inputMode="numeric" autoComplete="off" />
                <TextField form={form} name="ifsc" label="IFSC" autoComplete="off" />
              </div>
            )}
          </fieldset>
        )}
        <TextAreaField form={form} name="reason" label="Reason for the refund" hint={`Kept in the audit history (and printed on any credit note); at least ${REASON_MIN} characters.`} rows={3} maxLength={REASON_MAX} />
        <FormActions
          submitLabel={typed !== undefined && typed > 0 ? `Review the refund of ${formatPrice(typed)}` : 'Review the refund'}
          pendingLabel="Refunding…"
          pending={refund.isPending}
          error={serverError}
        />
      </form>
    </section>
  );
}
