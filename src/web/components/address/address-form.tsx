import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { INDIAN_STATES } from '#shared/india.ts';
import { AddressInputSchema, type Address, type AddressInput } from '#shared/schemas/account.ts';
import { buttonClass } from '#web/components/ui/button-styles.ts';
import { ApiError } from '#web/lib/api-client.ts';

type AddressFormValues = z.input<typeof AddressInputSchema>;

export interface AddressFormProps {
  /** The address being edited; a new address when absent. */
  initial?: Address;
  /** Saves the address; a rejection (an ApiError, say) is shown above the buttons. */
  onSubmit: (input: AddressInput) => Promise<void>;
  onCancel: () => void;
  submitLabel: string;
  /** Puts the cursor in the first field when the form appears (it was opened by the shopper). */
  autoFocus?: boolean;
}

const controlBase =
  'block w-full min-w-0 border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-hidden ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-500 disabled:bg-slate-100';
const controlClassName = `${controlBase} rounded-lg`;

/** "+919847011223" → "9847011223": the form shows +91 beside the field. */
function nationalNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : phone;
}

// No state until the shopper chooses one: the select starts on "Choose a state or union territory".
function toDefaultValues(initial: Address | undefined): DefaultValues<AddressFormValues> {
  if (!initial) return { name: '', phone: '', line1: '', line2: '', city: '', pincode: '', isDefault: false };
  const state = (INDIAN_STATES as readonly string[]).includes(initial.state)
    ? (initial.state as AddressFormValues['state'])
    : undefined;
  return {
    name: initial.name,
    phone: nationalNumber(initial.phone),
    line1: initial.line1,
    line2: initial.line2,
    city: initial.city,
    state,
    pincode: initial.pincode,
    isDefault: initial.isDefault,
  };
}

interface FieldProps {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  /** Renders the control, given the ids that should go in its aria-describedby (if any). */
  children: (describedBy: string | undefined) => ReactNode;
}

function Field({ id, label, optional = false, hint, error, className = '', children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
        {optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">{children(describedBy)}</div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Adds or edits one delivery address. The caller saves it and closes the form. */
export function AddressForm({ initial, onSubmit, onCancel, submitLabel, autoFocus = false }: AddressFormProps) {
  const idPrefix = useId();
  const fieldId = (name: keyof AddressFormValues) => `${idPrefix}-${name}`;
  const [serverError, setServerError] = useState<string | null>(null);
  const isDefaultAlready = initial?.isDefault ?? false;

  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AddressFormValues, unknown, AddressInput>({
    resolver: zodResolver(AddressInputSchema),
    defaultValues: toDefaultValues(initial),
  });

  useEffect(() => {
    if (autoFocus) setFocus('name');
  }, [autoFocus, setFocus]);

  const submit = handleSubmit(async (input) => {
    setServerError(null);
    try {
      await onSubmit(input);
    } catch (error) {
      setServerError(
        error instanceof ApiError
          ? error.message
          : 'We could not save the address. Please check your internet connection and try again.',
      );
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-12">
        <Field id={fieldId('name')} label="Full name" error={errors.name?.message} className="sm:col-span-6">
          {(describedBy) => (
            <input
              id={fieldId('name')}
              type="text"
              autoComplete="name"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
              {...register('name')}
            />
          )}
        </Field>

        <Field
          id={fieldId('phone')}
          label="Mobile number"
          hint="10-digit mobile number"
          error={errors.phone?.message}
          className="sm:col-span-6"
        >
          {(describedBy) => (
            <div className="flex">
              <span
                aria-hidden="true"
                className="inline-flex shrink-0 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-base text-slate-600"
              >
                +91
              </span>
              <input
                id={fieldId('phone')}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                aria-invalid={errors.phone ? true : undefined}
                aria-describedby={describedBy}
                className={`${controlBase} rounded-r-lg`}
                {...register('phone')}
              />
            </div>
          )}
        </Field>

        <Field
          id={fieldId('line1')}
          label="Address line 1"
          hint="House no., building, street"
          error={errors.line1?.message}
          className="sm:col-span-12"
        >
          {(describedBy) => (
            <input
              id={fieldId('line1')}
              type="text"
              autoComplete="address-line1"
              aria-invalid={errors.line1 ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
              {...register('line1')}
            />
          )}
        </Field>

        <Field
          id={fieldId('line2')}
          label="Address line 2"
          optional
          hint="Area, landmark"
          error={errors.line2?.message}
          className="sm:col-span-12"
        >
          {(describedBy) => (
            <input
              id={fieldId('line2')}
              type="text"
              autoComplete="address-line2"
              aria-invalid={errors.line2 ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
              {...register('line2')}
            />
          )}
        </Field>

        <Field id={fieldId('city')} label="City" error={errors.city?.message} className="sm:col-span-4">
          {(describedBy) => (
            <input
              id={fieldId('city')}
              type="text"
              autoComplete="address-level2"
              aria-invalid={errors.city ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
              {...register('city')}
            />
          )}
        </Field>

        <Field id={fieldId('state')} label="State" error={errors.state?.message} className="sm:col-span-5">
          {(describedBy) => (
            <select
              id={fieldId('state')}
              autoComplete="address-level1"
              aria-invalid={errors.state ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
              {...register('state')}
            >
              <option value="">Choose a state or union territory</option>
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field id={fieldId('pincode')} label="PIN code" error={errors.pincode?.message} className="sm:col-span-3">
          {(describedBy) => (
            <input
              id={fieldId('pincode')}
              type="text"
              inputMode="numeric"
              maxLength={6}
              autoComplete="postal-code"
              aria-invalid={errors.pincode ? true : undefined}
              aria-describedby={describedBy}
              className={controlClassName}
              {...register('pincode')}
            />
          )}
        </Field>

        <div className="sm:col-span-12">
          <div className="flex items-start gap-3">
            <input
              id={fieldId('isDefault')}
              type="checkbox"
              aria-describedby={isDefaultAlready ? `${fieldId('isDefault')}-hint` : undefined}
              className="mt-0.5 size-5 shrink-0 accent-brand-600 disabled:opacity-70"
              {...register('isDefault', { disabled: isDefaultAlready })}
            />
            <label htmlFor={fieldId('isDefault')} className="text-sm font-medium text-slate-900">
              Make this my default address
            </label>
          </div>
          {isDefaultAlready ? (
            <p id={`${fieldId('isDefault')}-hint`} className="mt-1 pl-8 text-sm text-slate-500">
              This is your default address. To change that, make another address the default.
            </p>
          ) : null}
        </div>
      </div>

      {serverError ? (
        <div
          role="alert"
          className="mt-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {serverError}
        </div>
      ) : null}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="submit" disabled={isSubmitting} className={`${buttonClass('primary')} w-full sm:w-auto`}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
        <button type="button" onClick={onCancel} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
          Cancel
        </button>
      </div>
    </form>
  );
}
