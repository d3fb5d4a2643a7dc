import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { returnRefund } from '#shared/return-refunds.ts';
import { canAskReplacement, RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason } from '#shared/returns.ts';
import { RETURN_DETAILS_MAX } from '#shared/schemas/returns.ts';
import { SelectField, TextAreaField } from '#web/components/form/form-fields.tsx';
import { FormActions } from '#web/components/form/form-layout.tsx';
import { CashPayoutFieldset } from '#web/components/form/payout-fields.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { errorMessage, fieldIssues } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import type { ReturnRequest, ReturnSender } from '../api/returns.ts';
import { ResolutionChoice } from './resolution-choice.tsx';
import { ReturnPhotos, useReturnPhotos } from './return-photos.tsx';
import { FIELD_OF, type RefundBasis, type ReturnableItem, resolverFor, type Values } from './return-values.ts';
import { SealQuestion } from './seal-question.tsx';

interface ReturnFormProps {
  item: ReturnableItem;
  /** the order was paid in cash: a refund asks where it goes */
  cash: boolean;
  /** the member's order, or a guest's at /track */
  sender: ReturnSender;
  /** what the refund estimate is worked out from (refundBasis); the line alone when absent */
  basis?: RefundBasis;
  onDone: (message: string) => void;
  onClose: () => void;
}

/**
 * A return of one delivered line: how many, why (and in the customer's words), up to 4 photos,
 * refund or (for a fault) replacement, and for an order paid in cash where the refund goes.
 * Checked here as the server checks it; the focus starts on the first field and moves to the
 * first problem. The form's key goes with the request, so a second click is the same return.
 */
