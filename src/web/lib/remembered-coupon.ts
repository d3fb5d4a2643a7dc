import { sessionValue } from './session-value.ts';

const coupon = sessionValue('cb.coupon');

/**
 * The coupon code the shopper applied in the cart, kept for the visit and carried into checkout,
 * which sends it with the order. Loaded with the cart and checkout pages only: the shop's first
 * load does not carry it.
 */
export const useRememberedCoupon = coupon.use;

/** Keeps `code` for the visit, or forgets the one kept (null). */
export const rememberCoupon = coupon.set;
