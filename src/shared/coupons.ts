import { CATEGORY_LABELS, type Category } from './categories.ts';
import { formatPrice, MIN_TO_PAY } from './money.ts';

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
 * a guest's e-mail, its earlier guest checkouts and the account that has it. Checked by
 * couponRefusal in the cart (for a signed-in member) and again in the order's transaction, where
 * it is the rule.
 */
export const FIRST_ORDER_STATUSES_THAT_COUNT = ['confirmed', 'return_requested', 'returned', 'refunded'] as const;

/** A coupon's terms with its limits: what may refuse it. */
export interface CouponLimits extends CouponTerms {
  active: boolean;
  /** India dates, both days included */
  startsOn: string;
  endsOn: string;
  /** uses in all; null for no limit */
  totalLimit: number | null;
  /** uses so far that stand (a cancelled order's use is given back) */
  used: number;
  perCustomerLimit: number;
  /** FIRST_ORDER_RULE */
  firstOrderOnly: boolean;
}

/** What the customer has done with the coupon and the store, as the service reads it. */
export interface CouponCustomerFacts {
  /** their uses of this coupon that stand, under every id that is the same customer */
  uses: number;
  /** their earlier orders that count for FIRST_ORDER_RULE */
  earlierOrders: number;
}

/** What a coupon is checked against. */
export interface CouponFacts {
  /** today's India date, YYYY-MM-DD */
  today: string;
  /** paise of the lines in the coupon's scope (eligibleSubtotal) */
  eligible: number;
  /** absent when the customer is not known (a guest's cart): their limits are checked at the order */
  customer?: CouponCustomerFacts;
}

export type CouponRefusalCode =
  'unknown' | 'inactive' | 'not_started' | 'expired' | 'used_up' | 'customer_limit' | 'not_first_order' | 'out_of_scope' | 'below_minimum';

/** Why a coupon cannot be used: a code for the program, a message for the shopper. */
export interface CouponRefusal {
  code: CouponRefusalCode;
  message: string;
}

const showDate = (date: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** A code no coupon has. */
export const unknownCoupon = (code: string): CouponRefusal => ({ code: 'unknown', message: `Coupon ${code} does not exist` });

/** The customer's own limits: uses per customer, then FIRST_ORDER_RULE. */
export function customerRefusal(
  coupon: Pick<CouponLimits, 'code' | 'perCustomerLimit' | 'firstOrderOnly'>,
  customer: CouponCustomerFacts,
): CouponRefusal | null {
  const { code } = coupon;
  if (customer.uses >= coupon.perCustomerLimit) {
    return {
      code: 'customer_limit',
      message:
        coupon.perCustomerLimit === 1
          ? `You have already used ${code}`
          : `You have used ${code} ${coupon.perCustomerLimit} times, the most allowed`,
    };
  }
  if (coupon.firstOrderOnly && customer.earlierOrders > 0)
    return { code: 'not_first_order', message: `${code} is for your first order only, and you have ordered with us before` };
  return null;
}

/** The lines' limits: some in the coupon's category and seller, and its minimum of them. */
function linesRefusal(terms: CouponTerms, eligible: number): CouponRefusal | null {
  if (eligible === 0) {
    const what = terms.category ? CATEGORY_LABELS[terms.category].plural.toLowerCase() : 'products';
    return { code: 'out_of_scope', message: `${terms.code} applies only to ${what}${terms.vendor ? ` sold by ${terms.vendor.name}` : ''}` };
  }
  if (eligible < terms.minOrder) {
    return {
      code: 'below_minimum',
      message: `${terms.code} needs ${formatPrice(terms.minOrder)} of eligible items; add ${formatPrice(terms.minOrder - eligible)} more`,
    };
  }
  return null;
}

/**
 * Why this coupon cannot be used now, or null: every limit a coupon has, in the order a shopper
 * is told of them. Switched off; before its first day or after its last (India dates); every
 * use taken; the customer's uses, or an earlier order for a first-order coupon (when the customer
 * is known); no line in its category and seller; less than its minimum of those lines. The cart's
 * quote and the order both ask it; the order also takes the use by a guarded update, so a use
 * another order took meanwhile is refused there.
 */
export function couponRefusal(coupon: CouponLimits, facts: CouponFacts): CouponRefusal | null {
  const { code } = coupon;
  if (!coupon.active) return { code: 'inactive', message: `Coupon ${code} is no longer available` };
  if (facts.today < coupon.startsOn) return { code: 'not_started', message: `${code} can be used from ${showDate(coupon.startsOn)}` };
  if (facts.today > coupon.endsOn) return { code: 'expired', message: `${code} expired on ${showDate(coupon.endsOn)}` };
  if (coupon.totalLimit !== null && coupon.used >= coupon.totalLimit)
    return { code: 'used_up', message: `${code} has been fully redeemed` };
  const mine = facts.customer === undefined ? null : customerRefusal(coupon, facts.customer);
  return mine ?? linesRefusal(coupon, facts.eligible);
}

const inScopeOf = (terms: CouponTerms, line: CouponLine) =>
  (terms.category === null || line.category === terms.category) && (terms.vendor === null || line.vendorId === terms.vendor.id);

/** Paise of the lines in the coupon's category and seller: what its minimum and its percentage are of. */
export function eligibleSubtotal(terms: CouponTerms, lines: readonly CouponLine[]): number {
  return lines.reduce((sum, line) => sum + (inScopeOf(terms, line) ? line.amount : 0), 0);
}

/**
 * The discount a coupon gives these lines: on the lines in its scope, once their total reaches
 * the minimum; a percentage (rounded down to the rupee) or a flat amount, never more than the
 * cap or than those lines cost. Spread over the lines in proportion to their amounts (the
 * largest remainders take the odd paise), so each line's taxable value on the invoice and each
 * seller's settlement carry their share.
 */
export function priceCoupon(terms: CouponTerms, lines: readonly CouponLine[]): CouponPricing {
  const amounts = lines.map((line) => (inScopeOf(terms, line) ? line.amount : 0));
  const eligible = amounts.reduce((a, b) => a + b, 0);
  const refused = linesRefusal(terms, eligible);
  if (refused) return { refusal: refused.message };
  const raw = terms.kind === 'percent' ? Math.floor((eligible * terms.value) / 100 / 100) * 100 : terms.value;
  const discount = Math.max(0, Math.min(raw, terms.maxDiscount ?? Number.POSITIVE_INFINITY, eligible - MIN_TO_PAY));
  return { discount, perLine: spread(discount, amounts) };
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
export function describeCoupon(
  terms: Pick<CouponTerms, 'kind' | 'value' | 'maxDiscount' | 'minOrder'> & { firstOrderOnly?: boolean },
): string {
  const off = terms.kind === 'percent' ? `${terms.value}% off` : `${formatPrice(terms.value)} off`;
  const cap = terms.kind === 'percent' && terms.maxDiscount !== null ? `, up to ${formatPrice(terms.maxDiscount)}` : '';
  const min = terms.minOrder > 0 ? ` on ${formatPrice(terms.minOrder)} or more` : '';
  return `${off}${cap}${min}${terms.firstOrderOnly ? ', first order only' : ''}`;
}
