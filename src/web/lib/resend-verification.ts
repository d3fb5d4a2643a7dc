import { useMutation } from '@tanstack/react-query';
import { MessageSchema } from '#shared/schemas/account-security.ts';
import { apiRequest } from './api-client.ts';

/** Mails the signed-in user a new link to verify their e-mail: asked for on the account page and where a review waits for it. */
export function resendVerification() {
  return apiRequest('/account/verification-email', { method: 'POST', schema: MessageSchema });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
