import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { get, type FieldValues, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { ErrorAlert } from '#web/components/ui/alerts.tsx';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { controlBase, controlClassName, Field } from '#web/components/ui/field.tsx';
import { useTakenOver } from '#web/lib/hydration.ts';

/** What a field needs of its react-hook-form form: to register its control and to read its error. */
// The form's context and transformed values do not matter to a field; react-hook-form types them with `any` too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormOf<T extends FieldValues> = Pick<UseFormReturn<T, any, any>, 'register' | 'formState'>;

interface BoundFieldProps<T extends FieldValues> {
  form: FormOf<T>;
  /** the value's path in the form ("pickupAddress.city") */
  name: Path<T>;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  /** the field's place in the form's grid ("sm:col-span-6") */
  className?: string;
  rules?: RegisterOptions<T, Path<T>>;
}

/** The field's id (one of its own) and the message of its error, if it has one. */
function useBoundField<T extends FieldValues>(form: FormOf<T>, name: Path<T>) {
  const id = useId();
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return { id, error };
}

/** The control's accessible wiring: invalid when the field has an error, described by its hint and error. */
function wiring(id: string, error: string | undefined, describedBy: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'id' | 'className' | 'prefix'>;

/** "+91" before a mobile number, "₹" before an amount: shown beside the box, not read out (the label says it). */
function Prefixed({ prefix, children }: { prefix: string; children: ReactNode }) {
  return (
    <div className="flex">
      <span
        aria-hidden="true"
        className="inline-flex shrink-0 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-base text-slate-600"
      >
        {prefix}
      </span>
      {children}
    </div>
  );
}

/**
 * A labelled text box of a react-hook-form form: its hint and error tied to it by ids, marked
 * invalid while the error stands. Any input attribute (type, autoComplete, inputMode) passes through.
 */
export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  optional,
  className,
  rules,
  prefix,
  controlClass = '',
  ...input
}: BoundFieldProps<T> & InputProps & { prefix?: string; controlClass?: string }) {
  const { id, error } = useBoundField(form, name);
  return (
    <Field id={id} label={label} hint={hint} optional={optional} error={error} className={className}>
      {(describedBy) => {
        const control = (
          <input
            type="text"
            {...input}
            {...wiring(id, error, describedBy)}
            className={`${prefix ? `${controlBase} rounded-r-lg` : controlClassName} ${controlClass}`}
            {...form.register(name, rules)}
          />
        );
        return prefix ? <Prefixed prefix={prefix}>{control}</Prefixed> : control;
      }}
    </Field>
  );
}

/** A choice's value and the words shown for it; a plain string is both. */
export type SelectOption = string | { value: string; label: string };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'form' | 'name' | 'id' | 'className'>;

