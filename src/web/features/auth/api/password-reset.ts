import { LinkStatusSchema, MessageSchema, type ForgotPasswordInput, type ResetPasswordInput } from '#shared/schemas/account-security.ts';
import { z } from '#shared/schemas/zod-mini.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** "Forgot password?": the same answer whether or not an account uses the address. */
export function requestPasswordReset(input: ForgotPasswordInput) {
  return apiRequest('/auth/forgot-password', { method: 'POST', body: input, schema: MessageSchema });
}

/** Whether a reset link can still be used (so the page says so before a password is typed). */
export function checkResetLink(token: string) {
  return apiRequest('/auth/reset-password/check', { method: 'POST', body: { token }, schema: LinkStatusSchema });
}

/** Sets the new password; 410 LINK_INVALID when the link expired or was used. */
export function resetPassword(input: ResetPasswordInput) {
  return apiRequest('/auth/reset-password', { method: 'POST', body: input, schema: z.null() });
}

/** Spends the e-mail verification link; 410 LINK_INVALID when it expired or was used. */
export function verifyEmail(token: string) {
  return apiRequest('/auth/verify-email', { method: 'POST', body: { token }, schema: z.null() });
}

/** The token of a mailed link, which comes after `#` (never sent to the server with the page). */
export function linkToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
