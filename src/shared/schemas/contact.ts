import { z } from 'zod';

export const CONTACT_TOPICS = ['Order', 'Returns & Refunds', 'Payments', 'Selling on the store', 'Other'] as const;

export const CreateContactMessageInputSchema = z
  .object({
    name: z.string().trim().min(2, 'Please enter your name').max(100, 'Name is too long'),
    email: z.email('Please enter a valid e-mail address').max(254).trim(),
    phone: z
      .string()
      .trim()
      .regex(/^(\+91[\s-]?)?[6-9]\d{9}$/, 'Please enter a 10-digit Indian mobile number')
      .optional()
      .or(z.literal('')),
    topic: z.enum(CONTACT_TOPICS, { error: 'Please choose a topic' }),
    orderNumber: z.string().trim().max(40).optional().or(z.literal('')),
    message: z.string().trim().min(10, 'Please write at least 10 characters').max(4000, 'Message must be at most 4000 characters'),
  })
  .strict();
export type CreateContactMessageInput = z.infer<typeof CreateContactMessageInputSchema>;

export const ContactMessageReceiptSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  createdAt: z.string(),
});
export type ContactMessageReceipt = z.infer<typeof ContactMessageReceiptSchema>;
