import type { Category } from '#shared/categories.ts';
import { lineTax, rupeesInWords, stateOfGstin } from '#shared/gst.ts';

export interface InvoiceAddress {
  name: string;
  phone?: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pincode: string;
}

/** What an invoice is drawn from, as it stood when the shipment left the seller. */
export interface InvoiceInput {
  number: string;
  financialYear: string;
  issuedAt: string;
  orderNumber: string;
  seller: { legalName: string; tradeName: string; gstin: string | null; address: InvoiceAddress | null };
  /** the delivery address: billed and shipped to */
  buyer: InvoiceAddress;
  /** a business buyer claiming input tax credit: the invoice is B2B, made out to it */
  buyerGst: { gstin: string; businessName: string } | null;
  /** each line's price before the coupon, and its share of the coupon's discount (0 without one) */
  lines: ReadonlyArray<{ name: string; category: Category; quantity: number; lineTotal: number; discount?: number }>;
  /** the order's coupon, when it had one */
  coupon?: { code: string } | null;
}

export interface InvoiceLine {
  name: string;
  hsn: string;
  quantity: number;
  /** GST-inclusive price of one unit, paise */
  unitPrice: number;
  taxable: number;
  ratePercent: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  /** the coupon's discount on this line, already out of the taxable value and the total */
  discount?: number;
}

/** A tax invoice as kept (the document never changes once issued) and drawn as a PDF. */
export interface InvoiceDocument extends Omit<InvoiceInput, 'lines'> {
  /** the state the goods go to: CGST + SGST when it is the seller's own, IGST otherwise */
  placeOfSupply: string;
  sellerState: string | null;
  interState: boolean;
  lines: InvoiceLine[];
  totals: { taxable: number; cgst: number; sgst: number; igst: number; total: number; discount?: number };
  amountInWords: string;
}

/**
 * The invoice of one shipment. Prices include GST: each line's tax is taken out of it at its
 * category's rate, so the invoice's total is what the buyer paid for those lines. A coupon's
 * discount is a discount on the invoice (section 15(3)(a) of the CGST Act): it comes off the
 * line's value before the tax is taken out, lowering the taxable value and the tax. The seller's
 * state is its GSTIN's (or its pickup address's); the place of supply is the delivery state.
 */
export function buildInvoice(input: InvoiceInput): InvoiceDocument {
  const sellerState = (input.seller.gstin ? stateOfGstin(input.seller.gstin) : undefined) ?? input.seller.address?.state ?? null;
  const placeOfSupply = input.buyer.state;
  const interState = sellerState !== placeOfSupply;
  const lines = input.lines.map((line): InvoiceLine => {
    const discount = line.discount ?? 0;
    const paid = line.lineTotal - discount;
    const { hsn, ratePercent, ...tax } = lineTax(line.category, paid, !interState);
    return {
      name: line.name,
      hsn,
      quantity: line.quantity,
      unitPrice: Math.round(line.lineTotal / line.quantity),
      ratePercent,
      ...tax,
      total: paid,
      ...(discount > 0 ? { discount } : {}),
    };
  });
  const sum = (key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') => lines.reduce((total, line) => total + line[key], 0);
  const discount = lines.reduce((total, line) => total + (line.discount ?? 0), 0);
  const totals = {
    taxable: sum('taxable'),
    cgst: sum('cgst'),
    sgst: sum('sgst'),
    igst: sum('igst'),
    total: sum('total'),
    ...(discount > 0 ? { discount } : {}),
  };
  return { ...input, placeOfSupply, sellerState, interState, lines, totals, amountInWords: rupeesInWords(totals.total) };
}
