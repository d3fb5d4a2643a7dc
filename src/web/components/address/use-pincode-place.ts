import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type FieldValues, type Path, type PathValue, type UseFormReturn, useWatch } from 'react-hook-form';
import type { PincodePlace } from '#shared/delivery.ts';
import { PIN_CODE } from '#shared/india.ts';
import { PincodePlaceSchema } from '#shared/schemas/delivery.ts';
import type { FormOf } from '#web/components/form/form-fields.tsx';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

/** A form an address sits in: its fields, and what filling them in from the PIN code needs. */
export type AddressFormOf<T extends FieldValues> = FormOf<T> &
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as FormOf: the context and transformed values do not matter here
  Pick<UseFormReturn<T, any, any>, 'control' | 'setValue' | 'getValues' | 'setError' | 'clearErrors' | 'getFieldState'>;

/** India Post's place for a pincode; undefined until it is six digits. */
export function usePincodePlace(pincode: string | undefined) {
  const valid = pincode !== undefined && PIN_CODE.test(pincode.trim());
  return useQuery({
    queryKey: ['pincode', pincode?.trim()],
    queryFn: ({ signal }) => apiRequest(`/pincodes/${pincode!.trim()}`, { schema: PincodePlaceSchema, signal }),
    enabled: valid,
    staleTime: Infinity,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** How a PIN code's own errors are typed: India Post does not know it, or the server refused it. */
export const PINCODE_ERROR_TYPES = { directory: 'directory', server: 'server' } as const;

/**
 * Fills an address form's city and state from its PIN code, as the shopper types it. The state
 * always follows the PIN code (the server refuses a PIN code of another state). The city is
 * filled in while empty; one typed before the first PIN code, or saved with the address, stays for
 * that PIN code, and once the PIN code moves to another city the city follows it. A PIN code that
 * changes takes with it what was said of the one before: its error, and on an unknown one the
 * city it had filled in. An unknown PIN code is marked on the field.
 */
export function usePincodeAutofill<T extends FieldValues>(form: AddressFormOf<T>, at: (field: 'city' | 'state' | 'pincode') => Path<T>) {
  const pincode = useWatch({ control: form.control, name: at('pincode') }) as string | undefined;
  const typed = pincode?.trim() ?? '';
  const lookup = usePincodePlace(pincode);
  /** the place the form's city and state were last matched to */
  const matched = useRef<PincodePlace | undefined>(undefined);
  const place = lookup.data;

  useEffect(() => {
    const error = form.getFieldState(at('pincode')).error;
    if (error?.type === PINCODE_ERROR_TYPES.directory || error?.type === PINCODE_ERROR_TYPES.server) form.clearErrors(at('pincode'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `at` is a fresh function each render; the PIN code decides
  }, [typed, form]);

  useEffect(() => {
    if (!place) return;
    const before = matched.current;
    matched.current = place;
    const options = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue(at('state'), place.state as PathValue<T, Path<T>>, options);
    const city = (form.getValues(at('city')) as string | undefined)?.trim() ?? '';
    const movedCity = before !== undefined && before.pincode !== place.pincode && before.city !== place.city;
    if (city === '' || movedCity) form.setValue(at('city'), place.city as PathValue<T, Path<T>>, options);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above; the place decides
  }, [place, form]);

  useEffect(() => {
    if (!(lookup.error instanceof ApiError && lookup.error.status === 404)) return;
    form.setError(at('pincode'), { type: PINCODE_ERROR_TYPES.directory, message: lookup.error.message });
    const before = matched.current;
    matched.current = undefined;
    const city = (form.getValues(at('city')) as string | undefined)?.trim() ?? '';
    if (before && city === before.city) form.setValue(at('city'), '' as PathValue<T, Path<T>>, { shouldDirty: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  }, [lookup.error, form]);

  return place && PIN_CODE.test(typed) ? place : undefined;
}
