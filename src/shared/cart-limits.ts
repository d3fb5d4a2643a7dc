/**
 * How much a cart holds. Apart from the cart's schemas (schemas/cart.ts, which check them) so that
 * the shop's cart, in every page's first load, keeps to them without carrying those schemas.
 */
export const MAX_QUANTITY_PER_LINE = 10;
export const MAX_CART_LINES = 50;
