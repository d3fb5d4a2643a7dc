import { describe, expect, it } from 'vitest';
import type { VendorProduct } from '#shared/schemas/vendor.ts';
import { archivedNotice, otherSellersOnSale, otherSellersText } from './other-sellers.ts';

const product = (fields: Pick<VendorProduct, 'sharedDetails' | 'sellerCount' | 'status'>) => fields as VendorProduct;

describe('other sellers of a product', () => {
  it('counts the sellers on sale besides this one, none for a product of its own', () => {
    expect(otherSellersOnSale(product({ sharedDetails: false, sellerCount: 3, status: 'active' }))).toBe(0);
    expect(otherSellersOnSale(product({ sharedDetails: true, sellerCount: 3, status: 'active' }))).toBe(2);
    expect(otherSellersOnSale(product({ sharedDetails: true, sellerCount: 3, status: 'archived' }))).toBe(3);
  });

  it('says one seller or several', () => {
    expect(otherSellersText(1)).toBe('1 other seller');
    expect(otherSellersText(4)).toBe('4 other sellers');
  });

  it('says what archiving did: gone from the store, or still sold by others', () => {
    expect(archivedNotice(product({ sharedDetails: false, sellerCount: 1, status: 'archived' }))).toBe(
      'Product archived. Shoppers can no longer see it.',
    );
    expect(archivedNotice(product({ sharedDetails: true, sellerCount: 2, status: 'archived' }))).toContain(
      'It stays on sale from 2 other sellers.',
    );
  });
});
