import { useQuery } from '@tanstack/react-query';
import { MyReviewSchema } from '#shared/schemas/reviews.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

export const myReviewKey = (productId: number) => [...reviewKeys.all(productId), 'mine'] as const;

/** GET /api/products/:id/reviews/mine: whether the signed-in shopper may review the product, their review, their votes and reports. */
export function useMyReview(productId: number, signedIn: boolean) {
  return useQuery({
    queryKey: myReviewKey(productId),
    queryFn: ({ signal }) => apiRequest(`/products/${productId}/reviews/mine`, { schema: MyReviewSchema, signal }),
    enabled: signedIn,
  });
}
