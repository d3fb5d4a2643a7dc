import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HelpfulVoteSchema, OwnReviewSchema, type ReviewInput, type ReviewReportInput } from '#shared/schemas/reviews.ts';
import { z } from '#shared/schemas/zod-mini.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

/** POST /api/products/:id/reviews (a first review) or PUT …/reviews/mine (an edit); the product's reviews and rating are read again. */
export function useSaveReview(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, editing }: { input: ReviewInput; editing: boolean }) =>
      apiRequest(editing ? `/products/${productId}/reviews/mine` : `/products/${productId}/reviews`, {
        method: editing ? 'PUT' : 'POST',
        body: input,
        schema: OwnReviewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(productId) }),
  });
}

/** POST /api/reviews/:id/helpful: once per shopper; a second vote changes nothing. */
export function useVoteHelpful(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: number) => apiRequest(`/reviews/${reviewId}/helpful`, { method: 'POST', schema: HelpfulVoteSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(productId) }),
  });
}

/** POST /api/reviews/:id/reports: once per user, with a reason. */
export function useReportReview(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, input }: { reviewId: number; input: ReviewReportInput }) =>
      apiRequest(`/reviews/${reviewId}/reports`, { method: 'POST', body: input, schema: z.object({ reported: z.boolean() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...reviewKeys.all(productId), 'mine'] }),
  });
}
