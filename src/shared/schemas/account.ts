import { z } from 'zod';
import { INDIAN_MOBILE, INDIAN_STATES, normaliseMobile, PIN_CODE } from '../india.ts';

export const AddressIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Address id must be a positive whole number')
  .transform(Number);

export const AddressInputSchema = z.strictObject(
  {
    name: z.string({ error: 'Please enter the name' }).trim().min(2, 'Please enter the name').max(100, 'Name must be at most 100 characters'),
    phone: z
      .string({ error: 'Please enter a phone number' })
      .trim()
      .regex(INDIAN_MOBILE, 'Please enter a 10-digit Indian mobile number (+91)')
      .transform(normaliseMobile),
    line1: z.string({ error: 'Please enter the address' }).trim().min(3, 'Please enter the house number and street').max(200),
    line2: z.string().trim().max(200).optional().default(''),
    city: z.string({ error: 'Please enter the city' }).trim().min(2, 'Please enter the city').max(100),
    state: z.enum(INDIAN_STATES, { error: 'Please choose a state or union territory' }),
    pincode: z.string({ error: 'Please enter the PIN code' }).trim().regex(PIN_CODE, 'PIN code must be 6 digits'),
    isDefault: z.boolean().optional().default(false),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined) },
);
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

export const AddressListSchema = z.object({ items: z.array(AddressSchema) });
