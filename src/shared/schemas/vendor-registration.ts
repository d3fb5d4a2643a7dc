import { gstinProblem } from '../gst.ts';
import { INDIAN_MOBILE, normaliseMobile } from '../india.ts';
import { ACCOUNT_FIELDS, strict } from './auth.ts';
import { z } from './zod-mini.ts';

/** The marketplace sells only for GST-registered sellers: its approval checks the GSTIN (seller-kyc.ts), so registration asks for it. */
export const GSTIN_REQUIRED = 'Please enter your GSTIN: every seller on this marketplace must be GST-registered';

/**
 * A seller's registration: an account and a shop, pending until approved. Apart from auth.ts,
 * which every page loads, so that the GSTIN's full check loads only with the form that asks for it.
 */
export const RegisterVendorInputSchema = strict({
  ...ACCOUNT_FIELDS,
  businessName: z
    .string({ error: 'Please enter your business name' })
    .check(z.trim(), z.minLength(2, 'Please enter your business name'), z.maxLength(120, 'Business name must be at most 120 characters')),
  phone: z.pipe(
    z
      .string({ error: 'Please enter a phone number' })
      .check(z.trim(), z.regex(INDIAN_MOBILE, 'Please enter a 10-digit Indian mobile number (+91)')),
    z.transform(normaliseMobile),
  ),
  gstin: z.string({ error: GSTIN_REQUIRED }).check(
    z.trim(),
    z.toUpperCase(),
    z.superRefine((value, ctx) => {
      const problem = value === '' ? GSTIN_REQUIRED : gstinProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }),
  ),
});
export type RegisterVendorInput = z.infer<typeof RegisterVendorInputSchema>;
