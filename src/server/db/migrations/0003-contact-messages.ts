import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', t.id, (c) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) =>
      c.notNull().defaultTo(t.postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    )
    .execute();
  await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
}
