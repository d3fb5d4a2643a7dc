import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import { formatPrice } from '#shared/money.ts';
import { Link } from 'react-router';
import {
  canAskReplacement,
  OPENED_CHANGE_OF_MIND,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
  UNOPENED_QUESTION,
  unitsShare,
} from '#shared/returns.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { CreateReturnInputSchema, MAX_RETURN_PHOTOS, type ReturnPhoto, RETURN_DETAILS_MAX } from '#shared/schemas/returns.ts';
import {
  CashPayoutFieldset,
  FormActions,
  type PayoutValues,
  SelectField,
  TextAreaField,
  typedPayout,
} from '#web/components/form/form-fields.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { errorMessage, fieldIssues } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import type { ReturnRequest, ReturnSender } from '../api/returns.ts';

/** What the form needs of a line: a member's order line, or a line of a guest's tracked order. */
export type ReturnableItem = Pick<
  Order['items'][number],
  'id' | 'name' | 'quantity' | 'lineTotal' | 'discount' | 'vendor' | 'returnableQuantity' | 'returnBy'
>;

/** With the payout (where a refund of cash goes) as the shared fieldset types it. */
interface Values extends PayoutValues {
  quantity: string;
  reason: string;
  details: string;
  resolution: 'refund' | 'replacement';
  /** for "No longer needed": the answer to UNOPENED_QUESTION, none until given */
  unopened: '' | 'yes' | 'no';
  /** the photos uploaded for it, kept in step with the list on screen */
  photoIds: number[];
}

const FIELD_OF: Record<string, keyof Values> = {
  orderItemId: 'reason',
  quantity: 'quantity',
  reason: 'reason',
  details: 'details',
  resolution: 'resolution',
  unopened: 'unopened',
  upi: 'upi',
  holder: 'holder',
  accountNumber: 'accountNumber',
  ifsc: 'ifsc',
};

/** The form's values as the API takes them, checked with the same schema the server uses. */
function resolverFor(item: ReturnableItem, cash: boolean, requestKey: string): Resolver<Values, unknown, ReturnRequest> {
  return (values) => {
    const payout = cash && values.resolution === 'refund' ? typedPayout(values) : undefined;
    // The seal matters only to a change of mind; asked of no other reason, and sent with none.
    const unopened = values.reason === 'changed_mind' && values.unopened !== '' ? { unopened: values.unopened === 'yes' } : {};
    const input = {
      orderItemId: item.id,
      quantity: Number(values.quantity),
      reason: values.reason,
      details: values.details,
      resolution: values.resolution,
      ...unopened,
      photoIds: values.photoIds,
      requestKey,
      ...(payout ? { payout } : {}),
    };
    const parsed = CreateReturnInputSchema.safeParse(input);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const issue of parsed.error.issues) {
      // A payout's problem is at payout.upi (or payout.ifsc …); the others at their own name.
      const key =
        FIELD_OF[String(issue.path.at(-1) ?? issue.path[0])] ??
        (issue.path[0] === 'payout' ? (values.payoutKind === 'upi' ? 'upi' : 'holder') : 'reason');
      errors[key] ??= {
        type: 'validate',
        message: key === 'reason' && issue.path[0] === 'reason' ? 'Please choose a reason' : issue.message,
      };
    }
    return { values: {}, errors };
  };
}

interface ReturnFormProps {
  item: ReturnableItem;
  /** the order was paid in cash: a refund asks where it goes */
  cash: boolean;
  /** the member's order, or a guest's at /track */
  sender: ReturnSender;
  onDone: (message: string) => void;
  onClose: () => void;
}

/** A photo uploaded, shown from the file chosen (a guest cannot open the stored copy, which is private). */
type ChosenPhoto = ReturnPhoto & { preview: string };

/**
 * A return of one delivered line: how many, why (and in the customer's words), up to 4 photos,
 * refund or (for a fault) replacement, and for an order paid in cash where the refund goes.
 * Checked here as the server checks it; the focus starts on the first field and moves to the
 * first problem. The form's key goes with the request, so a second click is the same return.
 */
