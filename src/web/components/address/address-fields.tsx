import type { FieldValues, Path } from 'react-hook-form';
import { INDIAN_STATES } from '#shared/india.ts';
import { SelectField, TextField } from '#web/components/form/form-fields.tsx';
import { type AddressFormOf, usePincodeAutofill } from './use-pincode-place.ts';

interface AddressFieldsProps<T extends FieldValues> {
  form: AddressFormOf<T>;
  /** where the address sits in the form's values: "" for a form that is the address, "pickupAddress." for one inside another */
  prefix?: string;
  /** the first field's label: "Full name" for a delivery address, "Contact name" for a shop's pickup */
  nameLabel?: string;
  line1Hint?: string;
}

/**
 * An Indian postal address's fields, laid out on a 12-column grid from `sm` up: name and mobile
 * number, two lines, PIN code, city and state (none chosen until picked, or filled in from the PIN
 * code, and then only the PIN code's), each with the autocomplete a browser fills it from.
 */
export function AddressFields<T extends FieldValues>({
  form,
  prefix = '',
  nameLabel = 'Full name',
  line1Hint = 'House no., building, street',
}: AddressFieldsProps<T>) {
  // The address schema names these fields; a form that embeds it puts them under `prefix`.
  const at = (field: 'name' | 'phone' | 'line1' | 'line2' | 'city' | 'state' | 'pincode') => `${prefix}${field}` as Path<T>;
  const place = usePincodeAutofill(form, at);
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-12">
      <TextField form={form} name={at('name')} label={nameLabel} autoComplete="name" className="sm:col-span-6" />
      <TextField
        form={form}
        name={at('phone')}
        label="Mobile number"
        hint="10-digit mobile number"
        prefix="+91"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        className="sm:col-span-6"
      />
      <TextField
        form={form}
        name={at('line1')}
        label="Address line 1"
        hint={line1Hint}
        autoComplete="address-line1"
        className="sm:col-span-12"
      />
      <TextField
        form={form}
        name={at('line2')}
        label="Address line 2"
        optional
        hint="Area, landmark"
        autoComplete="address-line2"
        className="sm:col-span-12"
      />
      <TextField
        form={form}
        name={at('pincode')}
        label="PIN code"
        hint={<span aria-live="polite">{place ? `${place.district}, ${place.state}` : 'City and state fill in from it'}</span>}
        inputMode="numeric"
        maxLength={6}
        autoComplete="postal-code"
        className="sm:col-span-4"
      />
      <TextField form={form} name={at('city')} label="City" autoComplete="address-level2" className="sm:col-span-8" />
      {/*
        Once India Post knows the PIN code, its state is the only choice: the address cannot name
        another. A row of its own, and a short first choice, so that no state's name is cut off.
      */}
      <SelectField
        form={form}
        name={at('state')}
        label="State"
        options={place ? [place.state] : INDIAN_STATES}
        placeholder={place ? undefined : 'Choose a state'}
        hint={place ? `Set by PIN code ${place.pincode}` : undefined}
        autoComplete="address-level1"
        className="sm:col-span-12"
      />
    </div>
  );
}
