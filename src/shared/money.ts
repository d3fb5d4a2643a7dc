/**
 * Money is integer paise everywhere. Formatting happens only at the edge.
 * Prices are GST-inclusive, as is the convention for Indian retail; the tax in them is
 * taken out in gst.ts.
 */

export const PAISE_PER_RUPEE = 100;

/** The most a product may cost (₹1,00,00,000), and so the most a flat coupon may take off. */
export const MAX_PRICE = 10_000_000_00;

/** What an order with a coupon still costs at the least: a coupon never prices its lines below ₹1. */
export const MIN_TO_PAY = 100;

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,29,999 for whole rupees, ₹1,29,999.50 when there are paise. */
export function formatPrice(paise: number): string {
  if (!Number.isInteger(paise)) throw new TypeError(`Money must be integer paise, got ${paise}`);
  return paise % PAISE_PER_RUPEE === 0 ? wholeRupees.format(paise / PAISE_PER_RUPEE) : withPaise.format(paise / PAISE_PER_RUPEE);
}

export function rupees(amount: number): number {
  return Math.round(amount * PAISE_PER_RUPEE);
}

/** Whole-number discount percentage of price against MRP; 0 when there is none. */
export function discountPercent(price: number, mrp: number): number {
  if (mrp <= 0 || price >= mrp) return 0;
  return Math.floor(((mrp - price) * 100) / mrp);
}
