import type { Kysely } from 'kysely';

/**
 * A coupon for a customer's first order only (WELCOME10): see FIRST_ORDER_RULE in
 * src/shared/coupons.ts for what counts as an earlier order. Existing coupons are for any order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('coupons')
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('first_order_only').execute();
}
