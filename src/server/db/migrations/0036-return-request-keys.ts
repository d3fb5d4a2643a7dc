import type { Kysely } from 'kysely';

/**
 * A return request's key (the form's, one per form opened): the same request sent twice, by a
 * double click or a retry after a lost answer, finds the return the first one made instead of
 * making a second. Unique per customer; returns asked for before it have none (nulls differ).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('returns').addColumn('request_key', 'text').execute();
  await db.schema.createIndex('returns_request_key_idx').on('returns').columns(['user_id', 'request_key']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('returns_request_key_idx').execute();
  await db.schema.alterTable('returns').dropColumn('request_key').execute();
}
