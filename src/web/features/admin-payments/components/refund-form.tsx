import { useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, type ResolverResult, useForm, useWatch } from 'react-hook-form';
import { allocateRefund, mustNameInvoice, uninvoicedLeft } from '#shared/credit-notes.ts';
import { rupeesInWords } from '#shared/gst.ts';
import { formatPrice } from '#shared/money.ts';
import { describePayout, type PayoutDestination, PayoutDestinationSchema } from '#shared/schemas/orders.ts';
import { SelectField, TextAreaField, TextField } from '#web/components/form/form-fields.tsx';
import { FormActions } from '#web/components/form/form-layout.tsx';
import { CashPayoutFieldset, type PayoutValues, typedPayout } from '#web/components/form/payout-fields.tsx';
import type { AnnouncerTone } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage, type AdminPaymentDetail as Detail, type useRefundPayment } from '../api/admin-payments.ts';
import { methodName, rupeesToPaise } from '../utils/format.ts';

const REASON_MIN = 5;
const REASON_MAX = 500;

interface RefundFormProps {
  detail: Detail;
  /** paise still refundable */
  left: number;
  onRefunded: (message: string, tone?: AnnouncerTone) => void;
  onStart: () => void;
  refund: ReturnType<typeof useRefundPayment>;
}

/** Cash on Delivery adds the payout: where the money goes back. */
interface RefundValues extends PayoutValues {
  amount: string;
  reason: string;
  /** the invoice's id, "none" for money no invoice covers, or "" (not chosen) */
  against: string;
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
    if (reason.length < REASON_MIN)
      errors.reason = { type: 'validate', message: `Please give a reason of at least ${REASON_MIN} characters.` };
    // Which invoice the credit note is against: the same rule the server applies.
    const invoiceId = values.against === '' ? undefined : values.against === 'none' ? null : Number(values.against);
    if (amount !== undefined && !errors.amount) {
      const allocation = allocateRefund({ amount, left, invoices, against: invoiceId });
      if (!allocation.ok) {
        errors.against = {
          type: 'validate',
          message: invoiceId === undefined ? 'Choose the tax invoice this refund is against.' : `${allocation.message}.`,
        };
      }
    }
    // Cash paid on delivery goes back to an account the customer gives, checked as the server does.
    let payout: PayoutDestination | undefined;
    if (cash) {
      const parsed = PayoutDestinationSchema.safeParse(typedPayout(values));
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
      .map((invoice) => ({
        value: String(invoice.id),
        label: `${invoice.number} from ${invoice.seller}: ${formatPrice(invoice.creditable)} left to credit`,
      })),
    ...(uninvoiced > 0
      ? [{ value: 'none', label: `No invoice: goods not yet shipped or the delivery charge, up to ${formatPrice(uninvoiced)}` }]
      : []),
  ];
}

/**
 * Amount in rupees (typed: nothing is filled in, so a refund of everything is never one click
 * away) and a reason, checked here before the server sees them; then the refund is confirmed
 * with its amount in rupees and where the money goes before it is sent.
 */
export function RefundForm({ detail, left, onRefunded, onStart, refund }: RefundFormProps) {
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
          const notes = updated.order.invoices.flatMap((invoice) =>
            invoice.creditNotes.filter((note) => !before.has(note.id)).map((note) => note.number),
          );
          onRefunded(
            `Refunded ${formatPrice(amount)} for order ${payment.orderNumber}.` +
              (notes.length > 0 ? ` Credit note ${notes.join(', ')} issued.` : '') +
              (full && orderChanged ? ` The order is now ${updated.order.displayStatus}.` : '') +
              (updated.payment.amount - updated.payment.refundedAmount > 0
                ? ` ${formatPrice(updated.payment.amount - updated.payment.refundedAmount)} is left to refund.`
                : ''),
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
          {serverError ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {serverError}
            </p>
          ) : null}
          <div className="mt-3 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              ref={confirmRef}
              className={buttonClass('primary')}
              aria-disabled={refund.isPending}
              onClick={() => send(confirming)}
            >
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
          <TextField
            form={form}
            name="amount"
            label="Amount to refund (₹)"
            hint={`At most ${formatPrice(left)}`}
            inputMode="decimal"
            autoComplete="off"
            className="max-w-xs"
          />
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
        {cash && <CashPayoutFieldset form={form} payoutKind={payoutKind} legend="Pay the cash back to the customer’s" whose="customer" />}
        <TextAreaField
          form={form}
          name="reason"
          label="Reason for the refund"
          hint={`Kept in the audit history (and printed on any credit note); at least ${REASON_MIN} characters.`}
          rows={3}
          maxLength={REASON_MAX}
        />
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
