import { describe, expect, it } from 'vitest';
import { allocateRefund, mustNameInvoice, uninvoicedLeft } from './credit-notes.ts';

const A = { id: 1, number: 'INV/26-27/000001', creditable: 100_000 };
const B = { id: 2, number: 'INV/26-27/000009', creditable: 50_000 };

describe('which invoices a refund is credited against', () => {
  it('credits the invoice the admin names, never more than is left on it', () => {
    expect(allocateRefund({ amount: 30_000, left: 150_000, invoices: [A, B], against: 2 })).toEqual({
      ok: true,
      credits: [{ invoiceId: 2, amount: 30_000 }],
    });
    expect(allocateRefund({ amount: 50_001, left: 150_000, invoices: [A, B], against: 2 })).toEqual({
      ok: false,
      code: 'CONFLICT',
      message: 'At most ₹500 is left to credit on invoice INV/26-27/000009',
    });
    expect(allocateRefund({ amount: 1, left: 150_000, invoices: [A, { ...B, creditable: 0 }], against: 2 })).toMatchObject({
      ok: false,
      message: 'Invoice INV/26-27/000009 has been credited in full',
    });
    expect(allocateRefund({ amount: 1, left: 150_000, invoices: [A, B], against: 3 })).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
  });

  it('refunds without a credit note only what no invoice covers', () => {
    // ₹1,500 left, ₹1,000 of it on invoice A: ₹500 is goods not yet shipped or the delivery charge.
    expect(uninvoicedLeft(150_000, [A])).toBe(50_000);
    expect(allocateRefund({ amount: 50_000, left: 150_000, invoices: [A], against: null })).toEqual({ ok: true, credits: [] });
    expect(allocateRefund({ amount: 50_001, left: 150_000, invoices: [A], against: null })).toMatchObject({
      ok: false,
      message: 'Only ₹500 of what is left is not on a tax invoice; refund the rest against an invoice',
    });
    expect(allocateRefund({ amount: 1, left: 100_000, invoices: [A], against: null })).toMatchObject({ ok: false });
  });

  it('decides alone when it is not ambiguous: no invoice, one invoice and nothing else, or everything left', () => {
    expect(allocateRefund({ amount: 10_000, left: 150_000, invoices: [] })).toEqual({ ok: true, credits: [] });
    expect(allocateRefund({ amount: 10_000, left: 100_000, invoices: [A, { ...B, creditable: 0 }] })).toEqual({
      ok: true,
      credits: [{ invoiceId: 1, amount: 10_000 }],
    });
    expect(allocateRefund({ amount: 160_000, left: 160_000, invoices: [A, B] })).toEqual({
      ok: true,
      credits: [
        { invoiceId: 1, amount: 100_000 },
        { invoiceId: 2, amount: 50_000 },
      ],
    });
    expect(mustNameInvoice(100_000, [A])).toBe(false);
  });

  it('asks which invoice when several are open, or when goods not yet invoiced are left beside one', () => {
    expect(mustNameInvoice(150_000, [A, B])).toBe(true);
    expect(allocateRefund({ amount: 10_000, left: 150_000, invoices: [A, B] })).toEqual({
      ok: false,
      code: 'CONFLICT',
      message: 'This order has 2 tax invoices left to credit: say which one the refund is against',
    });
    expect(mustNameInvoice(150_000, [A])).toBe(true);
    expect(allocateRefund({ amount: 10_000, left: 150_000, invoices: [A] })).toMatchObject({ ok: false, code: 'CONFLICT' });
    // Everything left, but the invoices' rest is more than that (money refunded as not invoiced, then its goods shipped).
    expect(allocateRefund({ amount: 120_000, left: 120_000, invoices: [A, B] })).toMatchObject({ ok: false });
  });
});
