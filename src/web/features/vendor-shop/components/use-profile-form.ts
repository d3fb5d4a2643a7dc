import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import type { VendorProfile } from '#shared/schemas/vendor.ts';
import { PINCODE_ERROR_TYPES } from '#web/components/address/use-pincode-place.ts';
import { errorMessage, fieldIssues } from '#web/lib/api-client.ts';
import { useUpdateVendorProfile } from '../api/vendor-shop.ts';
import {
  PICKUP_FIELDS,
  type ProfileFormValues,
  type ProfileInput,
  schemaResolver,
  toDefaultValues,
  withoutEmptyBankAccount,
} from './profile-values.ts';

/**
 * The shop profile form's state: its values from the profile, whether the pickup address waits for
 * later, and the save, after which the form starts again from what the server kept.
 */
export function useProfileForm(profile: VendorProfile) {
  const [pickupLater, setPickupLater] = useState(profile.pickupAddress === null);
  const [saved, setSaved] = useState(false);
  const mutation = useUpdateVendorProfile();

  const form = useForm<ProfileFormValues, unknown, ProfileInput>({
    // "I'll add it later" sends null; the hidden fields are neither checked nor sent.
    resolver: (values, context, options) =>
      schemaResolver(withoutEmptyBankAccount(pickupLater ? { ...values, pickupAddress: null } : values), context, options),
    defaultValues: toDefaultValues(profile),
  });

  const submit = form.handleSubmit(async (input) => {
    setSaved(false);
    try {
      const updated = await mutation.mutateAsync(input);
      form.reset(toDefaultValues(updated));
      setPickupLater(updated.pickupAddress === null);
      setSaved(true);
    } catch (error) {
      // The pickup address's fields the server refused ("PIN code … is not in India Post's
      // directory") are marked on them, so each goes once its field changes; anything else is
      // the mutation's error, shown above the button.
      const placed = fieldIssues(error).filter(
        (issue) => issue.field === 'currentPassword' || PICKUP_FIELDS.some((field) => issue.field === `pickupAddress.${field}`),
      );
      placed.forEach((issue, i) =>
        form.setError(
          issue.field as Path<ProfileFormValues>,
          { type: PINCODE_ERROR_TYPES.server, message: issue.message },
          { shouldFocus: i === 0 },
        ),
      );
      if (placed.length > 0) mutation.reset();
    }
  });

  const serverError = mutation.error
    ? errorMessage(mutation.error, 'We could not save your changes. Please check your internet connection and try again.')
    : null;

  return { form, pickupLater, setPickupLater, saved, submit, serverError };
}
