import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { INDIAN_STATES } from '#shared/india.ts';
import { AddressInputSchema, type Address, type AddressInput } from '#shared/schemas/account.ts';
import { CheckboxField } from '#web/components/form/form-fields.tsx';
import { FormActions } from '#web/components/form/form-layout.tsx';
import { errorMessage, fieldIssues } from '#web/lib/api-client.ts';
import { AddressFields } from './address-fields.tsx';
import { PINCODE_ERROR_TYPES } from './use-pincode-place.ts';

type AddressFormValues = z.input<typeof AddressInputSchema>;
const ADDRESS_FIELDS = ['name', 'phone', 'line1', 'line2', 'city', 'state', 'pincode'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

export interface AddressFormProps {
  /** The address being edited; a new address when absent. */
  initial?: Address;
  /** Saves the address; a rejection (an ApiError, say) is shown above the buttons. */
  onSubmit: (input: AddressInput) => Promise<void>;
  /** offers Cancel */
  onCancel?: () => void;
  submitLabel: string;
  /** Puts the cursor in the first field when the form appears (it was opened by the shopper). */
  autoFocus?: boolean;
  /** offers "Make this my default address" (an address book's form; not a guest's) */
  askDefault?: boolean;
}

/** "+919847011223" → "9847011223": the form shows +91 beside the field. */
function nationalNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : phone;
}

// No state until the shopper chooses one: the select starts on "Choose a state".
function toDefaultValues(initial: Address | undefined): DefaultValues<AddressFormValues> {
  if (!initial) return { name: '', phone: '', line1: '', line2: '', city: '', pincode: '', isDefault: false };
  const state = (INDIAN_STATES as readonly string[]).includes(initial.state) ? (initial.state as AddressFormValues['state']) : undefined;
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

/** Adds or edits one delivery address. The caller saves it and closes the form. */
export function AddressForm({ initial, onSubmit, onCancel, submitLabel, autoFocus = false, askDefault = true }: AddressFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const isDefaultAlready = initial?.isDefault ?? false;

  const form = useForm<AddressFormValues, unknown, AddressInput>({
    resolver: zodResolver(AddressInputSchema),
    defaultValues: toDefaultValues(initial),
  });

  const { setFocus } = form;
  useEffect(() => {
    if (autoFocus) setFocus('name');
  }, [autoFocus, setFocus]);

  const submit = form.handleSubmit(async (input) => {
    setServerError(null);
    try {
      await onSubmit(input);
    } catch (error) {
      // A field the server refused ("PIN code 560034 is in Karnataka, not Kerala") is marked on it,
      // so it goes once that field changes; anything else is said above the buttons.
      const placed = fieldIssues(error).filter((issue) => ADDRESS_FIELDS.includes(issue.field as AddressField));
      placed.forEach((issue, i) =>
        form.setError(issue.field as AddressField, { type: PINCODE_ERROR_TYPES.server, message: issue.message }, { shouldFocus: i === 0 }),
      );
      if (placed.length === 0)
        setServerError(errorMessage(error, 'We could not save the address. Please check your internet connection and try again.'));
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <AddressFields form={form} />
      {askDefault && (
        <CheckboxField
          form={form}
          name="isDefault"
          label="Make this my default address"
          hint={isDefaultAlready ? 'This is your default address. To change that, make another address the default.' : undefined}
          rules={{ disabled: isDefaultAlready }}
          className="mt-5"
        />
      )}
      <FormActions
        submitLabel={submitLabel}
        pendingLabel="Saving…"
        pending={form.formState.isSubmitting}
        error={serverError}
        onCancel={onCancel}
      />
    </form>
  );
}
