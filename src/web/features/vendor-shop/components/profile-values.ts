import { zodResolver } from '@hookform/resolvers/zod';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { INDIAN_STATES } from '#shared/india.ts';
import { VendorProfileInputSchema, type VendorProfile } from '#shared/schemas/vendor.ts';
import { nationalNumber } from '../format.ts';

/** The shop profile form's values as typed, and as the API takes them once the schema has checked them. */
export type ProfileFormValues = z.input<typeof VendorProfileInputSchema>;
export type ProfileInput = z.output<typeof VendorProfileInputSchema>;
type PickupValues = NonNullable<ProfileFormValues['pickupAddress']>;
export const PICKUP_FIELDS = ['name', 'phone', 'line1', 'line2', 'city', 'state', 'pincode'] as const;

const THRESHOLD_MESSAGE = 'Please enter a whole number from 0 to 1000';

// The schema's own messages win; only the threshold (an empty number field is NaN) needs a kinder one.
export const schemaResolver = zodResolver(VendorProfileInputSchema, {
  error: (issue) => (issue.path?.[0] === 'lowStockThreshold' ? THRESHOLD_MESSAGE : undefined),
});

function isIndianState(value: string): value is PickupValues['state'] {
  return (INDIAN_STATES as readonly string[]).includes(value);
}

// The pickup fields keep their values while "I'll add it later" hides them; no state until one is chosen.
export function toDefaultValues(profile: VendorProfile): DefaultValues<ProfileFormValues> {
  const pickup = profile.pickupAddress;
  return {
    businessName: profile.businessName,
    phone: profile.phone ? nationalNumber(profile.phone) : '',
    gstin: profile.gstin ?? '',
    pickupAddress: pickup
      ? {
          name: pickup.name,
          phone: nationalNumber(pickup.phone),
          line1: pickup.line1,
          line2: pickup.line2,
          city: pickup.city,
          state: isIndianState(pickup.state) ? pickup.state : undefined,
          pincode: pickup.pincode,
        }
      : { name: '', phone: '', line1: '', line2: '', city: '', pincode: '' },
    lowStockThreshold: profile.lowStockThreshold,
    legalName: profile.legalName ?? '',
    pan: profile.pan ?? '',
    bankAccount: profile.bankAccount ?? { holder: '', number: '', ifsc: '' },
    acceptsCod: profile.acceptsCod,
    shipsToSpecialZones: profile.shipsToSpecialZones,
  };
}

/** No bank account typed in (all three boxes empty) is none, not one to check. */
export function withoutEmptyBankAccount(values: ProfileFormValues): ProfileFormValues {
  const account = values.bankAccount;
  return account && `${account.holder}${account.number}${account.ifsc}`.trim() === '' ? { ...values, bankAccount: null } : values;
}
