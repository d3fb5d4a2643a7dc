import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * Accounts. users, sessions, accounts and verifications are Better Auth's tables, in the shape its
 * Kysely adapter expects (ISO dates and 0/1 booleans on SQLite); role and status are ours.
 * Vendors gain their owner and business details; customers get an address book; failed sign-ins
 * are counted per account and per address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const date = t.postgres ? ('timestamptz' as const) : ('date' as const);
  const bool = t.postgres ? ('boolean' as const) : ('integer' as const);
  const now = t.postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', bool, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('customer')
        .check(sql`role in ('customer', 'vendor', 'admin')`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'suspended')`),
    )
    .execute();
  await db.schema.createIndex('users_role_created_idx').on('users').columns(['role', 'created_at']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', date, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', date)
    .addColumn('refresh_token_expires_at', date)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', date, (c) => c.notNull())
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute();

  await db.schema
    .alterTable('vendors')
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('vendors').addColumn('phone', 'text').execute();
  await db.schema.alterTable('vendors').addColumn('gstin', 'text').execute();
  await db.schema.createIndex('vendors_user_id_idx').on('vendors').column('user_id').unique().execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', t.id, (c) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('line2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').columns(['user_id', 'is_default', 'id']).execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', t.id, (c) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('failed_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_key_idx').on('sign_in_failures').columns(['key', 'failed_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema.dropTable('addresses').execute();
  await db.schema.dropIndex('vendors_user_id_idx').execute();
  for (const column of ['gstin', 'phone', 'user_id']) await db.schema.alterTable('vendors').dropColumn(column).execute();
  for (const table of ['verifications', 'accounts', 'sessions', 'users']) await db.schema.dropTable(table).execute();
}
