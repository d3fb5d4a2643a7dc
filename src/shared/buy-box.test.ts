import { describe, expect, it } from 'vitest';
import { type BuyBoxOffer, buyBox, buyBoxOrder, competes, rankOffers } from './buy-box.ts';

const offer = (id: number, overrides: Partial<BuyBoxOffer> = {}): BuyBoxOffer => ({
  id,
  vendorId: id * 10,
  price: 50_000_00,
  stock: 5,
  dispatchDays: 2,
  status: 'active',
  vendorStatus: 'active',
  ...overrides,
});
const ids = (offers: readonly BuyBoxOffer[]) => offers.map((o) => o.id);

describe('the buy box', () => {
  it('puts an offer in stock first, then the lowest price, the quicker dispatch, the earlier offer', () => {
    const soldOut = offer(1, { price: 40_000_00, stock: 0 });
    const dearer = offer(2, { price: 52_000_00 });
    const slow = offer(3, { dispatchDays: 4 });
    const later = offer(5);
    const earlier = offer(4);
    expect(ids([soldOut, dearer, slow, later, earlier].sort(buyBoxOrder))).toEqual([4, 5, 3, 2, 1]);
    // matching the winner's price to the paisa, with the same dispatch, does not take the box
    expect(buyBoxOrder(offer(7), offer(8))).toBeLessThan(0);
    expect(buyBoxOrder(offer(8), offer(7))).toBeGreaterThan(0);
    expect(buyBoxOrder(offer(7), offer(7))).toBe(0);
  });

  it('lets only an active offer of an active seller compete', () => {
    expect(competes(offer(1))).toBe(true);
    expect(competes(offer(1, { status: 'draft' }))).toBe(false);
    expect(competes(offer(1, { status: 'archived' }))).toBe(false);
    expect(competes(offer(1, { vendorStatus: 'suspended' }))).toBe(false);
    expect(competes(offer(1, { vendorStatus: 'pending' }))).toBe(false);
  });

  it('gives the box to the first competing offer, and counts those on sale', () => {
    const suspendedCheapest = offer(1, { price: 30_000_00, vendorStatus: 'suspended' });
    const draftCheaper = offer(2, { price: 40_000_00, status: 'draft' });
    const winner = offer(3, { price: 49_000_00 });
    expect(buyBox([suspendedCheapest, draftCheaper, winner, offer(4)], 10)).toEqual({ offer: winner, offerCount: 2, status: 'active' });
    // every offer out of stock: the box still goes to the cheapest, and the product is active (shown out of stock)
    expect(buyBox([offer(5, { stock: 0 }), offer(6, { stock: 0, price: 1_00 })], null)).toMatchObject({
      offer: { id: 6 },
      offerCount: 2,
      status: 'active',
    });
  });

  it('with none on sale, shows the listing seller’s offer, else the earliest, and takes its status', () => {
    const drafts = [offer(3, { status: 'draft', vendorId: 30 }), offer(2, { status: 'draft', vendorId: 20 })];
    expect(buyBox(drafts, 30)).toEqual({ offer: drafts[0], offerCount: 0, status: 'draft' });
    expect(buyBox(drafts, 99)).toEqual({ offer: drafts[1], offerCount: 0, status: 'draft' });
    expect(buyBox([offer(1, { status: 'archived' })], 10)).toMatchObject({ offerCount: 0, status: 'archived' });
    expect(buyBox([], 10)).toEqual({ offer: undefined, offerCount: 0, status: 'archived' });
  });

  it('ranks every offer for the admin: competing ones first, each part in the buy box’s order', () => {
    const offers = [
      offer(1, { status: 'archived', price: 1_00 }),
      offer(2, { price: 60_000_00 }),
      offer(3, { vendorStatus: 'suspended' }),
      offer(4, { stock: 0 }),
      offer(5),
    ];
    expect(ids(rankOffers(offers))).toEqual([5, 2, 4, 1, 3]);
    expect(ids(offers)).toEqual([1, 2, 3, 4, 5]); // the input is left as it was
  });
});
