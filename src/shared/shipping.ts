import { rupees } from './money.ts';

/** Free delivery on orders of ₹999 and above; ₹99 below that. */
export const FREE_SHIPPING_THRESHOLD = rupees(999);
export const STANDARD_SHIPPING_FEE = rupees(99);

export function shippingFor(subtotal: number): number {
  if (subtotal <= 0) return 0;
  return subtotal >= FREE_SHIPPING_THRESHOLD ? 0 : STANDARD_SHIPPING_FEE;
}
