import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * Abandoned payment attempts: an attempt the shopper never finished (replaced by a
 * newer one, by Cash on Delivery, or given up with its order) is marked when it is given up, so
 * that it reads "Abandoned" rather than as a failed or pending charge beside the paid one. Its
 * status stays 'failed': no money moved, and no money rule reads this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('payments').addColumn('abandoned_at', t.timestamp).execute();
  // Attempts given up before this column: those the store replaced.
  await sql`update payments set abandoned_at = updated_at where status = 'failed' and failure_reason like 'Replaced by %'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('abandoned_at').execute();
}
