import { describe, expect, it } from 'vitest';
import { buyNowLine, isBuyNowOrder, rememberBuyNowOrder } from './buy-now.ts';

const line = (query: string) => buyNowLine(new URLSearchParams(query));

describe('buy now', () => {
  it('reads the one line from the address', () => {
    expect(line('buyNow=12&offerId=34&qty=2')).toEqual({ productId: 12, offerId: 34, quantity: 2 });
    expect(line('buyNow=12&qty=1')).toEqual({ productId: 12, quantity: 1 });
    expect(line('buyNow=12')).toEqual({ productId: 12, quantity: 1 });
  });

  it('is no buy-now checkout without a product, or with a malformed line', () => {
    expect(line('')).toBeUndefined();
    for (const query of ['buyNow=abc', 'buyNow=0', 'buyNow=12&qty=0', 'buyNow=12&qty=11', 'buyNow=12&qty=1.5', 'buyNow=12&offerId=x'])
      expect(line(query), query).toBeUndefined();
  });

  it('remembers which order was bought now, so its confirmation leaves the cart alone', () => {
    rememberBuyNowOrder(41);
    expect(isBuyNowOrder(41)).toBe(true);
    expect(isBuyNowOrder(42)).toBe(false);
  });
});
