import { type DbOrTx, toIso } from '#server/db/database.ts';

/** A credit note as lists show it. */
export interface CreditNoteSummary {
  id: number;
  invoiceId: number;
  number: string;
  amount: number;
  issuedAt: string;
}

/** An invoice with what is left to credit on it. */
export interface CreditableInvoiceRow {
  id: number;
  number: string;
  vendorId: number;
  total: number;
  credited: number;
}

/**
 * Adds `amount` to what the invoice has credited, only if that stays within its total: one guarded
 * update, so two refunds at once can never credit more than the invoice between them (on
 * PostgreSQL the second waits for the first's row and checks again). Its row stays locked until
 * the transaction ends. Undefined when the invoice is missing or has less than `amount` left.
 */
export async function takeCredit(db: DbOrTx, invoiceId: number, amount: number) {
  return db
    .updateTable('invoices')
    .set((eb) => ({ credited: eb('credited', '+', amount) }))
    .where('id', '=', invoiceId)
    .where((eb) => eb(eb('credited', '+', amount), '<=', eb.ref('total')))
    .returning(['id', 'number', 'order_id', 'vendor_id', 'user_id', 'document'])
    .executeTakeFirst();
}

export async function findCreditable(db: DbOrTx, invoiceId: number): Promise<CreditableInvoiceRow | undefined> {
  const row = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'vendor_id', 'total', 'credited'])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  return row && { id: row.id, number: row.number, vendorId: row.vendor_id, total: Number(row.total), credited: Number(row.credited) };
}

/** The order's invoices in the order they were issued, with what each has credited. */
export async function creditableOfOrder(db: DbOrTx, orderId: number): Promise<CreditableInvoiceRow[]> {
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'vendor_id', 'total', 'credited'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    vendorId: row.vendor_id,
    total: Number(row.total),
    credited: Number(row.credited),
  }));
}

/** The documents of the invoice's credit notes so far (JSON). */
export async function creditNoteDocumentsOf(db: DbOrTx, invoiceId: number): Promise<string[]> {
  const rows = await db.selectFrom('credit_notes').select('document').where('invoice_id', '=', invoiceId).orderBy('id').execute();
  return rows.map((row) => row.document);
}

/**
 * The seller's next number in the year's series of invoices or of credit notes: the series row is
 * locked by the update until the transaction ends, so a rolled-back document leaves no gap.
 */
export async function nextInSeries(
  db: DbOrTx,
  series: 'invoice_series' | 'credit_note_series',
  vendorId: number,
  year: string,
): Promise<number> {
  await db
    .insertInto(series)
    .values({ vendor_id: vendorId, financial_year: year, last_number: 0 })
    .onConflict((oc) => oc.columns(['vendor_id', 'financial_year']).doNothing())
    .execute();
  const row = await db
    .updateTable(series)
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('vendor_id', '=', vendorId)
    .where('financial_year', '=', year)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export async function insertCreditNote(
  db: DbOrTx,
  note: {
    invoiceId: number;
    orderId: number;
    vendorId: number;
    userId: string;
    financialYear: string;
    sequence: number;
    number: string;
    amount: number;
    reason: string;
    issuedAt: string;
    document: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('credit_notes')
    .values({
      invoice_id: note.invoiceId,
      order_id: note.orderId,
      vendor_id: note.vendorId,
      user_id: note.userId,
      financial_year: note.financialYear,
      sequence: note.sequence,
      number: note.number,
      amount: note.amount,
      reason: note.reason,
      issued_at: note.issuedAt,
      document: note.document,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The credit notes against these invoices, or of these orders, oldest first. */
export async function creditNotesOf(
  db: DbOrTx,
  of: { invoiceIds: readonly number[] } | { orderIds: readonly number[] },
): Promise<CreditNoteSummary[]> {
  const [column, ids] = 'invoiceIds' in of ? (['invoice_id', of.invoiceIds] as const) : (['order_id', of.orderIds] as const);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('credit_notes')
    .select(['id', 'invoice_id', 'number', 'amount', 'issued_at'])
    .where(column, 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    invoiceId: row.invoice_id,
    number: row.number,
    amount: Number(row.amount),
    issuedAt: toIso(row.issued_at),
  }));
}

/** A credit note's owners and document, for its buyer, its seller or an admin. */
export async function findCreditNote(db: DbOrTx, id: number) {
  return db.selectFrom('credit_notes').select(['user_id', 'vendor_id', 'document']).where('id', '=', id).executeTakeFirst();
}
