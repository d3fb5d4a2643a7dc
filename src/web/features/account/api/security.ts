import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type ChangePasswordInput } from '#shared/schemas/account-security.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** The JSON file of "Download my data": a plain link, the browser saves it. */
export const DATA_EXPORT_URL = '/api/account/data';

export function changePassword(input: ChangePasswordInput) {
  return apiRequest('/account/password', { method: 'POST', body: input, schema: z.null() });
}

export function signOutEverywhere() {
  return apiRequest('/account/sign-out-everywhere', { method: 'POST', schema: z.null() });
}

export function deleteAccount(password: string) {
  return apiRequest('/account', { method: 'DELETE', body: { password }, schema: z.null() });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

/**
 * After signing out everywhere or deleting the account, the browser loads the next page afresh:
 * nothing of the account stays in this page's memory, and the account page's guard does not send
 * it to the sign-in page first.
 */
export function leaveSignedOut(path: string): void {
  window.location.replace(path);
}
