import { queryOptions, useQuery } from '@tanstack/react-query';
import { RatingSummarySchema } from '#shared/schemas/rating-summary.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

/** GET /api/products/:id/rating: the average, the count and the reviews per star. */
export function ratingSummaryQuery(productId: number) {
  return queryOptions({
    queryKey: reviewKeys.rating(productId),
    queryFn: ({ signal }) => apiRequest(`/products/${productId}/rating`, { schema: RatingSummarySchema, signal }),
    staleTime: 30_000,
  });
}

export function useRatingSummary(productId: number) {
  return useQuery(ratingSummaryQuery(productId));
}
