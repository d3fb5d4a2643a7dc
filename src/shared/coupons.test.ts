import { describe, expect, it } from 'vitest';
import {
  type CouponLimits,
  couponRefusal,
  customerRefusal,
  describeCoupon,
  eligibleSubtotal,
  priceCoupon,
  spread,
  type CouponTerms,
  unknownCoupon,
} from './coupons.ts';
import { rupees } from './money.ts';

const terms = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  code: 'SAVE10',
  kind: 'percent',
  value: 10,
  minOrder: 0,
  maxDiscount: null,
  category: null,
  vendor: null,
  ...overrides,
});
const laptop = { amount: rupees(54_999), category: 'Laptop' as const, vendorId: 1 };
const monitor = { amount: rupees(12_345), category: 'Monitor' as const, vendorId: 2 };

describe('coupon pricing', () => {
  it('takes a percentage down to the rupee, within the cap, spread over the lines to the paisa', () => {
    expect(priceCoupon(terms(), [laptop, monitor])).toEqual({ discount: rupees(6_734), perLine: [549_957, 123_443] });
    expect(priceCoupon(terms({ maxDiscount: rupees(1_500) }), [laptop, monitor])).toMatchObject({ discount: rupees(1_500) });
  });

  it('keeps to its category and seller, and never takes more than those lines cost', () => {
    expect(priceCoupon(terms({ category: 'Monitor' }), [laptop, monitor])).toEqual({
      discount: rupees(1_234),
      perLine: [0, rupees(1_234)],
    });
    expect(priceCoupon(terms({ kind: 'flat', value: rupees(20_000), vendor: { id: 2, name: 'Monitor Mart' } }), [laptop, monitor])).toEqual(
      { discount: rupees(12_344), perLine: [0, rupees(12_344)] },
    );
    expect(priceCoupon(terms({ category: 'Desktop' }), [laptop])).toEqual({ refusal: 'SAVE10 applies only to desktops' });
    expect(priceCoupon(terms({ category: 'Laptop', vendor: { id: 9, name: 'Nehru Place Computers' } }), [laptop])).toEqual({
      refusal: 'SAVE10 applies only to laptops sold by Nehru Place Computers',
    });
  });

  it('always leaves at least ₹1 of the lines it applies to', () => {
    const all = terms({ kind: 'flat', value: rupees(1_00_00_000) });
    expect(priceCoupon(all, [laptop, monitor])).toMatchObject({ discount: laptop.amount + monitor.amount - rupees(1) });
    expect(priceCoupon(terms({ value: 90 }), [{ ...monitor, amount: 150 }])).toMatchObject({ discount: 50 });
    expect(priceCoupon(all, [{ ...monitor, amount: 80 }])).toMatchObject({ discount: 0 });
  });

  it('needs its minimum of eligible items', () => {
    expect(priceCoupon(terms({ minOrder: rupees(60_000) }), [laptop])).toEqual({
      refusal: 'SAVE10 needs ₹60,000 of eligible items; add ₹5,001 more',
    });
  });

  it('spreads an amount so the shares add up exactly', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(7, [0, 5, 0, 5])).toEqual([0, 4, 0, 3]);
    expect(spread(0, [3, 4])).toEqual([0, 0]);
  });

  it('describes itself for lists and the cart', () => {
    expect(describeCoupon(terms({ maxDiscount: rupees(1_500), minOrder: rupees(20_000) }))).toBe(
      '10% off, up to ₹1,500 on ₹20,000 or more',
    );
    expect(describeCoupon(terms({ kind: 'flat', value: rupees(500) }))).toBe('₹500 off');
    expect(describeCoupon({ ...terms({ minOrder: rupees(20_000), maxDiscount: rupees(2_000) }), firstOrderOnly: true })).toBe(
      '10% off, up to ₹2,000 on ₹20,000 or more, first order only',
    );
  });
});

