import { type DbOrTx, toIso } from '#server/db/database.ts';

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string | null;
  topic: string;
  orderNumber: string | null;
  message: string;
}

export async function insertContactMessage(db: DbOrTx, message: NewContactMessage): Promise<{ id: number; createdAt: string }> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      name: message.name,
      email: message.email,
      phone: message.phone,
      topic: message.topic,
      order_number: message.orderNumber,
      message: message.message,
      created_at: new Date().toISOString(),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, createdAt: toIso(row.created_at) };
}

export async function findContactMessage(db: DbOrTx, id: number) {
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}
