import { MAX_QUANTITY_PER_LINE } from '#shared/cart-limits.ts';

/**
 * "Buy now": checkout of one offer alone (`/checkout?buyNow=<productId>&offerId=<offerId>&qty=<n>`),
 * instead of the cart, which is left as it was, before and after the order.
 */
export interface BuyNowLine {
  productId: number;
  offerId?: number;
  quantity: number;
}

const ID = /^[1-9]\d{0,14}$/;

/** The line a buy-now address names; undefined when it names none (the cart's checkout) or a malformed one. */
export function buyNowLine(params: URLSearchParams): BuyNowLine | undefined {
  const productId = params.get('buyNow');
  if (productId === null || !ID.test(productId)) return undefined;
  const offerId = params.get('offerId');
  const quantity = Number(params.get('qty') ?? '1');
  if (offerId !== null && offerId !== '' && !ID.test(offerId)) return undefined;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY_PER_LINE) return undefined;
  return { productId: Number(productId), ...(offerId ? { offerId: Number(offerId) } : {}), quantity };
}

const KEY = 'cb.buy-now-order';

/** The order placed by a buy-now checkout: its confirmation leaves the cart alone. */
export function rememberBuyNowOrder(orderId: number): void {
  try {
    sessionStorage.setItem(KEY, String(orderId));
  } catch {
    // storage blocked: the confirmation cannot tell, and empties the cart as after any checkout
  }
}

/** Whether this order was bought with "Buy now" (in this tab; a reload of its confirmation still knows). */
export function isBuyNowOrder(orderId: number): boolean {
  try {
    return sessionStorage.getItem(KEY) === String(orderId);
  } catch {
    return false;
  }
}
