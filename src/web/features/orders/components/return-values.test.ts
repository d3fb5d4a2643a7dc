import { describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { returnRefund } from '#shared/return-refunds.ts';
import { refundBasis } from './return-values.ts';

const items = [
  { id: 1, quantity: 1, lineTotal: rupees(15_000), discount: 0, replacementFor: null },
  { id: 2, quantity: 2, lineTotal: rupees(20_000), discount: 0, replacementFor: null },
];
const hdfc = {
  status: 'captured',
  amount: rupees(33_500),
  details: { offer: { id: 'hdfc-credit-10', title: 'HDFC', discount: rupees(1_500) } },
} as never;

describe('the return form’s refund estimate', () => {
  it('counts only returns refunded already, and the bank offer the order was paid with, as the server does', () => {
    const basis = refundBasis({
      items,
      returns: [{ orderItemId: 2, quantity: 1, amount: rupees(9_000), status: 'picked_up' }],
      payments: [hdfc],
      shipping: 0,
    });
    expect(basis.refunded).toEqual([]);
    expect(basis.offer).toEqual({ charged: rupees(33_500), minOrder: rupees(20_000) });
    // ₹20,000 kept reaches the minimum: the laptop's share of ₹33,500 (15/35).
    expect(returnRefund(basis, { orderItemId: 1, quantity: 1 })).toBe(1_435_714);
  });

  it('takes a guest’s tracked order’s offer as /track gives it, and none is the line’s price', () => {
    const returns = [{ orderItemId: 2, quantity: 1, amount: rupees(10_000), status: 'refunded' }];
    expect(returnRefund(refundBasis({ items, returns, paidOffer: null }), { orderItemId: 2, quantity: 1 })).toBe(rupees(10_000));
    const paidOffer = { charged: rupees(33_500), minOrder: rupees(20_000) };
    // ₹15,000 kept is under the minimum: ₹33,500 − ₹15,000 − ₹10,000 back.
    expect(returnRefund(refundBasis({ items, returns, paidOffer }), { orderItemId: 2, quantity: 1 })).toBe(rupees(8_500));
  });
});
