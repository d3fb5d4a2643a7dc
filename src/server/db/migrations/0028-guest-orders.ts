import type { Kysely } from 'kysely';

/**
 * Guest checkout. A guest's order belongs, as every order does, to a row of users:
 * one made for that checkout, with a placeholder e-mail no one can sign in with (as a deleted
 * account's), no password and no session, and `guest_email`, the address the shopper gave, which
 * marks the row as a guest's. So orders, payments, invoices and credit notes keep one owner column
 * and every owner-scoped query stays as it is; the order is reached with a token derived from
 * its id (see checkout/guest-order-token.ts), never by its id alone.
 *
 * When an account with that e-mail is verified, its guest rows' orders (and their invoices and
 * credit notes) move to the account and the guest rows go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('guest_email', 'text').execute();
  await db.schema.createIndex('users_guest_email_idx').on('users').column('guest_email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_guest_email_idx').execute();
  await db.schema.alterTable('users').dropColumn('guest_email').execute();
}