describe('coupon refusal', () => {
  const limits = (overrides: Partial<CouponLimits> = {}): CouponLimits => ({
    ...terms(),
    active: true,
    startsOn: '2026-11-01',
    endsOn: '2026-11-30',
    totalLimit: null,
    used: 0,
    perCustomerLimit: 1,
    firstOrderOnly: false,
    ...overrides,
  });
  const facts = { today: '2026-11-15', eligible: rupees(10_000), customer: { uses: 0, earlierOrders: 0 } };
  const refusal = (coupon: CouponLimits, overrides: Partial<typeof facts> = {}) => couponRefusal(coupon, { ...facts, ...overrides });

  it('lets a usable coupon through', () => {
    expect(refusal(limits())).toBeNull();
    expect(
      refusal(limits({ totalLimit: 5, used: 4, perCustomerLimit: 2, firstOrderOnly: true }), { customer: { uses: 1, earlierOrders: 0 } }),
    ).toBeNull();
  });

  it('refuses a code no coupon has, and one switched off', () => {
    expect(unknownCoupon('NOSUCH')).toEqual({ code: 'unknown', message: 'Coupon NOSUCH does not exist' });
    expect(refusal(limits({ active: false }))).toEqual({ code: 'inactive', message: 'Coupon SAVE10 is no longer available' });
  });

  it('keeps to its India dates, both days included', () => {
    expect(refusal(limits(), { today: '2026-11-01' })).toBeNull();
    expect(refusal(limits(), { today: '2026-11-30' })).toBeNull();
    expect(refusal(limits(), { today: '2026-10-31' })).toEqual({ code: 'not_started', message: 'SAVE10 can be used from 1 Nov 2026' });
    expect(refusal(limits(), { today: '2026-12-01' })).toEqual({ code: 'expired', message: 'SAVE10 expired on 30 Nov 2026' });
  });

  it('refuses once every use is taken', () => {
    expect(refusal(limits({ totalLimit: 5, used: 5 }))).toEqual({ code: 'used_up', message: 'SAVE10 has been fully redeemed' });
  });

  it('counts the customer’s uses against their limit', () => {
    expect(refusal(limits(), { customer: { uses: 1, earlierOrders: 0 } })).toEqual({
      code: 'customer_limit',
      message: 'You have already used SAVE10',
    });
    expect(refusal(limits({ perCustomerLimit: 3 }), { customer: { uses: 3, earlierOrders: 0 } })).toEqual({
      code: 'customer_limit',
      message: 'You have used SAVE10 3 times, the most allowed',
    });
    expect(customerRefusal(limits({ perCustomerLimit: 3 }), { uses: 2, earlierOrders: 0 })).toBeNull();
  });

  it('gives a first-order coupon only to a customer with no earlier order that counts', () => {
    const first = limits({ firstOrderOnly: true });
    expect(refusal(first, { customer: { uses: 0, earlierOrders: 1 } })).toEqual({
      code: 'not_first_order',
      message: 'SAVE10 is for your first order only, and you have ordered with us before',
    });
    // earlier orders do not matter to any other coupon
    expect(refusal(limits(), { customer: { uses: 0, earlierOrders: 3 } })).toBeNull();
  });

  it('leaves the customer’s limits to the order when the customer is not known', () => {
    expect(couponRefusal(limits({ firstOrderOnly: true }), { today: facts.today, eligible: facts.eligible })).toBeNull();
  });

  it('needs lines in its category and seller, and its minimum of them', () => {
    expect(refusal(limits({ category: 'Monitor' }), { eligible: 0 })).toEqual({
      code: 'out_of_scope',
      message: 'SAVE10 applies only to monitors',
    });
    expect(refusal(limits({ minOrder: rupees(12_000) }))).toEqual({
      code: 'below_minimum',
      message: 'SAVE10 needs ₹12,000 of eligible items; add ₹2,000 more',
    });
    expect(eligibleSubtotal(terms({ category: 'Monitor' }), [laptop, monitor])).toBe(monitor.amount);
    expect(eligibleSubtotal(terms({ vendor: { id: 1, name: 'Laptop Lane' } }), [laptop, monitor])).toBe(laptop.amount);
  });

  it('tells of the first limit that refuses, in the order a shopper is told', () => {
    const everything = limits({ active: false, totalLimit: 1, used: 1, firstOrderOnly: true, minOrder: rupees(50_000) });
    expect(refusal(everything, { today: '2027-01-01', customer: { uses: 1, earlierOrders: 1 } })?.code).toBe('inactive');
    expect(refusal({ ...everything, active: true }, { today: '2027-01-01', customer: { uses: 1, earlierOrders: 1 } })?.code).toBe(
      'expired',
    );
    expect(refusal({ ...everything, active: true }, { customer: { uses: 1, earlierOrders: 1 } })?.code).toBe('used_up');
    expect(refusal({ ...everything, active: true, used: 0 }, { customer: { uses: 1, earlierOrders: 1 } })?.code).toBe('customer_limit');
    expect(refusal({ ...everything, active: true, used: 0 }, { customer: { uses: 0, earlierOrders: 1 } })?.code).toBe('not_first_order');
    expect(refusal({ ...everything, active: true, used: 0 }, { customer: { uses: 0, earlierOrders: 0 } })?.code).toBe('below_minimum');
  });
});
