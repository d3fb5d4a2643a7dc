import { PASSWORD_MAX, PASSWORD_MIN, strict } from './auth.ts';
import { z } from './zod-mini.ts';

/** Account security and data rights: passwords, sessions, e-mail verification, export and deletion. */

/** How long a password reset link works, and an e-mail verification link. */
export const RESET_LINK_MINUTES = 30;
export const VERIFY_LINK_HOURS = 24;

/** One answer for every e-mail, registered or not, so the form tells no one who has an account. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works for 30 minutes.';
export const LINK_INVALID_MESSAGE = 'This link has expired or has already been used.';
export const WRONG_PASSWORD_MESSAGE = 'That is not your current password.';

const email = z.pipe(
  z.string({ error: 'Please enter your e-mail address' }).check(z.trim(), z.toLowerCase()),
  z.email('Please enter a valid e-mail address').check(z.maxLength(254, 'E-mail address is too long')),
);

const newPassword = z
  .string({ error: 'Please choose a new password' })
  .check(
    z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  );

const currentPassword = (what: string) =>
  z.string({ error: what }).check(z.minLength(1, what), z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`));

/** A link's token: letters, digits, - and _ (what the server makes), never a path or a long string. */
const token = z.string({ error: 'The link is incomplete' }).check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, 'The link is incomplete'));

export const ChangePasswordInputSchema = strict({ currentPassword: currentPassword('Please enter your current password'), newPassword });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const ForgotPasswordInputSchema = strict({ email });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = strict({ token, newPassword });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const LinkTokenInputSchema = strict({ token });
export type LinkTokenInput = z.infer<typeof LinkTokenInputSchema>;

export const LinkStatusSchema = z.object({ valid: z.boolean() });

export const DeleteAccountInputSchema = strict({ password: currentPassword('Please enter your password to confirm') });
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

export const MessageSchema = z.object({ message: z.string() });
