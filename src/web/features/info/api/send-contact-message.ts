import { useMutation } from '@tanstack/react-query';
import { ContactMessageReceiptSchema, type ContactMessageReceipt, type CreateContactMessageInput } from '#shared/schemas/contact.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Sends a message from the contact form; the server answers with a receipt carrying its reference. */
export function sendContactMessage(input: CreateContactMessageInput): Promise<ContactMessageReceipt> {
  return apiRequest('/contact', { method: 'POST', body: input, schema: ContactMessageReceiptSchema });
}

export function useSendContactMessage() {
  return useMutation({
    mutationKey: ['contact-message', 'send'],
    mutationFn: sendContactMessage,
  });
}
