import type { ContactMessageReceipt, CreateContactMessageInput } from '#shared/schemas/contact.ts';
import type { Db } from '#server/db/database.ts';
import * as repository from './contact.repository.ts';

export function contactReference(id: number): string {
  return `MSG-${String(id).padStart(6, '0')}`;
}

export function createContactService({ db }: { db: Db }) {
  return {
    async send(input: CreateContactMessageInput): Promise<ContactMessageReceipt> {
      const { id, createdAt } = await repository.insertContactMessage(db, {
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone || null,
        topic: input.topic,
        orderNumber: input.orderNumber || null,
        message: input.message,
      });
      return { id, reference: contactReference(id), createdAt };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
