import type { Kysely } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * "Notify me": a customer asks to hear when a product out of stock is back. One row per
 * customer and product; `notified_at` is set, in the transaction that queues the mail, by the one
 * process that wins it (a conditional update), so a shopper is told once however many workers see
 * the stock come back. Asking again after being told starts a new wait.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('stock_alerts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('notified_at', t.timestamp)
    .addPrimaryKeyConstraint('stock_alerts_pkey', ['user_id', 'product_id'])
    .execute();
  // Who waits for a product, looked up as its stock changes.
  await db.schema.createIndex('stock_alerts_product_idx').on('stock_alerts').columns(['product_id', 'notified_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_alerts').execute();
}
