import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from '../cart-limits.ts';
import { ProductIdSchema } from './catalog.ts';
import { z } from './zod-mini.ts';

export { MAX_CART_LINES, MAX_QUANTITY_PER_LINE };

/** A cart line: a product, from one seller's offer (`offerId`) or, without one, from its buy box's. */
export const CartLineInputSchema = z.object({
  productId: ProductIdSchema,
  offerId: z.optional(
    z
      .number({ error: 'offerId must be a whole number' })
      .check(z.int('offerId must be a whole number'), z.positive('offerId must be a whole number')),
  ),
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .check(
      z.int('quantity must be a whole number'),
      z.minimum(1, 'quantity must be at least 1'),
      z.maximum(MAX_QUANTITY_PER_LINE, `quantity must be at most ${MAX_QUANTITY_PER_LINE}`),
    ),
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

const lines = z.array(CartLineInputSchema).check(z.maxLength(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} different products`));

/** A coupon code as typed: trimmed, upper-cased. */
export const CouponCodeInputSchema = z
  .string({ error: 'couponCode must be text' })
  .check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, 'Please enter a coupon code'),
    z.maxLength(40, 'A coupon code is at most 40 characters'),
  );

const CartQuoteObjectSchema = z.strictObject({ items: lines, couponCode: z.optional(CouponCodeInputSchema) });

/** The body is the list of lines, or `{ items: [...], couponCode? }`. */
export const CartQuoteRequestSchema = z.pipe(
  z.transform((body: unknown) => (Array.isArray(body) ? { items: body } : body)),
  CartQuoteObjectSchema,
);

/** What the quote's body may be, as the API document shows it (either form). */
export const CartQuoteBodySchema = z.union([lines, CartQuoteObjectSchema]);

export const QuoteLineStatusSchema = z.enum(['ok', 'insufficient_stock', 'out_of_stock', 'unavailable']);
export type QuoteLineStatus = z.infer<typeof QuoteLineStatusSchema>;

export const QuoteLineSchema = z.object({
  productId: z.number().check(z.int()),
  /** the offer the line is priced from: the one asked for, else the buy box's */
  offerId: z.nullable(z.number().check(z.int())),
  name: z.nullable(z.string()),
  image: z.nullable(z.string()),
  vendorName: z.nullable(z.string()),
  requestedQuantity: z.number().check(z.int()),
  /** What can actually be bought now: min(requested, stock), 0 when unavailable. */
  quantity: z.number().check(z.int()),
  unitPrice: z.nullable(z.number().check(z.int())),
  mrp: z.nullable(z.number().check(z.int())),
  stock: z.number().check(z.int()),
  lineTotal: z.number().check(z.int()),
  status: QuoteLineStatusSchema,
  message: z.nullable(z.string()),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

/** A coupon the quote applied: its saving and who funds it. */
export const AppliedCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  discount: z.number().check(z.int()),
  fundedBy: z.enum(['marketplace', 'vendor']),
});
export type AppliedCoupon = z.infer<typeof AppliedCouponSchema>;

export const CartQuoteSchema = z.object({
  items: z.array(QuoteLineSchema),
  itemCount: z.number().check(z.int()),
  subtotal: z.number().check(z.int()),
  /** the coupon's saving; the total is subtotal − discount + shipping */
  discount: z._default(z.number().check(z.int()), 0),
  coupon: z._default(z.nullable(AppliedCouponSchema), null),
  /** why the code asked for was not applied */
  couponError: z._default(z.nullable(z.string()), null),
  shipping: z.number().check(z.int()),
  gst: z.number().check(z.int(), z.describe('GST share included in the total')),
  total: z.number().check(z.int()),
  freeShippingThreshold: z.number().check(z.int()),
});
export type CartQuote = z.infer<typeof CartQuoteSchema>;
