import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReviewPageSchema, type ReviewSort } from '#shared/schemas/reviews.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

export interface ReviewListParams {
  sort: ReviewSort;
  page: number;
  stars: number | null;
}

export const FIRST_REVIEWS: ReviewListParams = { sort: 'helpful', page: 1, stars: null };

/** GET /api/products/:id/reviews: a page of 10 visible reviews. */
export function reviewsQuery(productId: number, { sort, page, stars }: ReviewListParams) {
  return queryOptions({
    queryKey: [...reviewKeys.all(productId), 'list', sort, page, stars] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/products/${productId}/reviews`, {
        query: { sort, page: page === 1 ? undefined : page, stars },
        schema: ReviewPageSchema,
        signal,
      }),
    staleTime: 30_000,
  });
}

export function useReviews(productId: number, params: ReviewListParams) {
  return useQuery({ ...reviewsQuery(productId, params), placeholderData: keepPreviousData });
}
