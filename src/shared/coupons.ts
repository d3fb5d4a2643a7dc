import { CATEGORY_LABELS, type Category } from './categories.ts';
import { formatPrice } from './money.ts';

/** What a coupon gives and to what: the part of its terms pricing needs. */
export interface CouponTerms {
  code: string;
  kind: 'percent' | 'flat';
  /** percent (1–90) or paise */
  value: number;
  /** paise of eligible items the order needs */
  minOrder: number;
  /** paise; null for no cap */
  maxDiscount: number | null;
  /** only this category's items, when set */
  category: Category | null;
  /** only this seller's items, when set (a seller's own coupon always is) */
  vendor: { id: number; name: string } | null;
}

/** A line as a coupon sees it. */
export interface CouponLine {
  amount: number;
  category: Category;
  vendorId: number;
}

export type CouponPricing = { discount: number; perLine: number[] } | { refusal: string };

export const COUPON_CODE = /^[A-Z0-9]{4,20}$/;

/**
 * FIRST_ORDER_RULE: a first-order coupon (WELCOME10) is for a customer with no earlier order that counts. An
 * earlier order counts once it was confirmed (paid, or placed to be paid on delivery) and not
 * cancelled: delivered, returned or refunded ones count; one cancelled, or still awaiting a
 * payment (which expires into cancelled when none comes), does not. The customer is the same
 * person however they ordered: a member's account and every guest checkout with its e-mail;
 * a guest's e-mail, its earlier guest checkouts and the account that has it. Checked in the
 * cart (for a signed-in member) and again in the order's transaction, where it is the rule.
 */
export const FIRST_ORDER_STATUSES_THAT_COUNT = ['confirmed', 'return_requested', 'returned', 'refunded'] as const;

export const firstOrderRefusal = (code: string) => `${code} is for your first order only, and you have ordered with us before`;

/**
 * The discount a coupon gives these lines: on the lines in its scope, once their total reaches
 * the minimum; a percentage (rounded down to the rupee) or a flat amount, never more than the
 * cap or than those lines cost. Spread over the lines in proportion to their amounts (the
 * largest remainders take the odd paise), so each line's taxable value on the invoice and each
 * seller's settlement carry their share.
 */
export function priceCoupon(terms: CouponTerms, lines: readonly CouponLine[]): CouponPricing {
  const inScope = lines.map((line) => (terms.category === null || line.category === terms.category) && (terms.vendor === null || line.vendorId === terms.vendor.id));
  const eligible = lines.reduce((sum, line, i) => sum + (inScope[i] ? line.amount : 0), 0);
  if (eligible === 0) {
    const what = terms.category ? CATEGORY_LABELS[terms.category].plural.toLowerCase() : 'products';
    return { refusal: `${terms.code} applies only to ${what}${terms.vendor ? ` sold by ${terms.vendor.name}` : ''}` };
  }
  if (eligible < terms.minOrder) {
    return { refusal: `${terms.code} needs ${formatPrice(terms.minOrder)} of eligible items; add ${formatPrice(terms.minOrder - eligible)} more` };
  }
  const raw = terms.kind === 'percent' ? Math.floor((eligible * terms.value) / 100 / 100) * 100 : terms.value;
  const discount = Math.min(raw, terms.maxDiscount ?? Number.POSITIVE_INFINITY, eligible);
  return { discount, perLine: spread(discount, lines.map((line, i) => (inScope[i] ? line.amount : 0))) };
}

/** Splits `total` over `weights` in proportion, in whole paise adding up exactly (largest remainder). */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    if (weights[i]! > 0) {
      shares[i]!++;
      left--;
    }
  }
  return shares;
}

/** "10% off, up to ₹1,500" or "₹2,000 off", for lists and the cart. */
export function describeCoupon(terms: Pick<CouponTerms, 'kind' | 'value' | 'maxDiscount' | 'minOrder'> & { firstOrderOnly?: boolean }): string {
  const off = terms.kind === 'percent' ? `${terms.value}% off` : `${formatPrice(terms.value)} off`;
  const cap = terms.kind === 'percent' && terms.maxDiscount !== null ? `, up to ${formatPrice(terms.maxDiscount)}` : '';
  const min = terms.minOrder > 0 ? ` on ${formatPrice(terms.minOrder)} or more` : '';
  return `${off}${cap}${min}${terms.firstOrderOnly ? ', first order only' : ''}`;
}
