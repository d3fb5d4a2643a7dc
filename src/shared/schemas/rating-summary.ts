import { z } from './zod-mini.ts';

const count = z.number().check(z.int(), z.minimum(0));

/**
 * A product's rating over its visible reviews: how many, the sum of their stars (the average's
 * numerator), the average to one decimal (null without reviews) and how many gave each star, 5 to
 * 1. Its own small module: the product page's first load carries it (for its structured data).
 */
export const RatingSummarySchema = z.object({
  productId: z.number().check(z.int()),
  count,
  sum: count,
  average: z.nullable(z.number()),
  distribution: z.array(z.object({ stars: z.number().check(z.int()), count })),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;
