import { ProductSchema } from './catalog.ts';
import { z } from './zod-mini.ts';

/** The most products one wishlist keeps; a save beyond it is refused (409). */
export const WISHLIST_MAX_ITEMS = 100;

const paise = z.number().check(z.int());

/**
 * A product in the signed-in customer's wishlist. `product` is the product as it is on sale now
 * (current price and stock, from the catalogue), or null once it is no longer on sale; `name` and
 * `image` are there either way. zod/mini: the hearts on cards and product pages parse it.
 */
export const WishlistItemSchema = z.object({
  productId: z.number().check(z.int()),
  name: z.string(),
  image: z.nullable(z.string()),
  /** the price when it was saved, in paise */
  savedPrice: paise,
  savedAt: z.string(),
  product: z.nullable(ProductSchema),
  /** how much less it costs now than when it was saved, in paise; 0 when not less (or not on sale) */
  priceDrop: paise,
});
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

/** The wishlist, newest saves first. */
export const WishlistSchema = z.object({ items: z.array(WishlistItemSchema) });
export type Wishlist = z.infer<typeof WishlistSchema>;

/** How much the price has dropped since it was saved (paise); 0 when it has not. */
export function priceDropSince(savedPrice: number, currentPrice: number): number {
  return Math.max(0, savedPrice - currentPrice);
}
