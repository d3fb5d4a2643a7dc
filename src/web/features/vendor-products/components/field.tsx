import { LISTING_STATE_LABELS, type ListingReview, type ListingState, listingStateOf } from '#shared/listing-state.ts';
import type { ProductStatus } from '#shared/schemas/catalog.ts';
import { Badge } from '#web/components/ui/badge.tsx';

const STATE_STYLES: Record<ListingState, string> = {
  draft: 'bg-slate-100 text-slate-800 ring-slate-300',
  awaiting_approval: 'bg-sky-50 text-sky-900 ring-sky-300',
  not_approved: 'bg-red-50 text-red-800 ring-red-300',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  archived: 'bg-amber-50 text-amber-900 ring-amber-300',
};

/** The seller's own status names, for the tabs that filter by it. */
export const STATUS_LABELS: Record<ProductStatus, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

/** A listing's state as shoppers meet it: a published one the marketplace has not approved reads so, never "Active". */
export function StatusBadge({ status, review }: { status: ProductStatus; review: ListingReview }) {
  const state = listingStateOf(status, review);
  return <Badge tone={STATE_STYLES[state]}>{LISTING_STATE_LABELS[state]}</Badge>;
}

/** A product an admin took off the store: it reads so wherever the seller sees its status, whatever its own status is. */
export function HiddenByAdminBadge() {
  return <Badge tone="bg-red-50 text-red-800 ring-red-300">Hidden by admin</Badge>;
}
