import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ModeratedReviewSchema, ModerationListSchema, type ReviewModerationInput } from '#shared/schemas/review-moderation.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export type ReviewQueue = 'reported' | 'hidden';

const moderationKey = ['admin', 'reviews'] as const;

/** GET /api/admin/reviews: reported reviews waiting for a decision, or the hidden ones. */
export function useModerationQueue(queue: ReviewQueue, page: number) {
  return useQuery({
    queryKey: [...moderationKey, queue, page],
    queryFn: ({ signal }) => apiRequest('/admin/reviews', { query: { queue, page }, schema: ModerationListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/reviews/:id/moderation: hide, restore or keep a review, with a reason (audited). */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ReviewModerationInput }) =>
      apiRequest(`/admin/reviews/${id}/moderation`, { method: 'POST', body: input, schema: ModeratedReviewSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
}
