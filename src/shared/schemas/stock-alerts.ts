import { z } from './zod-mini.ts';

/** A customer's "Notify me" on a product out of stock: waiting until it is back, or told already. */
export const StockAlertSchema = z.object({
  productId: z.number().check(z.int()),
  waiting: z.boolean(),
  /** when the wait began; null when there is none */
  since: z.nullable(z.string()),
});
export type StockAlert = z.infer<typeof StockAlertSchema>;
