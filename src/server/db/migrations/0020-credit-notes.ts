import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * GST credit notes: money refunded on an invoiced shipment goes out with a credit note
 * against its invoice, written in the refund's transaction. Each seller numbers its credit notes in
 * a series of their own per financial year (`credit_note_series`, moved in that transaction, so a
 * rolled-back refund leaves no hole). An invoice keeps its total and how much of it has been
 * credited: the guarded update of `credited` is what stops two refunds crediting more than the
 * invoice between them. A credit note keeps its document as issued (JSON).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .alterTable('invoices')
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('credited', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Invoices issued before this migration: their total is their shipment's lines, as on the document.
  await sql`update invoices set total = coalesce((select sum(line_total) from order_items where order_items.fulfilment_id = invoices.fulfilment_id), 0)`.execute(
    db,
  );
  await db.schema
    .createTable('credit_note_series')
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('credit_note_series_pk', ['vendor_id', 'financial_year'])
    .execute();
  await db.schema
    .createTable('credit_notes')
    .addColumn('id', t.id, id)
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('issued_at', t.timestamp, (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addUniqueConstraint('credit_notes_number_unique', ['vendor_id', 'financial_year', 'sequence'])
    .execute();
  await db.schema.createIndex('credit_notes_invoice_idx').on('credit_notes').column('invoice_id').execute();
  await db.schema.createIndex('credit_notes_order_idx').on('credit_notes').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_notes').execute();
  await db.schema.dropTable('credit_note_series').execute();
  await db.schema.alterTable('invoices').dropColumn('credited').execute();
  await db.schema.alterTable('invoices').dropColumn('total').execute();
}
