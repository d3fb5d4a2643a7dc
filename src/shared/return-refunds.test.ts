import { describe, expect, it } from 'vitest';
import { BANK_OFFERS } from './bank-offers.ts';
import { rupees } from './money.ts';
import { paidOfferOf, type RefundedReturn, type RefundLine, returnRefund } from './return-refunds.ts';

const line = (id: number, lineTotal: number, quantity = 1, discount = 0): RefundLine => ({
  id,
  quantity,
  lineTotal,
  discount,
  replacementFor: null,
});
const HDFC = { charged: rupees(23_500), minOrder: rupees(20_000) };

/** Returns every step in turn, each refunded at what the rule says, and answers the refunds. */
function returnInTurn(
  lines: readonly RefundLine[],
  offer: { charged: number; minOrder: number } | undefined,
  steps: ReadonlyArray<[number, number]>,
): number[] {
  const refunded: RefundedReturn[] = [];
  return steps.map(([orderItemId, quantity]) => {
    const amount = returnRefund({ lines, refunded, offer }, { orderItemId, quantity });
    refunded.push({ orderItemId, quantity, amount });
    return amount;
  });
}

describe('a return’s refund', () => {
  it('without an offer is the line’s amount shared over its units, as before', () => {
    const lines = [line(1, rupees(15_000), 3, rupees(300)), line(2, rupees(10_000))];
    expect(
      returnInTurn(lines, undefined, [
        [1, 1],
        [1, 2],
        [2, 1],
      ]),
    ).toEqual([rupees(4_900), rupees(9_800), rupees(10_000)]);
  });

  it('withdraws the offer when what is kept falls below its minimum, and refunds the rest in full', () => {
    const lines = [line(1, rupees(15_000)), line(2, rupees(10_000))];
    // ₹10,000 kept, under ₹20,000: paid at full price, so ₹23,500 − ₹10,000 back; then the rest.
    expect(
      returnInTurn(lines, HDFC, [
        [1, 1],
        [2, 1],
      ]),
    ).toEqual([rupees(13_500), rupees(10_000)]);
    expect(
      returnInTurn(lines, HDFC, [
        [2, 1],
        [1, 1],
      ]),
    ).toEqual([rupees(8_500), rupees(15_000)]);
  });

  it('refunds a line’s share of the charge while what is kept still reaches the minimum', () => {
    const monitor = line(1, rupees(10_000));
    const laptop = line(2, rupees(15_000));
    const tablet = line(3, rupees(12_000));
    const offer = { charged: rupees(35_500), minOrder: rupees(20_000) };
    const refunds = returnInTurn([laptop, monitor, tablet], offer, [
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    // ₹27,000 kept: the monitor's share of ₹35,500 (₹9,594.60); then ₹12,000 kept, the offer goes.
    expect(refunds).toEqual([959_460, 1_390_540, rupees(12_000)]);
    expect(refunds.reduce((a, b) => a + b, 0)).toBe(rupees(35_500));
  });

  it('adds up to the charge however units are returned, a coupon’s discount and a replacement line included', () => {
    const lines = [line(1, rupees(15_000), 3, rupees(1_000)), line(2, rupees(9_999), 2), { ...line(3, 0), replacementFor: 1 }];
    const offer = { charged: rupees(22_499), minOrder: rupees(20_000) };
    const refunds = returnInTurn(lines, offer, [
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 1],
    ]);
    expect(refunds.every((amount) => amount >= 0)).toBe(true);
    expect(refunds.reduce((a, b) => a + b, 0)).toBe(rupees(22_499));
  });

  it('refuses more units than the line has, or a line the order did not pay for', () => {
    const lines = [line(1, rupees(15_000)), { ...line(2, 0), replacementFor: 1 }];
    expect(() => returnRefund({ lines, refunded: [], offer: HDFC }, { orderItemId: 1, quantity: 2 })).toThrow(RangeError);
    expect(() => returnRefund({ lines, refunded: [], offer: HDFC }, { orderItemId: 2, quantity: 1 })).toThrow(RangeError);
  });
});

describe('the offer an order was paid with', () => {
  const payment = (status: string, offer?: { id: string }) => ({ status, amount: rupees(23_500), details: offer ? { offer } : {} });

  it('is that of the payment that took the money, with the offer’s minimum', () => {
    expect(paidOfferOf([payment('failed', { id: 'hdfc-credit-10' }), payment('captured', { id: 'hdfc-credit-10' })], 0)).toEqual(HDFC);
    expect(paidOfferOf([payment('partially_refunded', { id: 'sbi-credit-5' })], rupees(40))).toEqual({
      charged: rupees(23_460),
      minOrder: BANK_OFFERS[2]!.minOrder,
    });
  });

  it('is none without an offer, and keeps no minimum for an offer no longer running', () => {
    expect(paidOfferOf([payment('captured')], 0)).toBeUndefined();
    expect(paidOfferOf([payment('captured', { id: 'gone-offer' })], 0)).toEqual({ charged: rupees(23_500), minOrder: 0 });
  });
});
