import { AppError } from '#shared/errors.ts';
import { financialYear, invoiceNumber } from '#shared/gst.ts';
import { type Db, type DbOrTx, toIso } from '#server/db/database.ts';
import { orderNumber } from '#server/modules/orders/orders.service.ts';
import { buildInvoice, type InvoiceAddress, type InvoiceDocument } from './invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/** An invoice as a list shows it: which shipment, its number, and where it is downloaded. */
export interface InvoiceSummary {
  id: number;
  fulfilmentId: number;
  number: string;
  issuedAt: string;
}

/** Who asks for an invoice: its buyer, its seller, or an admin. Anyone else gets a 404. */
export type InvoiceReader = { kind: 'customer'; userId: string } | { kind: 'vendor'; vendorId: number } | { kind: 'admin' };

/**
 * GST tax invoices: one per shipment, issued in the transaction that marks it shipped, numbered
 * without gaps in the seller's series for the financial year, kept as issued and drawn as a PDF.
 */
export function createInvoicesService({ db }: { db: Db }) {
  /** The seller's next number in the year's series: the series row is locked by the update until the transaction ends. */
  async function nextSequence(tx: DbOrTx, vendorId: number, year: string): Promise<number> {
    await tx.insertInto('invoice_series').values({ vendor_id: vendorId, financial_year: year, last_number: 0 }).onConflict((oc) => oc.columns(['vendor_id', 'financial_year']).doNothing()).execute();
    const row = await tx
      .updateTable('invoice_series')
      .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
      .where('vendor_id', '=', vendorId)
      .where('financial_year', '=', year)
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return row.last_number;
  }

  return {
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
        ])
        .where('fulfilments.id', '=', fulfilmentId)
        .executeTakeFirstOrThrow();
      const lines = await tx
        .selectFrom('order_items')
        .innerJoin('products', 'products.id', 'order_items.product_id')
        .select(['order_items.name', 'products.category', 'order_items.quantity', 'order_items.line_total'])
        .where('order_items.fulfilment_id', '=', fulfilmentId)
        .orderBy('order_items.id')
        .execute();
      const year = financialYear(at);
      const sequence = await nextSequence(tx, shipment.vendor_id, year);
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
        buyerGst: shipment.buyer_gstin && shipment.buyer_business_name ? { gstin: shipment.buyer_gstin, businessName: shipment.buyer_business_name } : null,
        lines: lines.map((line) => ({ name: line.name, category: line.category, quantity: line.quantity, lineTotal: Number(line.line_total) })),
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
        })
        .execute();
    },

    /** The invoices of these shipments, by shipment. */
    async forFulfilments(fulfilmentIds: readonly number[]): Promise<Map<number, InvoiceSummary>> {
      if (fulfilmentIds.length === 0) return new Map();
      const rows = await db.selectFrom('invoices').select(['id', 'fulfilment_id', 'number', 'issued_at']).where('fulfilment_id', 'in', fulfilmentIds).execute();
      return new Map(rows.map((row) => [row.fulfilment_id, { id: row.id, fulfilmentId: row.fulfilment_id, number: row.number, issuedAt: toIso(row.issued_at) }]));
    },

    /** The invoice as issued, for its buyer, its seller or an admin; 404 for anyone else, as for one that does not exist. */
    async document(invoiceId: number, reader: InvoiceReader): Promise<InvoiceDocument> {
      const row = await db.selectFrom('invoices').select(['user_id', 'vendor_id', 'document']).where('id', '=', invoiceId).executeTakeFirst();
      const allowed =
        row !== undefined && (reader.kind === 'admin' || (reader.kind === 'customer' && row.user_id === reader.userId) || (reader.kind === 'vendor' && row.vendor_id === reader.vendorId));
      if (!allowed) throw new AppError('NOT_FOUND', 'Invoice not found');
      return JSON.parse(row.document) as InvoiceDocument;
    },

    pdf: renderInvoicePdf,
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
