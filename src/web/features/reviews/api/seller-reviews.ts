import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SellerReviewListSchema, SellerReviewSchema } from '#shared/schemas/review-moderation.ts';
import { apiRequest } from '#web/lib/api-client.ts';

const sellerKey = ['vendor', 'reviews'] as const;

/** GET /api/vendor/reviews: reviews of what shoppers bought from the shop, newest first; optionally those not yet answered. */
export function useSellerReviews(unanswered: boolean, page: number) {
  return useQuery({
    queryKey: [...sellerKey, unanswered, page],
    queryFn: ({ signal }) =>
      apiRequest('/vendor/reviews', { query: { unanswered: unanswered || undefined, page }, schema: SellerReviewListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/vendor/reviews/:id/reply: the shop's one public reply. */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      apiRequest(`/vendor/reviews/${id}/reply`, { method: 'POST', body: { text }, schema: SellerReviewSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerKey }),
  });
}
