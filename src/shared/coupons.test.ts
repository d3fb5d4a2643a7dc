import { describe, expect, it } from 'vitest';
import { describeCoupon, priceCoupon, spread, type CouponTerms } from './coupons.ts';
import { rupees } from './money.ts';

const terms = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({ code: 'SAVE10', kind: 'percent', value: 10, minOrder: 0, maxDiscount: null, category: null, vendor: null, ...overrides });
const laptop = { amount: rupees(54_999), category: 'Laptop' as const, vendorId: 1 };
const monitor = { amount: rupees(12_345), category: 'Monitor' as const, vendorId: 2 };

describe('coupon pricing', () => {
  it('takes a percentage down to the rupee, within the cap, spread over the lines to the paisa', () => {
    expect(priceCoupon(terms(), [laptop, monitor])).toEqual({ discount: rupees(6_734), perLine: [549_957, 123_443] });
    expect(priceCoupon(terms({ maxDiscount: rupees(1_500) }), [laptop, monitor])).toMatchObject({ discount: rupees(1_500) });
  });

  it('keeps to its category and seller, and never takes more than those lines cost', () => {
    expect(priceCoupon(terms({ category: 'Monitor' }), [laptop, monitor])).toEqual({ discount: rupees(1_234), perLine: [0, rupees(1_234)] });
    expect(priceCoupon(terms({ kind: 'flat', value: rupees(20_000), vendor: { id: 2, name: 'Monitor Mart' } }), [laptop, monitor])).toEqual({ discount: rupees(12_345), perLine: [0, rupees(12_345)] });
    expect(priceCoupon(terms({ category: 'Desktop' }), [laptop])).toEqual({ refusal: 'SAVE10 applies only to desktops' });
    expect(priceCoupon(terms({ category: 'Laptop', vendor: { id: 9, name: 'Nehru Place Computers' } }), [laptop])).toEqual({ refusal: 'SAVE10 applies only to laptops sold by Nehru Place Computers' });
  });

  it('needs its minimum of eligible items', () => {
    expect(priceCoupon(terms({ minOrder: rupees(60_000) }), [laptop])).toEqual({ refusal: 'SAVE10 needs ₹60,000 of eligible items; add ₹5,001 more' });
  });

  it('spreads an amount so the shares add up exactly', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(7, [0, 5, 0, 5])).toEqual([0, 4, 0, 3]);
    expect(spread(0, [3, 4])).toEqual([0, 0]);
  });

  it('describes itself for lists and the cart', () => {
    expect(describeCoupon(terms({ maxDiscount: rupees(1_500), minOrder: rupees(20_000) }))).toBe('10% off, up to ₹1,500 on ₹20,000 or more');
    expect(describeCoupon(terms({ kind: 'flat', value: rupees(500) }))).toBe('₹500 off');
    expect(describeCoupon({ ...terms({ minOrder: rupees(20_000), maxDiscount: rupees(2_000) }), firstOrderOnly: true })).toBe('10% off, up to ₹2,000 on ₹20,000 or more, first order only');
  });
});
