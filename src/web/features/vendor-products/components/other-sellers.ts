import type { VendorProduct } from '#shared/schemas/vendor.ts';

/**
 * How many other sellers have an offer of the product on sale: archiving or deleting takes only
 * this seller's own offer off the store, and the product stays on sale from theirs.
 */
export function otherSellersOnSale(product: VendorProduct): number {
  if (!product.sharedDetails) return 0;
  return Math.max(0, product.sellerCount - (product.status === 'active' ? 1 : 0));
}

/** "1 other seller", "3 other sellers". */
export const otherSellersText = (count: number) => (count === 1 ? '1 other seller' : `${count} other sellers`);

/** What archiving did, said from the product as it is afterwards. */
export function archivedNotice(product: VendorProduct): string {
  const others = otherSellersOnSale(product);
  if (others === 0) return 'Product archived. Shoppers can no longer see it.';
  return `Your offer is archived: shoppers can no longer buy this product from you. It stays on sale from ${otherSellersText(others)}.`;
}
