import type { Kysely } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * A guest's return asked for at /track waits for the guest to open the link mailed to the order's
 * address (its token is kept hashed in `verifications`, as reset and verification links are):
 * `confirm_by` is when that link expires, null once it is confirmed and for every other return.
 * Until then the return is no seller's or admin's to act on, holds no units, and past it the
 * housekeeping drops it (the index finds those).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('returns').addColumn('confirm_by', t.timestamp).execute();
  await db.schema.createIndex('returns_confirm_by_idx').on('returns').column('confirm_by').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('returns_confirm_by_idx').execute();
  await db.schema.alterTable('returns').dropColumn('confirm_by').execute();
}
