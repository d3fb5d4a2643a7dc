import { allocateRefund } from '#shared/credit-notes.ts';
import { AppError } from '#shared/errors.ts';
import { creditNoteNumber, financialYear, invoiceNumber } from '#shared/gst.ts';
import { formatPrice } from '#shared/money.ts';
import { orderNumber } from '#shared/order-number.ts';
import { type Db, type DbOrTx, toIso } from '#server/db/database.ts';
import { buildCreditNote, type CreditNoteDocument, creditedByLine } from './credit-note-document.ts';
import * as creditNotes from './credit-notes.repository.ts';
import { buildInvoice, type InvoiceAddress, type InvoiceDocument } from './invoice-document.ts';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf.ts';

export type { CreditNoteSummary } from './credit-notes.repository.ts';

/** An invoice as a list shows it: which shipment, its number, and where it is downloaded. */
export interface InvoiceSummary {
  id: number;
  fulfilmentId: number;
  number: string;
  issuedAt: string;
}

/** Who asks for an invoice: its buyer, its seller, or an admin. Anyone else gets a 404. */
export type InvoiceReader = { kind: 'customer'; userId: string } | { kind: 'vendor'; vendorId: number } | { kind: 'admin' };

/** An invoice of an order with what is left to credit on it, for the refund form. */
export interface CreditableInvoice {
  id: number;
  number: string;
  total: number;
  /** paise not yet credited */
  creditable: number;
}

/** The buyer, the seller and admins read a tax document; nobody else learns it exists. */
function mayRead(reader: InvoiceReader, row: { user_id: string; vendor_id: number }): boolean {
  return (
    reader.kind === 'admin' ||
    (reader.kind === 'customer' && row.user_id === reader.userId) ||
    (reader.kind === 'vendor' && row.vendor_id === reader.vendorId)
  );
}

/**
 * GST tax invoices: one per shipment, issued in the transaction that marks it shipped, numbered
 * without gaps in the seller's series for the financial year, kept as issued and drawn as a PDF.
 * And their credit notes: money refunded on an invoice, issued in the refund's transaction (the
 * claim on the payment and the credit note are written together or not at all), numbered in the
 * seller's own credit note series, never crediting more than is left on the invoice.
 */
