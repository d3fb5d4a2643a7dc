import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type FieldValues, type Path, type PathValue, type UseFormReturn, useWatch } from 'react-hook-form';
import { PIN_CODE } from '#shared/india.ts';
import { PincodePlaceSchema } from '#shared/schemas/delivery.ts';
import type { FormOf } from '#web/components/form/form-fields.tsx';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

/** A form an address sits in: its fields, and what filling them in from the PIN code needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as FormOf: the context and transformed values do not matter here
export type AddressFormOf<T extends FieldValues> = FormOf<T> & Pick<UseFormReturn<T, any, any>, 'control' | 'setValue' | 'getValues' | 'setError'>;

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

/**
 * Fills an address form's city and state from its PIN code, as the shopper types it: the state
 * always (the server refuses a PIN code of another state), the city while it is empty or still
 * the one filled in before. An unknown PIN code is marked on the field.
 */
export function usePincodeAutofill<T extends FieldValues>(form: AddressFormOf<T>, at: (field: 'city' | 'state' | 'pincode') => Path<T>) {
  const pincode = useWatch({ control: form.control, name: at('pincode') }) as string | undefined;
  const lookup = usePincodePlace(pincode);
  const filledCity = useRef<string | undefined>(undefined);
  const place = lookup.data;

  useEffect(() => {
    if (!place) return;
    const options = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue(at('state'), place.state as PathValue<T, Path<T>>, options);
    const city = (form.getValues(at('city')) as string | undefined)?.trim() ?? '';
    if (city === '' || city === filledCity.current) {
      form.setValue(at('city'), place.city as PathValue<T, Path<T>>, options);
      filledCity.current = place.city;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `at` is a fresh function each render; the place decides
  }, [place, form]);

  useEffect(() => {
    if (lookup.error instanceof ApiError && lookup.error.status === 404) form.setError(at('pincode'), { type: 'directory', message: lookup.error.message });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  }, [lookup.error, form]);

  return place && PIN_CODE.test(pincode?.trim() ?? '') ? place : undefined;
}
