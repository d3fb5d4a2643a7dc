import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * Money safety under faults.
 * - payments.attempt_key: our idempotency key for the gateway, known before it is asked, so a
 *   crash between asking and recording can be recovered by looking the attempt up.
 * - payments.awaiting: 'otp' or 'bank' while an open attempt waits for the shopper; NULL while
 *   the gateway is being asked (the attempt is in flight).
 * - one open attempt per order (a partial unique index), so a double click cannot charge twice.
 * - outbox: refunds and mails that must happen, retried until they do.
 * - sandbox_gateway: the built-in sandbox's own ledger (what a real gateway would remember).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema.alterTable('payments').addColumn('attempt_key', 'text').execute();
  await db.schema.alterTable('payments').addColumn('awaiting', 'text').execute();
  // Earlier attempts still open were waiting for an OTP or the bank page; only the newest per order stays open.
  await sql`UPDATE payments SET awaiting = CASE WHEN method = 'netbanking' THEN 'bank' ELSE 'otp' END WHERE status = 'created'`.execute(db);
  await sql`UPDATE payments SET status = 'failed', failure_reason = 'Replaced by a newer payment attempt'
    WHERE status = 'created' AND EXISTS (SELECT 1 FROM payments newer WHERE newer.order_id = payments.order_id AND newer.status = 'created' AND newer.id > payments.id)`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX payments_attempt_key_idx ON payments (attempt_key)`.execute(db);
  await sql`CREATE UNIQUE INDEX payments_one_open_attempt_idx ON payments (order_id) WHERE status = 'created'`.execute(db);

  await db.schema.alterTable('refunds').addColumn('outbox_id', 'integer').execute();
  await sql`CREATE UNIQUE INDEX refunds_outbox_idx ON refunds (outbox_id)`.execute(db);

  await db.schema
    .createTable('outbox')
    .addColumn('id', t.id, id)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('refund', 'mail')`))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('ref', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'done')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    .addColumn('locked_until', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('done_at', t.timestamp)
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_ref_idx').on('outbox').column('ref').execute();

  await db.schema
    .createTable('sandbox_gateway')
    .addColumn('id', t.id, id)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('method', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('action', 'text')
    .addColumn('reason', 'text')
    .addColumn('charge_reference', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_gateway').execute();
  await db.schema.dropTable('outbox').execute();
  await sql`DROP INDEX refunds_outbox_idx`.execute(db);
  await db.schema.alterTable('refunds').dropColumn('outbox_id').execute();
  await sql`DROP INDEX payments_one_open_attempt_idx`.execute(db);
  await sql`DROP INDEX payments_attempt_key_idx`.execute(db);
  await db.schema.alterTable('payments').dropColumn('awaiting').execute();
  await db.schema.alterTable('payments').dropColumn('attempt_key').execute();
}
