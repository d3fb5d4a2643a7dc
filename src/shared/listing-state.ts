import type { ProductStatus } from './schemas/catalog.ts';

/** Where a seller's new listing stands with the marketplace: it goes on sale only once approved. */
export type ListingReview = 'pending' | 'approved' | 'rejected';

/**
 * What a listing's badge says, seller's and admin's alike: a published listing the marketplace
 * has not approved yet is awaiting approval (or not approved), never "Active", since shoppers
 * cannot see it. A draft stays a draft and an archived listing archived, whatever its review.
 */
export type ListingState = 'draft' | 'awaiting_approval' | 'not_approved' | 'active' | 'archived';

export function listingStateOf(status: ProductStatus, review: ListingReview): ListingState {
  if (status === 'active' && review === 'pending') return 'awaiting_approval';
  if (status === 'active' && review === 'rejected') return 'not_approved';
  return status;
}

export const LISTING_STATE_LABELS: Record<ListingState, string> = {
  draft: 'Draft',
  awaiting_approval: 'Awaiting approval',
  not_approved: 'Not approved',
  active: 'Active',
  archived: 'Archived',
};