/** A labelled select of a react-hook-form form. `placeholder` is the first, empty choice ("Choose a topic"). */
export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  optional,
  className,
  rules,
  options,
  placeholder,
  ...select
}: BoundFieldProps<T> & SelectProps & { options: readonly SelectOption[]; placeholder?: string }) {
  const { id, error } = useBoundField(form, name);
  return (
    <Field id={id} label={label} hint={hint} optional={optional} error={error} className={className}>
      {(describedBy) => (
        <select {...select} {...wiring(id, error, describedBy)} className={controlClassName} {...form.register(name, rules)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => {
            const { value, label: words } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {words}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name' | 'id' | 'className'>;

/** A labelled, vertically resizable text area of a react-hook-form form. */
export function TextAreaField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  optional,
  className,
  rules,
  rows = 6,
  ...textarea
}: BoundFieldProps<T> & TextAreaProps) {
  const { id, error } = useBoundField(form, name);
  return (
    <Field id={id} label={label} hint={hint} optional={optional} error={error} className={className}>
      {(describedBy) => (
        <textarea
          rows={rows}
          {...textarea}
          {...wiring(id, error, describedBy)}
          className={`${controlClassName} resize-y`}
          {...form.register(name, rules)}
        />
      )}
    </Field>
  );
}

interface TextAreaControlProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'value' | 'onChange'> {
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
  /** for focusing the box when the form finds it wrong */
  inputRef?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/**
 * A labelled text area for a form that keeps its own state (a reason asked for by one of two
 * buttons, approve or reject): its error is announced as it appears, since such a form checks the
 * box itself.
 */
export function TextAreaControl({
  label,
  hint,
  optional,
  error,
  value,
  onChange,
  inputRef,
  className,
  rows = 3,
  ...textarea
}: TextAreaControlProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} optional={optional} error={error ?? undefined} className={className} announceError>
      {(describedBy) => (
        <textarea
          ref={inputRef}
          rows={rows}
          {...textarea}
          {...wiring(id, error ?? undefined, describedBy)}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${controlClassName} resize-y`}
        />
      )}
    </Field>
  );
}

/** A check box with its label beside it and, below, a hint tied to it. */
export function CheckboxField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className = '',
  rules,
}: Omit<BoundFieldProps<T>, 'optional'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-describedby={hint ? hintId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-600 disabled:opacity-70"
          {...form.register(name, rules)}
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 pl-8 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A titled group of a long form's fields ("Business details"), in a box of its own. */
export function FormSection({
  legend,
  description,
  children,
  className = '',
}: {
  legend: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 ${className}`}>
      <legend className="float-left w-full text-lg font-semibold text-slate-900">{legend}</legend>
      {description ? <p className="clear-left pt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="clear-left pt-4">{children}</div>
    </fieldset>
  );
}

interface SubmitButtonProps {
  label: string;
  /** what the button says while the form is sent ("Saving…") */
  pendingLabel: string;
  pending: boolean;
  /** not to be pressed for a reason the page shows (a shop still awaiting approval) */
  disabled?: boolean;
  className?: string;
}

/**
 * A form's submit button, disabled while the form is sent, and on a page the server drew until
 * the page has come alive: pressed before then (a slow phone still loading the app), the browser
 * would send the form itself, the page would load again, and what was typed (a password in the
 * address bar, even) would go with it.
 */
export function SubmitButton({
  label,
  pendingLabel,
  pending,
  disabled = false,
  className = `${buttonClass('primary')} w-full sm:w-auto`,
}: SubmitButtonProps) {
  const alive = useTakenOver();
  return (
    <button type="submit" disabled={pending || disabled || !alive} className={className}>
      {pending ? pendingLabel : label}
    </button>
  );
}

interface FormActionsProps {
  submitLabel: string;
  /** what the submit button says while the form is sent ("Saving…") */
  pendingLabel: string;
  pending: boolean;
  /** the submit button is not to be pressed for a reason the page shows */
  disabled?: boolean;
  /** why the last submission failed (the server's message, or that we are offline), above the buttons */
  error?: string | null;
  onCancel?: () => void;
  /** shown beside the buttons: a polite status such as "Your changes have been saved." */
  children?: ReactNode;
}

/** A form's last row: why it was not saved, the submit button (disabled while sending) and Cancel. */
export function FormActions({ submitLabel, pendingLabel, pending, disabled, error, onCancel, children }: FormActionsProps) {
  return (
    <>
      {error ? <ErrorAlert className="mt-5">{error}</ErrorAlert> : null}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubmitButton label={submitLabel} pendingLabel={pendingLabel} pending={pending} disabled={disabled} />
        {onCancel ? (
          <button type="button" onClick={onCancel} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
            Cancel
          </button>
        ) : null}
        {children}
      </div>
    </>
  );
}

/** The form values of a cash refund's destination: a UPI ID, or a bank account. */
export interface PayoutValues {
  payoutKind: 'upi' | 'bank';
  upi: string;
  holder: string;
  accountNumber: string;
  ifsc: string;
}

/** The payout as typed, in the shape the API takes: only the fields of the kind chosen. */
export function typedPayout(values: PayoutValues): { upi: string } | { holder: string; accountNumber: string; ifsc: string } {
  return values.payoutKind === 'upi'
    ? { upi: values.upi }
    : { holder: values.holder, accountNumber: values.accountNumber, ifsc: values.ifsc };
}

interface CashPayoutFieldsetProps<T extends FieldValues & PayoutValues> {
  form: FormOf<T>;
  /** the kind chosen, as the form watches it: the UPI ID's box or the bank account's boxes show */
  payoutKind: PayoutValues['payoutKind'];
  legend: string;
  /** whose account it is: the customer typing their own, or an admin typing the customer's */
  whose: 'own' | 'customer';
}

/**
 * Where the cash paid on delivery goes back: a UPI ID, or a bank account (holder, number, IFSC).
 * The values are checked by the form's resolver, as the server checks them.
 */
export function CashPayoutFieldset<T extends FieldValues & PayoutValues>({ form, payoutKind, legend, whose }: CashPayoutFieldsetProps<T>) {
  // The fields are PayoutValues' own, which every T has.
  const name = (field: keyof PayoutValues) => field as Path<T>;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="upi" {...form.register(name('payoutKind'))} className="size-4 accent-brand-600" /> UPI ID
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" value="bank" {...form.register(name('payoutKind'))} className="size-4 accent-brand-600" /> Bank account
        </label>
      </div>
      {payoutKind === 'upi' ? (
        <TextField
          form={form}
          name={name('upi')}
          label={whose === 'own' ? 'Your UPI ID' : 'Customer’s UPI ID'}
          hint="Like name@okhdfcbank"
          autoComplete="off"
          className="max-w-sm"
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField form={form} name={name('holder')} label="Account holder" autoComplete={whose === 'own' ? 'name' : 'off'} />
          <TextField form={form} name={name('accountNumber')} label="Account number" inputMode="numeric" autoComplete="off" />
          <TextField form={form} name={name('ifsc')} label="IFSC" autoComplete="off" />
        </div>
      )}
    </fieldset>
  );
}
