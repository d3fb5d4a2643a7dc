import { INDIAN_MOBILE, INDIAN_STATES, normaliseMobile, PIN_CODE } from '../india.ts';
import { z } from './zod-mini.ts';

export const AddressIdParamSchema = z.pipe(
  z.string().check(z.regex(/^[1-9]\d{0,14}$/, 'Address id must be a positive whole number')),
  z.transform(Number),
);

export const AddressInputSchema = z.strictObject(
  {
    name: z
      .string({ error: 'Please enter the name' })
      .check(z.trim(), z.minLength(2, 'Please enter the name'), z.maxLength(100, 'Name must be at most 100 characters')),
    phone: z.pipe(
      z
        .string({ error: 'Please enter a phone number' })
        .check(z.trim(), z.regex(INDIAN_MOBILE, 'Please enter a 10-digit Indian mobile number (+91)')),
      z.transform(normaliseMobile),
    ),
    line1: z
      .string({ error: 'Please enter the address' })
      .check(z.trim(), z.minLength(3, 'Please enter the house number and street'), z.maxLength(200)),
    line2: z._default(z.optional(z.string().check(z.trim(), z.maxLength(200))), ''),
    city: z.string({ error: 'Please enter the city' }).check(z.trim(), z.minLength(2, 'Please enter the city'), z.maxLength(100)),
    state: z.enum(INDIAN_STATES, { error: 'Please choose a state or union territory' }),
    pincode: z.string({ error: 'Please enter the PIN code' }).check(z.trim(), z.regex(PIN_CODE, 'PIN code must be 6 digits')),
    isDefault: z._default(z.optional(z.boolean()), false),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined) },
);
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressSchema = z.object({
  id: z.number().check(z.int()),
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