export function ReturnForm({ item, cash, sender, basis, onDone, onClose }: ReturnFormProps) {
  const ids = useId();
  const [requestKey] = useState(() => crypto.randomUUID());
  const form = useForm<Values, unknown, ReturnRequest>({
    resolver: resolverFor(item, cash, requestKey),
    defaultValues: {
      quantity: '1',
      reason: '',
      details: '',
      resolution: 'refund',
      unopened: '',
      payoutKind: 'upi',
      upi: '',
      holder: '',
      accountNumber: '',
      ifsc: '',
      photoIds: [],
    },
  });
  const { setValue } = form;
  const photos = useReturnPhotos(
    sender,
    useCallback((photoIds: number[]) => setValue('photoIds', photoIds), [setValue]),
  );
  const reason = useWatch({ control: form.control, name: 'reason' }) as ReturnReason | '';
  const resolution = useWatch({ control: form.control, name: 'resolution' });
  const payoutKind = useWatch({ control: form.control, name: 'payoutKind' });
  const unopened = useWatch({ control: form.control, name: 'unopened' });
  const quantity = Number(useWatch({ control: form.control, name: 'quantity' })) || 1;
  const replaceable = reason !== '' && canAskReplacement(reason);
  const firstFieldRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    firstFieldRef.current?.querySelector<HTMLElement>('select, input, textarea')?.focus();
  }, []);

  // A replacement chosen, then a reason that does not allow one: back to a refund.
  useEffect(() => {
    if (!replaceable && resolution === 'replacement') form.setValue('resolution', 'refund');
  }, [replaceable, resolution, form]);

  // RETURN_REFUND_RULE, as the server estimates it.
  const estimate = returnRefund(basis ?? { lines: [{ ...item, replacementFor: null }], refunded: [] }, {
    orderItemId: item.id,
    quantity: Math.min(quantity, item.returnableQuantity),
  });

  const submit = form.handleSubmit((input) => {
    if (sender.pending) return;
    sender.send(input, {
      onSuccess: () =>
        onDone(
          sender.confirmByMailTo
            ? `Return requested for ${input.quantity} × ${item.name}. To send it to ${item.vendor.name}, open the link we have mailed to ${sender.confirmByMailTo} within 24 hours.`
            : `Return requested for ${input.quantity} × ${item.name}. ${item.vendor.name} will arrange a pickup.`,
        ),
      onError: (error) => {
        for (const issue of fieldIssues(error)) {
          const key = FIELD_OF[issue.field] ?? (issue.field === 'payout' ? (payoutKind === 'upi' ? 'upi' : 'holder') : undefined);
          if (key) form.setError(key, { type: 'server', message: issue.message }, { shouldFocus: true });
        }
      },
    });
  });

  const reasonOptions = RETURN_REASONS.map((value) => ({ value, label: RETURN_REASON_LABELS[value] }));
  const quantityOptions = Array.from({ length: item.returnableQuantity }, (_, at) => String(at + 1));
  const serverError =
    sender.error && fieldIssues(sender.error).length === 0
      ? errorMessage(sender.error, 'The return could not be requested. Please check your connection and try again.')
      : null;

  return (
    <form
      noValidate
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => void submit(event)}
      className="mt-3 space-y-4 rounded-lg border border-brand-200 bg-brand-50 p-4"
    >
      <div>
        <h3 id={`${ids}-title`} className="font-semibold text-slate-900">
          Return {item.name}
        </h3>
        {item.returnBy && (
          <p className="text-xs text-slate-600">
            Returns are accepted until <time dateTime={item.returnBy}>{formatDate(item.returnBy)}</time>, 10 days after delivery.
          </p>
        )}
      </div>
      <div ref={firstFieldRef} className="grid gap-4 sm:grid-cols-2">
        {item.returnableQuantity > 1 && <SelectField form={form} name="quantity" label="How many" options={quantityOptions} />}
        <SelectField form={form} name="reason" label="Reason" placeholder="Choose a reason" options={reasonOptions} />
      </div>
      {reason === 'changed_mind' && <SealQuestion form={form} answer={unopened} idPrefix={ids} />}
      <TextAreaField
        form={form}
        name="details"
        label="What is wrong"
        optional={reason !== 'other'}
        hint={
          reason === 'other' ? 'Tell us the reason, in at least 10 characters.' : 'A few words help the seller, such as what does not work.'
        }
        rows={3}
        maxLength={RETURN_DETAILS_MAX}
      />
      <ReturnPhotos
        photos={photos.photos}
        photoError={photos.photoError}
        uploading={sender.uploading}
        idPrefix={ids}
        onAdd={photos.addPhotos}
        onRemove={photos.remove}
      />
      <ResolutionChoice form={form} estimate={estimate} replaceable={replaceable} idPrefix={ids} />
      {cash && resolution === 'refund' && (
        <CashPayoutFieldset form={form} payoutKind={payoutKind} legend="You paid in cash: where should we send the refund?" whose="own" />
      )}
      <FormActions submitLabel="Request return" pendingLabel="Sending…" pending={sender.pending} error={serverError} onCancel={onClose} />
    </form>
  );
}

/**
 * "Return or replace" under a delivered line still in its 10 days, opening the return form in
 * place; closed, the focus goes back to the button.
 */
export function LineReturn({
  item,
  cash,
  sender,
  basis,
  onDone,
}: {
  item: ReturnableItem;
  cash: boolean;
  sender: ReturnSender;
  basis?: RefundBasis;
  onDone: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (item.returnableQuantity === 0) return null;
  if (open) {
    return (
      <ReturnForm
        item={item}
        cash={cash}
        sender={sender}
        basis={basis}
        onDone={(message) => {
          setOpen(false);
          onDone(message);
        }}
        onClose={() => {
          setOpen(false);
          requestAnimationFrame(() => buttonRef.current?.focus());
        }}
      />
    );
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
      <button type="button" ref={buttonRef} className={buttonClass('secondary')} onClick={() => setOpen(true)}>
        Return or replace<span className="sr-only"> {item.name}</span>
      </button>
      {item.returnBy && (
        <p className="text-xs text-slate-600">
          Until <time dateTime={item.returnBy}>{formatDate(item.returnBy)}</time>
        </p>
      )}
    </div>
  );
}
