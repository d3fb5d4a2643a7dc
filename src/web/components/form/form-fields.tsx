import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { get, type FieldValues, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { controlBase, controlClassName, Field } from '#web/components/ui/field.tsx';

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
