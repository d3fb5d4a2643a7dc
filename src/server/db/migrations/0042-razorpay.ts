import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * A hosted-checkout gateway (Razorpay):
 * - payments.gateway_order_id: the gateway's order (order_…) an attempt is paid through, stored
 *   before the shopper is sent to pay; the attempt then waits with awaiting = 'gateway'.
 * - refunds.status and refunds.arn: a refund is pending until the gateway reports it processed
 *   (or failed), with the bank's reference (ARN). Refunds made before were done at once.
 * - gateway_events: every verified webhook, stored once by the gateway's event id.
 * - reconciliation_reports: the last reconciliation of each day with the gateway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('payments').addColumn('gateway_order_id', 'text').execute();
  await sql`CREATE UNIQUE INDEX payments_gateway_order_idx ON payments (gateway_order_id)`.execute(db);
  await db.schema
    .alterTable('refunds')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('processed'))
    .execute();
  await db.schema.alterTable('refunds').addColumn('arn', 'text').execute();
  await sql`CREATE INDEX refunds_reference_idx ON refunds (reference)`.execute(db);

  await db.schema
    .createTable('gateway_events')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addColumn('processed_at', t.timestamp)
    .addColumn('error', 'text')
    .addUniqueConstraint('gateway_events_event_unique', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('reconciliation_reports')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('ran_at', t.timestamp, (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reconciliation_reports_pk', ['provider', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reconciliation_reports').execute();
  await db.schema.dropTable('gateway_events').execute();
  await sql`DROP INDEX refunds_reference_idx`.execute(db);
  await db.schema.alterTable('refunds').dropColumn('arn').execute();
  await db.schema.alterTable('refunds').dropColumn('status').execute();
  await sql`DROP INDEX payments_gateway_order_idx`.execute(db);
  await db.schema.alterTable('payments').dropColumn('gateway_order_id').execute();
}
