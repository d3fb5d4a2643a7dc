import { z } from 'zod';
import { ProductIdSchema } from './catalog.ts';

export const MAX_QUANTITY_PER_LINE = 10;
export const MAX_CART_LINES = 50;

export const CartLineInputSchema = z.object({
  productId: ProductIdSchema,
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(MAX_QUANTITY_PER_LINE, `quantity must be at most ${MAX_QUANTITY_PER_LINE}`),
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

const lines = z
  .array(CartLineInputSchema)
  .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} different products`);

/** The body is the list of lines, or `{ items: [...] }`. */
export const CartQuoteRequestSchema = z
  .preprocess((body) => (Array.isArray(body) ? { items: body } : body), z.object({ items: lines }).strict())
  .transform((body) => body.items);

export const QuoteLineStatusSchema = z.enum([
  'ok',
  'insufficient_stock',
  'out_of_stock',
  'unavailable',
]);
export type QuoteLineStatus = z.infer<typeof QuoteLineStatusSchema>;

export const QuoteLineSchema = z.object({
  productId: z.number().int(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  vendorName: z.string().nullable(),
  requestedQuantity: z.number().int(),
  /** What can actually be bought now: min(requested, stock), 0 when unavailable. */
  quantity: z.number().int(),
  unitPrice: z.number().int().nullable(),
  mrp: z.number().int().nullable(),
  stock: z.number().int(),
  lineTotal: z.number().int(),
  status: QuoteLineStatusSchema,
  message: z.string().nullable(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const CartQuoteSchema = z.object({
  items: z.array(QuoteLineSchema),
  itemCount: z.number().int(),
  subtotal: z.number().int(),
  shipping: z.number().int(),
  gst: z.number().int().describe('GST share included in the total'),
  total: z.number().int(),
  freeShippingThreshold: z.number().int(),
});
export type CartQuote = z.infer<typeof CartQuoteSchema>;
