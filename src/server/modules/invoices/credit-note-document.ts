import { rupeesInWords, splitTax, type TaxSplit } from '#shared/gst.ts';
import type { InvoiceDocument } from './invoice-document.ts';

/** A line of a credit note: how much of one invoice line it credits, and the tax in that. */
export interface CreditNoteLine {
  /** the invoice line it credits, by position */
  invoiceLine: number;
  name: string;
  hsn: string;
  /** the invoice line's quantity when the note credits the whole line; null for part of its value */
  quantity: number | null;
  taxable: number;
  ratePercent: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/**
 * A GST credit note (section 34 of the CGST Act) as kept and drawn as a PDF: the parties and place
 * of supply of the invoice it is against, that invoice's number and date, the reason, and the
 * taxable value and tax it reverses, split as on the invoice (CGST + SGST, or IGST).
 */
export interface CreditNoteDocument extends Pick<
  InvoiceDocument,
  'orderNumber' | 'seller' | 'buyer' | 'buyerGst' | 'placeOfSupply' | 'sellerState' | 'interState'
> {
  number: string;
  financialYear: string;
  issuedAt: string;
  against: { number: string; issuedAt: string };
  reason: string;
  lines: CreditNoteLine[];
  totals: { taxable: number; cgst: number; sgst: number; igst: number; total: number };
  amountInWords: string;
}

/** How much of each invoice line (by position) these credit notes have credited, paise. */
export function creditedByLine(invoice: InvoiceDocument, notes: readonly CreditNoteDocument[]): number[] {
  const credited = invoice.lines.map(() => 0);
  for (const line of notes.flatMap((note) => note.lines)) credited[line.invoiceLine] = (credited[line.invoiceLine] ?? 0) + line.total;
  return credited;
}

export interface CreditNoteInput {
  number: string;
  financialYear: string;
  issuedAt: string;
  reason: string;
  /** paise credited, GST included: more than 0 and at most what is left un-credited on the invoice */
  amount: number;
  invoice: InvoiceDocument;
  /** how much of each invoice line (by position) earlier credit notes credited, paise */
  creditedBefore: readonly number[];
  /** a return of one line: the note credits that invoice line (by position) alone */
  line?: number;
}

/**
 * Shares `amount` among the lines in proportion to what is left of each, in whole paise that add
 * up to it exactly: each line gets its share rounded down, and the paise still over go one each to
 * the lines with the largest fractions (the first of equal ones). No line gets more than its rest.
 */
export function shareByRest(amount: number, rests: readonly number[]): number[] {
  const whole = rests.reduce((sum, rest) => sum + rest, 0);
  if (amount < 0 || amount > whole) throw new RangeError(`Cannot share ${amount} over ${whole}`);
  if (whole === 0) return rests.map(() => 0);
  // BigInt: amount × rest can pass 2^53 for large orders.
  const shares = rests.map((rest) => {
    const scaled = BigInt(amount) * BigInt(rest);
    return { floor: Number(scaled / BigInt(whole)), fraction: scaled % BigInt(whole) };
  });
  let over = amount - shares.reduce((sum, share) => sum + share.floor, 0);
  const order = shares
    .map((_, at) => at)
    .sort((a, b) => (shares[b]!.fraction > shares[a]!.fraction ? 1 : shares[b]!.fraction < shares[a]!.fraction ? -1 : a - b));
  const result = shares.map((share) => share.floor);
  for (const at of order) {
    if (over === 0) break;
    result[at]! += 1;
    over -= 1;
  }
  return result;
}

/**
 * The credit note for `amount` of an invoice. Each line's tax is reversed as the invoice charged
 * it: a line's credited tax so far is always the tax of the amount credited so far, split at the
 * invoice's rate and CGST + SGST or IGST as on the invoice, and this note takes the difference. So
 * each note's lines add up exactly to what it credits, no part is ever negative, and the notes that
 * credit an invoice in full reverse exactly its taxable value, CGST, SGST and IGST.
 */
export function buildCreditNote(input: CreditNoteInput): CreditNoteDocument {
  const { invoice } = input;
  const rests = invoice.lines.map((line, at) =>
    input.line !== undefined && at !== input.line ? 0 : line.total - (input.creditedBefore[at] ?? 0),
  );
  const shares = shareByRest(input.amount, rests);
  const taxOf = (line: InvoiceDocument['lines'][number], credited: number): TaxSplit =>
    credited === line.total
      ? { taxable: line.taxable, cgst: line.cgst, sgst: line.sgst, igst: line.igst }
      : splitTax(credited, line.ratePercent, !invoice.interState);
  const lines = invoice.lines.flatMap((line, at): CreditNoteLine[] => {
    const share = shares[at]!;
    if (share === 0) return [];
    const before = input.creditedBefore[at] ?? 0;
    const [from, to] = [taxOf(line, before), taxOf(line, before + share)];
    return [
      {
        invoiceLine: at,
        name: line.name,
        hsn: line.hsn,
        quantity: share === line.total ? line.quantity : null,
        taxable: to.taxable - from.taxable,
        ratePercent: line.ratePercent,
        cgst: to.cgst - from.cgst,
        sgst: to.sgst - from.sgst,
        igst: to.igst - from.igst,
        total: share,
      },
    ];
  });
  const sum = (key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') => lines.reduce((total, line) => total + line[key], 0);
  const totals = { taxable: sum('taxable'), cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst'), total: sum('total') };
  return {
    number: input.number,
    financialYear: input.financialYear,
    issuedAt: input.issuedAt,
    against: { number: invoice.number, issuedAt: invoice.issuedAt },
    reason: input.reason,
    orderNumber: invoice.orderNumber,
    seller: invoice.seller,
    buyer: invoice.buyer,
    buyerGst: invoice.buyerGst,
    placeOfSupply: invoice.placeOfSupply,
    sellerState: invoice.sellerState,
    interState: invoice.interState,
    lines,
    totals,
    amountInWords: rupeesInWords(totals.total),
  };
}
