import type { Kysely } from 'kysely';

/**
 * vendors.payouts_held_until: after a seller replaces the bank account, GSTIN, PAN or legal name,
 * its payouts wait until this time (ISO, UTC) so a stolen session cannot redirect the shop's money
 * before the seller reads the mail; an admin may lift the hold earlier.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vendors').addColumn('payouts_held_until', 'text').execute();
}
