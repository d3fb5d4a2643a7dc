import { useQuery } from '@tanstack/react-query';
import type { RatingSummary } from '#shared/schemas/rating-summary.ts';

/** Every query about a product's reviews starts with this key, so a review written refreshes them all. */
export const reviewKeys = {
  all: (productId: number) => ['reviews', productId] as const,
  rating: (productId: number) => ['reviews', productId, 'rating'] as const,
};

/**
 * A product's rating as the server's rendering or the reviews section fetched it, read from the
 * query cache and never fetched here: the product page's own code (within its budget) carries
 * neither the request nor its schema, and its structured data shows the rating once it is known.
 */
export function useKnownRating(productId: number): RatingSummary | undefined {
  return useQuery<RatingSummary>({ queryKey: reviewKeys.rating(productId), enabled: false, staleTime: Number.POSITIVE_INFINITY }).data;
}
