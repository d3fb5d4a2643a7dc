import { describe, expect, it } from 'vitest';
import { buildCreditNote, type CreditNoteDocument, creditedByLine, shareByRest } from './credit-note-document.ts';
import { buildInvoice, type InvoiceInput } from './invoice-document.ts';

const seller = { legalName: 'Test Traders Private Limited', tradeName: 'Test Traders', gstin: '29AABCT1234F1ZM', address: null };
const address = (state: string) => ({ name: 'Asha Menon', line1: '12 MG Road', line2: '', city: 'Somewhere', state, pincode: '560001' });
const invoiceTo = (state: string, lines: InvoiceInput['lines']) =>
  buildInvoice({
    number: 'INV/26-27/000004',
    financialYear: '2026-27',
    issuedAt: '2026-06-02T06:00:00.000Z',
    orderNumber: 'CB00000042',
    seller,
    buyer: address(state),
    buyerGst: null,
    lines,
  });
const LINES: InvoiceInput['lines'] = [
  { name: 'Lenovo ThinkPad E14', category: 'Laptop', quantity: 1, lineTotal: 129_999_00 },
  { name: 'LG 27 4K Monitor', category: 'Monitor', quantity: 2, lineTotal: 59_998_00 },
];

/** Credit notes for these amounts, one after another, against the invoice. */
function creditInTurn(invoice: ReturnType<typeof invoiceTo>, amounts: number[]): CreditNoteDocument[] {
  const notes: CreditNoteDocument[] = [];
  amounts.forEach((amount, n) => {
    notes.push(
      buildCreditNote({
        number: `CN/26-27/00000${n + 1}`,
        financialYear: '2026-27',
        issuedAt: '2026-06-10T06:00:00.000Z',
        reason: 'Returned',
        amount,
        invoice,
        creditedBefore: creditedByLine(invoice, notes),
      }),
    );
  });
  return notes;
}

const sumOf = (notes: CreditNoteDocument[], key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') =>
  notes.reduce((sum, note) => sum + note.totals[key], 0);

describe('credit notes’ figures', () => {
  it('shares an amount over lines by what is left of each, to the paisa', () => {
    expect(shareByRest(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(shareByRest(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(shareByRest(10, [0, 5, 5])).toEqual([0, 5, 5]);
    expect(shareByRest(1, [3, 7])).toEqual([0, 1]);
    // Amounts whose products pass 2^53 still share exactly.
    expect(shareByRest(9_000_000_000_01, [9_000_000_000_00, 9_000_000_000_00])).toEqual([4_500_000_000_01, 4_500_000_000_00]);
    expect(() => shareByRest(11, [5, 5])).toThrow(RangeError);
  });

  it('reverses a whole invoice exactly as it was charged: IGST to another state, CGST and SGST within the seller’s', () => {
    for (const state of ['Kerala', 'Karnataka']) {
      const invoice = invoiceTo(state, LINES);
      const [note] = creditInTurn(invoice, [invoice.totals.total]);
      expect(note!.totals).toEqual(invoice.totals);
      expect(note!.lines.map((line) => ({ ...line, invoiceLine: undefined }))).toEqual(
        invoice.lines.map(({ unitPrice: _, ...line }) => ({ ...line, invoiceLine: undefined })),
      );
      expect(note!.interState).toBe(state === 'Kerala');
      expect(note!.against).toEqual({ number: 'INV/26-27/000004', issuedAt: '2026-06-02T06:00:00.000Z' });
    }
  });

  it('adds up each partial note to its amount, and partial notes together to the invoice’s figures', () => {
    for (const state of ['Kerala', 'Karnataka']) {
      const invoice = invoiceTo(state, LINES);
      const amounts = [10_000_01, 33_333_33, 7, invoice.totals.total - 10_000_01 - 33_333_33 - 7];
      const notes = creditInTurn(invoice, amounts);
      notes.forEach((note, n) => {
        expect(note.totals.total).toBe(amounts[n]);
        for (const line of note.lines) {
          expect(line.taxable + line.cgst + line.sgst + line.igst).toBe(line.total);
          expect(Math.min(line.taxable, line.cgst, line.sgst, line.igst)).toBeGreaterThanOrEqual(0);
          // The tax goes the invoice's way: IGST only to another state, CGST and SGST only within.
          if (invoice.interState) expect(line.cgst + line.sgst).toBe(0);
          else expect(line.igst).toBe(0);
        }
      });
      for (const key of ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const) expect(sumOf(notes, key)).toBe(invoice.totals[key]);
    }
  });

  it('never lets a line go negative when paise are credited one by one', () => {
    // ₹0.10 at 18 %: 8 paise taxable and 2 of tax; four notes of 3, 3, 3 and 1 paise.
    const invoice = invoiceTo('Kerala', [{ name: 'Cable', category: 'Monitor', quantity: 1, lineTotal: 10 }]);
    const notes = creditInTurn(invoice, [3, 3, 3, 1]);
    for (const note of notes) expect(Math.min(note.totals.taxable, note.totals.igst)).toBeGreaterThanOrEqual(0);
    expect(sumOf(notes, 'taxable')).toBe(invoice.totals.taxable);
    expect(sumOf(notes, 'igst')).toBe(invoice.totals.igst);
  });

  it('names the invoiced quantity only on a line it credits in full', () => {
    const invoice = invoiceTo('Kerala', LINES);
    const [part] = creditInTurn(invoice, [50_000_00]);
    expect(part!.lines.map((line) => line.quantity)).toEqual([null, null]);
    const [whole] = creditInTurn(invoice, [invoice.totals.total]);
    expect(whole!.lines.map((line) => line.quantity)).toEqual([1, 2]);
  });
});
