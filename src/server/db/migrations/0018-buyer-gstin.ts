import type { Kysely } from 'kysely';

/**
 * A business buying for its own use claims GST input tax credit: its GSTIN and the
 * name it is registered in go on the order, and on each of the order's tax invoices (B2B).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('buyer_gstin', 'text').execute();
  await db.schema.alterTable('orders').addColumn('buyer_business_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('buyer_business_name').execute();
  await db.schema.alterTable('orders').dropColumn('buyer_gstin').execute();
}
