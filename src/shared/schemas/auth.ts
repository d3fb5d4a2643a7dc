import { z } from 'zod';
import { GSTIN, INDIAN_MOBILE, normaliseMobile } from '../india.ts';
import { AddressSchema } from './account.ts';

export const ROLES = ['customer', 'vendor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULE = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;

/** The exact message of the specification for an e-mail that already has an account. */
export const EMAIL_IN_USE_MESSAGE =
  'This email address is already registered. Please try logging in or use a different email.';

/** A request with fields it should not have (say, a role) is refused, not quietly trimmed. */
const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined),
  });

const email = z
  .string({ error: 'Please enter your e-mail address' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid e-mail address').max(254, 'E-mail address is too long'));

const password = z
  .string({ error: 'Please enter a password' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const name = z
  .string({ error: 'Please enter your name' })
  .trim()
  .min(2, 'Please enter your name')
  .max(100, 'Name must be at most 100 characters');

export const RegisterCustomerInputSchema = strict({ name, email, password });
export type RegisterCustomerInput = z.infer<typeof RegisterCustomerInputSchema>;

export const RegisterVendorInputSchema = strict({
  name,
  email,
  password,
  businessName: z
    .string({ error: 'Please enter your business name' })
    .trim()
    .min(2, 'Please enter your business name')
    .max(120, 'Business name must be at most 120 characters'),
  phone: z
    .string({ error: 'Please enter a phone number' })
    .trim()
    .regex(INDIAN_MOBILE, 'Please enter a 10-digit Indian mobile number (+91)')
    .transform(normaliseMobile),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || GSTIN.test(value), 'GSTIN must be 15 characters, like 29ABCDE1234F1Z5')
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type RegisterVendorInput = z.infer<typeof RegisterVendorInputSchema>;

export const PORTALS = ['store', 'vendor', 'admin'] as const;
export type Portal = (typeof PORTALS)[number];

export const LoginInputSchema = strict({
  email,
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(PASSWORD_MAX),
  portal: z.enum(PORTALS).default('store'),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const VendorStatusSchema = z.enum(['pending', 'active', 'suspended']);

export const CurrentUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  addresses: z.array(AddressSchema),
  vendor: z
    .object({ id: z.number().int(), name: z.string(), slug: z.string(), status: VendorStatusSchema })
    .nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const SessionResponseSchema = z.object({ user: CurrentUserSchema.nullable() });