export function createInvoicesService({ db }: { db: Db }) {
  /**
   * Issues a credit note for `amount` (paise, GST included) of an invoice, inside the caller's
   * transaction (a refund's, or a return's): the invoice's parties and place of supply, its
   * number and date, the reason, and the taxable value and tax reversed line by line as the
   * invoice charged them (see buildCreditNote). 409 when less than `amount` is left un-credited
   * on the invoice. Locks the invoice's row, then the seller's credit note series. `line` (a
   * return of one order line): the note credits that invoice line alone, when enough of it is left
   * (otherwise the invoice's lines in proportion, as a refund's).
   */
  async function issueCreditNote(
    tx: DbOrTx,
    { invoiceId, amount, reason, line, at = new Date() }: { invoiceId: number; amount: number; reason: string; line?: number; at?: Date },
  ): Promise<creditNotes.CreditNoteSummary> {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new AppError('VALIDATION_FAILED', 'A credit note is for a whole number of paise more than 0');
    const invoice = await creditNotes.takeCredit(tx, invoiceId, amount);
    if (!invoice) {
      const found = await creditNotes.findCreditable(tx, invoiceId);
      if (!found) throw new AppError('NOT_FOUND', 'Invoice not found');
      const left = found.total - found.credited;
      throw new AppError(
        'CONFLICT',
        left > 0
          ? `At most ${formatPrice(left)} is left to credit on invoice ${found.number}`
          : `Invoice ${found.number} has been credited in full`,
      );
    }
    const document = JSON.parse(invoice.document) as InvoiceDocument;
    const earlier = (await creditNotes.creditNoteDocumentsOf(tx, invoiceId)).map((text) => JSON.parse(text) as CreditNoteDocument);
    const year = financialYear(at);
    const sequence = await creditNotes.nextInSeries(tx, 'credit_note_series', invoice.vendor_id, year);
    const number = creditNoteNumber(year, sequence);
    const creditedBefore = creditedByLine(document, earlier);
    const lineLeft = line === undefined ? 0 : (document.lines[line]?.total ?? 0) - (creditedBefore[line] ?? 0);
    const note = buildCreditNote({
      number,
      financialYear: year,
      issuedAt: at.toISOString(),
      reason,
      amount,
      invoice: document,
      creditedBefore,
      ...(line !== undefined && lineLeft >= amount ? { line } : {}),
    });
    const id = await creditNotes.insertCreditNote(tx, {
      invoiceId,
      orderId: invoice.order_id,
      vendorId: invoice.vendor_id,
      userId: invoice.user_id,
      financialYear: year,
      sequence,
      number,
      amount,
      reason,
      issuedAt: note.issuedAt,
      document: JSON.stringify(note),
    });
    return { id, invoiceId, number, amount, issuedAt: note.issuedAt };
  }

  return {
    /** The invoices and credit notes of these orders now belong to this customer (a guest's orders joining their account). */
    async moveToCustomer(tx: DbOrTx, orderIds: readonly number[], userId: string): Promise<void> {
      if (orderIds.length === 0) return;
      await tx.updateTable('invoices').set({ user_id: userId }).where('order_id', 'in', orderIds).execute();
      await tx.updateTable('credit_notes').set({ user_id: userId }).where('order_id', 'in', orderIds).execute();
    },

    /**
     * Issues the shipment's invoice, inside the caller's transaction (the one marking it shipped):
     * the seller, buyer and lines as they stand now. A shipment has one invoice; asked again, it
     * keeps the first.
     */
    async issue(tx: DbOrTx, fulfilmentId: number, at: Date): Promise<void> {
      const existing = await tx.selectFrom('invoices').select('id').where('fulfilment_id', '=', fulfilmentId).executeTakeFirst();
      if (existing) return;
      const shipment = await tx
        .selectFrom('fulfilments')
        .innerJoin('orders', 'orders.id', 'fulfilments.order_id')
        .innerJoin('vendors', 'vendors.id', 'fulfilments.vendor_id')
        .select([
          'fulfilments.order_id',
          'fulfilments.vendor_id',
          'orders.user_id',
          'orders.address',
          'orders.buyer_gstin',
          'orders.buyer_business_name',
          'vendors.name',
          'vendors.legal_name',
          'vendors.gstin',
          'vendors.pickup_address',
          'orders.coupon_code',
        ])
        .where('fulfilments.id', '=', fulfilmentId)
        .executeTakeFirstOrThrow();
      const lines = await tx
        .selectFrom('order_items')
        .innerJoin('products', 'products.id', 'order_items.product_id')
        .select(['order_items.name', 'products.category', 'order_items.quantity', 'order_items.line_total', 'order_items.discount'])
        .where('order_items.fulfilment_id', '=', fulfilmentId)
        .orderBy('order_items.id')
        .execute();
      const year = financialYear(at);
      const sequence = await creditNotes.nextInSeries(tx, 'invoice_series', shipment.vendor_id, year);
      const number = invoiceNumber(year, sequence);
      const document = buildInvoice({
        number,
        financialYear: year,
        issuedAt: at.toISOString(),
        orderNumber: orderNumber(shipment.order_id),
        seller: {
          legalName: shipment.legal_name ?? shipment.name,
          tradeName: shipment.name,
          gstin: shipment.gstin,
          address: shipment.pickup_address ? (JSON.parse(shipment.pickup_address) as InvoiceAddress) : null,
        },
        buyer: JSON.parse(shipment.address) as InvoiceAddress,
        buyerGst:
          shipment.buyer_gstin && shipment.buyer_business_name
            ? { gstin: shipment.buyer_gstin, businessName: shipment.buyer_business_name }
            : null,
        lines: lines.map((line) => ({
          name: line.name,
          category: line.category,
          quantity: line.quantity,
          lineTotal: Number(line.line_total),
          discount: Number(line.discount),
        })),
        coupon: shipment.coupon_code ? { code: shipment.coupon_code } : null,
      });
      await tx
        .insertInto('invoices')
        .values({
          fulfilment_id: fulfilmentId,
          order_id: shipment.order_id,
          vendor_id: shipment.vendor_id,
          user_id: shipment.user_id,
          financial_year: year,
          sequence,
          number,
          issued_at: at.toISOString(),
          document: JSON.stringify(document),
          total: document.totals.total,
        })
        .execute();
    },

    issueCreditNote,

    /**
     * Credits a refund of `amount` on an order's payment against its invoices, in the refund's
     * transaction, by the rule in shared/credit-notes.ts: the invoice the admin names (`against`),
     * none (null: money no invoice covers), or, named nothing, the one invoice left to credit or
     * every invoice in full for a refund of everything left (`left`: what was refundable on the
     * payment before this refund). The notes are issued seller by seller in a fixed order, so two
     * refunds crediting the same sellers take their series in the same order and never deadlock.
     */
    async creditRefund(
      tx: DbOrTx,
      {
        orderId,
        amount,
        left,
        reason,
        against,
        at = new Date(),
      }: { orderId: number; amount: number; left: number; reason: string; against?: number | null; at?: Date },
    ): Promise<creditNotes.CreditNoteSummary[]> {
      const invoices = await creditNotes.creditableOfOrder(tx, orderId);
      const allocation = allocateRefund({
        amount,
        left,
        invoices: invoices.map((invoice) => ({ id: invoice.id, number: invoice.number, creditable: invoice.total - invoice.credited })),
        against,
      });
      if (!allocation.ok) throw new AppError(allocation.code, allocation.message);
      const vendorOf = new Map(invoices.map((invoice) => [invoice.id, invoice.vendorId]));
      const credits = allocation.credits.toSorted(
        (a, b) => vendorOf.get(a.invoiceId)! - vendorOf.get(b.invoiceId)! || a.invoiceId - b.invoiceId,
      );
      const issued: creditNotes.CreditNoteSummary[] = [];
      for (const credit of credits)
        issued.push(await issueCreditNote(tx, { invoiceId: credit.invoiceId, amount: credit.amount, reason, at }));
      return issued;
    },

    /** The order's invoices, oldest first, with what is left to credit on each. */
    async creditableOf(orderId: number, tx: DbOrTx = db): Promise<CreditableInvoice[]> {
      return (await creditNotes.creditableOfOrder(tx, orderId)).map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        total: invoice.total,
        creditable: invoice.total - invoice.credited,
      }));
    },

    /** The credit notes against these invoices, or of these orders, oldest first. */
    creditNotesOf: (of: { invoiceIds: readonly number[] } | { orderIds: readonly number[] }, tx: DbOrTx = db) =>
      creditNotes.creditNotesOf(tx, of),

    /** The invoices of these shipments, by shipment. */
    async forFulfilments(fulfilmentIds: readonly number[]): Promise<Map<number, InvoiceSummary>> {
      if (fulfilmentIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('invoices')
        .select(['id', 'fulfilment_id', 'number', 'issued_at'])
        .where('fulfilment_id', 'in', fulfilmentIds)
        .execute();
      return new Map(
        rows.map((row) => [
          row.fulfilment_id,
          { id: row.id, fulfilmentId: row.fulfilment_id, number: row.number, issuedAt: toIso(row.issued_at) },
        ]),
      );
    },

    /** The invoice as issued, for its buyer, its seller or an admin; 404 for anyone else, as for one that does not exist. */
    async document(invoiceId: number, reader: InvoiceReader): Promise<InvoiceDocument> {
      const row = await db
        .selectFrom('invoices')
        .select(['user_id', 'vendor_id', 'document'])
        .where('id', '=', invoiceId)
        .executeTakeFirst();
      if (!row || !mayRead(reader, row)) throw new AppError('NOT_FOUND', 'Invoice not found');
      return JSON.parse(row.document) as InvoiceDocument;
    },

    pdf: renderInvoicePdf,

    /** The credit note as issued, for its buyer, its seller or an admin; 404 for anyone else, as for one that does not exist. */
    async creditNoteDocument(creditNoteId: number, reader: InvoiceReader): Promise<CreditNoteDocument> {
      const row = await creditNotes.findCreditNote(db, creditNoteId);
      if (!row || !mayRead(reader, row)) throw new AppError('NOT_FOUND', 'Credit note not found');
      return JSON.parse(row.document) as CreditNoteDocument;
    },

    creditNotePdf: renderCreditNotePdf,
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
