import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * Account security and data rights. New customers verify their e-mail by a link; every
 * account that exists before this migration (the admin from ADMIN_EMAIL included) counts as
 * verified, so nothing that works today starts asking for it. `deleted_at` marks an account its
 * owner deleted: the row stays (orders and invoices point at it, as tax law requires) but its
 * name and e-mail are replaced. Requests for reset and verification mails are counted per e-mail,
 * address and account in `account_mail_requests`, so that every process sees the same limits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await sql`UPDATE users SET email_verified = ${t.postgres ? sql`true` : sql`1`}`.execute(db);
  await db.schema.alterTable('users').addColumn('deleted_at', t.timestamp).execute();
  await db.schema
    .createTable('account_mail_requests')
    .addColumn('id', t.id, (c) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('requested_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_mail_requests_key_idx').on('account_mail_requests').columns(['key', 'requested_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_mail_requests').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
