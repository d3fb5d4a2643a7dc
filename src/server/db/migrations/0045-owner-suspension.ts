import type { Kysely } from 'kysely';

/**
 * The status a shop had when an admin suspended its owner's account, and returns to when the
 * account is reactivated; null while the owner is not suspended. The shop itself is `suspended`
 * meanwhile, so everything that reads `vendors.status` (storefront, sitemaps, buy boxes) takes it
 * off sale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vendors').addColumn('status_before_owner_suspension', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vendors').dropColumn('status_before_owner_suspension').execute();
}
