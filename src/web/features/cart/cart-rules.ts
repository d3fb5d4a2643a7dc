import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from '#shared/cart-limits.ts';
import { z } from '#shared/schemas/zod-mini.ts';

/** What the cart remembers of a product when it was added; prices are re-checked by the server. */
export const CartProductSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  /** the seller's offer it is bought from; a line saved without one is bought from the product's buy box */
  offerId: z.optional(z.number().check(z.int(), z.positive())),
  name: z.string(),
  price: z.number().check(z.int(), z.nonnegative()),
  mrp: z.optional(z.number().check(z.int(), z.nonnegative())),
  image: z.optional(z.string()),
  brand: z.optional(z.string()),
  category: z.optional(z.string()),
  stock: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

export const CartItemSchema = z.object({
  product: CartProductSchema,
  quantity: z.number().check(z.int(), z.positive()),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** localStorage key, from the specification. */
export const CART_STORAGE_KEY = 'cart';

function clampQuantity(quantity: number): number {
  return Math.min(Math.floor(quantity), MAX_QUANTITY_PER_LINE);
}

export function isCartFull(items: readonly CartItem[]): boolean {
  return items.length >= MAX_CART_LINES;
}

/** What tells cart lines apart: the product and the seller's offer (one line per product and seller). */
export function lineKey(product: Pick<CartProduct, 'id' | 'offerId'>): string {
  return product.offerId === undefined ? String(product.id) : `${product.id}:${product.offerId}`;
}

/** The lines as the server takes them (cart quote, checkout): product, offer, quantity. */
export function cartLines(items: readonly CartItem[]): Array<{ productId: number; offerId?: number; quantity: number }> {
  return items.map((item) => ({ productId: item.product.id, offerId: item.product.offerId, quantity: item.quantity }));
}

/**
 * Adding a product from a seller already in the cart increases its quantity (up to the per-line
 * limit). A new line is not added once the cart holds the most lines it may.
 */
export function addItem(items: readonly CartItem[], product: CartProduct, quantity = 1): CartItem[] {
  if (quantity <= 0) return [...items];
  const key = lineKey(product);
  const existing = items.find((item) => lineKey(item.product) === key);
  if (!existing) return isCartFull(items) ? [...items] : [...items, { product, quantity: clampQuantity(quantity) }];
  return items.map((item) => (lineKey(item.product) === key ? { product, quantity: clampQuantity(item.quantity + quantity) } : item));
}

/** Setting a quantity of 0 or less removes the line (see lineKey). */
export function setQuantity(items: readonly CartItem[], key: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeItem(items, key);
  return items.map((item) => (lineKey(item.product) === key ? { ...item, quantity: clampQuantity(quantity) } : item));
}

export function removeItem(items: readonly CartItem[], key: string): CartItem[] {
  return items.filter((item) => lineKey(item.product) !== key);
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The sum of price times quantity, from the prices remembered in the cart. */
export function subtotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.product.price * item.quantity, 0);
}

export type ParsedCart = { items: CartItem[]; error?: undefined } | { items: CartItem[]; error: string };

/** Reads saved cart data; anything corrupt is reported and ignored, never thrown. */
export function parseSavedCart(raw: string | null): ParsedCart {
  if (raw === null || raw === '') return { items: [] };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { items: [], error: 'Saved cart is not valid JSON' };
  }
  const parsed = z.array(CartItemSchema).safeParse(data);
  if (!parsed.success) return { items: [], error: `Saved cart has an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}` };
  // Merge duplicates and clamp quantities so a hand-edited cart still obeys the rules.
  return { items: parsed.data.reduce<CartItem[]>((items, item) => addItem(items, item.product, item.quantity), []) };
}
