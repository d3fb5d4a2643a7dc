import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * GST tax invoices: one per shipment, issued as the seller marks it shipped. Each seller
 * numbers its invoices in a gap-free series per financial year (`invoice_series` keeps the last
 * number; it moves in the transaction that writes the invoice, so a rolled-back shipment leaves
 * no hole). An invoice keeps its document as issued (JSON): later edits to the shop or the
 * catalogue do not change it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('invoice_series')
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_series_pk', ['vendor_id', 'financial_year'])
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', t.id, id)
    .addColumn('fulfilment_id', 'integer', (c) => c.notNull().unique().references('fulfilments.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('issued_at', t.timestamp, (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_number_unique', ['vendor_id', 'financial_year', 'sequence'])
    .execute();
  await db.schema.createIndex('invoices_order_idx').on('invoices').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_series').execute();
}
