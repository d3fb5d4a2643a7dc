import { AddressSchema } from './account.ts';
import { z } from './zod-mini.ts';

export const ROLES = ['customer', 'vendor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULE = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;

/** The exact message of the specification for an e-mail that already has an account. */
export const EMAIL_IN_USE_MESSAGE = 'This email address is already registered. Please try logging in or use a different email.';

/** A request with fields it should not have (say, a role) is refused, not quietly trimmed. */
export const strict = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined),
  });

const email = z.pipe(
  z.string({ error: 'Please enter your e-mail address' }).check(z.trim(), z.toLowerCase()),
  z.email('Please enter a valid e-mail address').check(z.maxLength(254, 'E-mail address is too long')),
);

const password = z
  .string({ error: 'Please enter a password' })
  .check(
    z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  );

const name = z
  .string({ error: 'Please enter your name' })
  .check(z.trim(), z.minLength(2, 'Please enter your name'), z.maxLength(100, 'Name must be at most 100 characters'));

/** The fields every account registers with. */
export const ACCOUNT_FIELDS = { name, email, password };

export const RegisterCustomerInputSchema = strict(ACCOUNT_FIELDS);
export type RegisterCustomerInput = z.infer<typeof RegisterCustomerInputSchema>;

export const PORTALS = ['store', 'vendor', 'admin'] as const;
export type Portal = (typeof PORTALS)[number];

export const LoginInputSchema = strict({
  email,
  password: z
    .string({ error: 'Please enter your password' })
    .check(z.minLength(1, 'Please enter your password'), z.maxLength(PASSWORD_MAX)),
  portal: z._default(z.enum(PORTALS), 'store'),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const VendorStatusSchema = z.enum(['pending', 'active', 'suspended']);

export const CurrentUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** false until the owner opens the link mailed at registration; features that need a real address (reviews, claiming guest orders) require it */
  emailVerified: z.boolean(),
  addresses: z.array(AddressSchema),
  vendor: z.nullable(z.object({ id: z.number().check(z.int()), name: z.string(), slug: z.string(), status: VendorStatusSchema })),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const SessionResponseSchema = z.object({ user: z.nullable(CurrentUserSchema) });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