export function ReturnForm({ item, cash, sender, onDone, onClose }: ReturnFormProps) {
  const ids = useId();
  const [requestKey] = useState(() => crypto.randomUUID());
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
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
  useEffect(() => {
    form.setValue(
      'photoIds',
      photos.map((photo) => photo.id),
    );
  }, [photos, form]);
  // The previews' memory goes with the form.
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);
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

  const estimate = unitsShare(
    item.lineTotal - item.discount,
    item.quantity,
    item.quantity - item.returnableQuantity,
    Math.min(quantity, item.returnableQuantity),
  );

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setPhotoError(null);
    for (const file of files.slice(0, MAX_RETURN_PHOTOS - photos.length)) {
      try {
        const photo = await sender.upload(file);
        const preview = URL.createObjectURL(file);
        previews.current.push(preview);
        setPhotos((current) => [...current, { ...photo, preview }]);
      } catch (error) {
        setPhotoError(`${file.name}: ${errorMessage(error, 'The photo could not be uploaded. Please try again.')}`);
      }
    }
    if (files.length > MAX_RETURN_PHOTOS - photos.length) setPhotoError(`At most ${MAX_RETURN_PHOTOS} photos`);
  };

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
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Photos (optional)</legend>
        <p id={`${ids}-photo-hint`} className="text-xs text-slate-600">
          Up to {MAX_RETURN_PHOTOS} photos of the item and its box: JPEG, PNG or WebP, 5 MB each.
        </p>
        {photos.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-3">
            {photos.map((photo, at) => (
              <li key={photo.id} className="flex flex-col items-center gap-1">
                <img
                  src={photo.preview}
                  alt={`Photo ${at + 1} of the item to return`}
                  width={80}
                  height={80}
                  className="size-20 rounded-lg border border-slate-200 object-cover"
                />
                <button
                  type="button"
                  className="min-h-11 px-2 text-sm font-semibold text-brand-700 underline"
                  onClick={() => setPhotos((current) => current.filter((candidate) => candidate.id !== photo.id))}
                >
                  Remove<span className="sr-only"> photo {at + 1}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {photos.length < MAX_RETURN_PHOTOS && (
          <div className="mt-2">
            <label htmlFor={`${ids}-photos`} className={`${buttonClass('secondary')} cursor-pointer`}>
              {sender.uploading ? 'Uploading…' : 'Add photos'}
            </label>
            <input
              id={`${ids}-photos`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              aria-describedby={`${ids}-photo-hint`}
              className="sr-only"
              onChange={(event) => void addPhotos(event)}
            />
          </div>
        )}
        <p role="status" className="mt-1 text-sm text-red-800">
          {photoError}
        </p>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">What would you like?</legend>
        <div className="mt-2 flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" value="refund" {...form.register('resolution')} className="size-4 accent-brand-600" />A refund of{' '}
            {formatPrice(estimate)}
          </label>
          <label className={`flex min-h-11 items-center gap-2 ${replaceable ? '' : 'text-slate-500'}`}>
            <input
              type="radio"
              value="replacement"
              disabled={!replaceable}
              aria-describedby={`${ids}-replace-hint`}
              {...form.register('resolution')}
              className="size-4 accent-brand-600"
            />
            A replacement
          </label>
        </div>
        <p id={`${ids}-replace-hint`} className="text-xs text-slate-600">
          A replacement is for an item that is defective, damaged in transit or not the one you ordered.
        </p>
      </fieldset>
      {cash && resolution === 'refund' && (
        <CashPayoutFieldset form={form} payoutKind={payoutKind} legend="You paid in cash: where should we send the refund?" whose="own" />
      )}
      <FormActions submitLabel="Request return" pendingLabel="Sending…" pending={sender.pending} error={serverError} onCancel={onClose} />
    </form>
  );
}

/**
 * Asked with "No longer needed", as the returns policy takes such a return only for a unit still
 * sealed: "No" says at once that it will be refused, and the server refuses it too.
 */
function SealQuestion({
  form,
  answer,
  idPrefix,
}: {
  form: UseFormReturn<Values, unknown, ReturnRequest>;
  answer: Values['unopened'];
  idPrefix: string;
}) {
  const error = form.formState.errors.unopened?.message;
  const noteId = `${idPrefix}-seal-note`;
  const refused = answer === 'no';
  return (
    <fieldset aria-describedby={error || refused ? noteId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{UNOPENED_QUESTION}</legend>
      <div className="mt-1 flex flex-col gap-1 text-sm sm:flex-row sm:gap-6">
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="yes" {...form.register('unopened')} className="size-4 accent-brand-600" />
          Yes, it is unopened
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="no" {...form.register('unopened')} className="size-4 accent-brand-600" />
          No, it has been opened
        </label>
      </div>
      {(error || refused) && (
        <p
          id={noteId}
          className={`mt-1 text-sm ${error ? 'font-medium text-red-700' : 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950'}`}
        >
          {error ?? OPENED_CHANGE_OF_MIND}{' '}
          {(error === OPENED_CHANGE_OF_MIND || (!error && refused)) && (
            <Link to={paths.returns()} className="font-semibold underline underline-offset-2">
              Our returns policy
            </Link>
          )}
        </p>
      )}
    </fieldset>
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
  onDone,
}: {
  item: ReturnableItem;
  cash: boolean;
  sender: ReturnSender;
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
