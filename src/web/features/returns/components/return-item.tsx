import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatPrice } from '#shared/money.ts';
import { nextReturnActions, RETURN_STATUS_LABELS, type ReturnAction, type ReturnStatus } from '#shared/returns.ts';
import type { ManagedReturn } from '#shared/schemas/returns.ts';
import { type AnnouncerTone } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { CreditNoteLink } from '#web/components/ui/invoice-link.tsx';
import { errorMessage, fieldIssues } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { type ReturnsArea, useReturnStep } from '../api/returns.ts';
import { ReturnFacts } from './return-facts.tsx';
import { ReturnStepFields } from './return-step-fields.tsx';
import { ACTION_LABELS, doneMessage, readStepForm } from './return-steps.ts';

const STATUS_TONE: Partial<Record<ReturnStatus, string>> = {
  requested: 'bg-amber-50 text-amber-900 ring-amber-300',
  refunded: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  replacement_shipped: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-slate-100 text-slate-700 ring-slate-300',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

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
          onDone(doneMessage(action, ret, after));
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
    if (!open) return;
    const request = readStepForm(open, new FormData(event.currentTarget));
    if (request === null) return;
    if ('error' in request) setError(request.error);
    else run(open, request.body);
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
        <ReturnFacts ret={ret} />
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
            <ReturnStepFields open={open} ret={ret} idPrefix={id} />
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
