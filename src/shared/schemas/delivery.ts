import { PIN_CODE } from '../india.ts';
import { z } from './zod-mini.ts';

export const PincodeParamSchema = z
  .string({ error: 'Please enter a PIN code' })
  .check(z.trim(), z.regex(PIN_CODE, 'PIN code must be 6 digits, not starting with 0'));

/** A pincode as the directory knows it: what an address form fills in. */
export const PincodePlaceSchema = z.object({
  pincode: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  deliverable: z.boolean(),
  metro: z.nullable(z.string()),
});

/** One offer's delivery to a pincode. */
export const DeliveryOptionSchema = z.object({
  offerId: z.number().check(z.int()),
  deliverable: z.boolean(),
  /** why not, when it cannot be delivered */
  reason: z.nullable(z.string()),
  /** YYYY-MM-DD in India time */
  deliverBy: z.nullable(z.string()),
  cod: z.boolean(),
  codReason: z.nullable(z.string()),
});
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

/** "Check delivery" on a product page: every seller's offer of it, to one pincode. */
export const DeliveryCheckSchema = z.object({
  place: PincodePlaceSchema,
  options: z.array(DeliveryOptionSchema),
});
export type DeliveryCheck = z.infer<typeof DeliveryCheckSchema>;
