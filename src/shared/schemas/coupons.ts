import { z } from 'zod';
import { CATEGORIES } from '../categories.ts';
import { COUPON_CODE } from '../coupons.ts';
import { formatPrice, MAX_PRICE } from '../money.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const paise = (label: string) =>
  z
    .number({ error: `${label} must be an amount in paise` })
    .int(`${label} must be an amount in paise`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_PRICE, `${label} is too large`);

/**
 * A coupon as an admin (marketplace-funded, optionally for one category or seller) or a seller
 * (its own products, funded by it) creates it. Dates are India dates, the coupon valid from the
 * start of the first to the end of the last.
 */
export const CouponInputSchema = z
  .strictObject({
    code: z
      .string({ error: 'Please enter a code' })
      .trim()
      .toUpperCase()
      .regex(COUPON_CODE, 'Code: 4 to 20 letters and digits, like DIWALI10'),
    description: z.string().trim().max(200, 'Description: at most 200 characters').default(''),
    kind: z.enum(['percent', 'flat'], { error: 'Choose a percentage or a flat amount' }),
    /** percent 1–90, or paise up to MAX_PRICE */
    value: z
      .number({ error: 'Please enter the discount' })
      .int('The discount must be a whole number')
      .positive('The discount must be more than 0'),
    minOrder: paise('Minimum order').default(0),
    maxDiscount: paise('Maximum discount').positive('Maximum discount must be more than 0').nullable().default(null),
    startsOn: z.string().regex(DATE, 'Start date: YYYY-MM-DD'),
    endsOn: z.string().regex(DATE, 'End date: YYYY-MM-DD'),
    totalLimit: z.number().int('Total uses must be a whole number').positive('Total uses must be at least 1').nullable().default(null),
    perCustomerLimit: z
      .number()
      .int('Uses per customer must be a whole number')
      .min(1, 'Uses per customer must be at least 1')
      .max(100)
      .default(1),
    /** only for a customer's first order: FIRST_ORDER_RULE in src/shared/coupons.ts */
    firstOrderOnly: z.boolean({ error: 'firstOrderOnly must be true or false' }).default(false),
    category: z.enum(CATEGORIES).nullable().default(null),
    /** admins only: the marketplace's coupon for one seller's products */
    vendorId: z.number().int().positive().nullable().default(null),
  })
  .superRefine((coupon, ctx) => {
    if (coupon.kind === 'percent' && coupon.value > 90)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage discount is at most 90%' });
    if (coupon.kind === 'flat' && coupon.value > MAX_PRICE)
      ctx.addIssue({ code: 'custom', path: ['value'], message: `A flat discount is at most ${formatPrice(MAX_PRICE)}` });
    if (coupon.kind === 'flat' && coupon.minOrder > 0 && coupon.value > coupon.minOrder)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A flat discount cannot be more than the minimum order' });
    if (coupon.endsOn < coupon.startsOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The end date must be on or after the start date' });
  });
export type CouponInput = z.input<typeof CouponInputSchema>;

export const CouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'flat']),
  value: z.number().int(),
  minOrder: z.number().int(),
  maxDiscount: z.number().int().nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  totalLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int(),
  /** only for a customer's first order: FIRST_ORDER_RULE in src/shared/coupons.ts */
  firstOrderOnly: z.boolean(),
  /** orders that used it, not counting cancelled ones */
  used: z.number().int(),
  category: z.enum(CATEGORIES).nullable(),
  vendor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** who pays for the discount: the marketplace, or the seller (its payable is reduced) */
  fundedBy: z.enum(['marketplace', 'vendor']),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponListSchema = z.object({ items: z.array(CouponSchema) });
export const CouponActiveInputSchema = z.strictObject({ active: z.boolean({ error: 'active must be true or false' }) });
