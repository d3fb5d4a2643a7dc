import { LISTING_STATE_LABELS, type ListingReview, type ListingState, listingStateOf } from '#shared/listing-state.ts';
import type { ProductStatus } from '#shared/schemas/catalog.ts';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

const STATE_STYLES: Record<ListingState, string> = {
  draft: 'bg-slate-100 text-slate-800 ring-slate-300',
  awaiting_approval: 'bg-sky-50 text-sky-900 ring-sky-300',
  not_approved: 'bg-red-50 text-red-800 ring-red-300',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  archived: 'bg-amber-50 text-amber-900 ring-amber-300',
};

/**
 * A listing's state, or an offer's (which has no review of its own: `approved`); a published
 * listing the marketplace has not approved reads "Awaiting approval", as the seller sees it.
 */
export function StatusBadge({ status, review = 'approved' }: { status: ProductStatus; review?: ListingReview }) {
  const state = listingStateOf(status, review);
  return <span className={`${badge} ${STATE_STYLES[state]}`}>{LISTING_STATE_LABELS[state]}</span>;
}

/** The moderator's reason, which can be long: it wraps rather than widening the row. */
export function HiddenBadge({ reason }: { reason: string }) {
  return (
    <span className="inline-block max-w-full rounded-md bg-red-50 px-2 py-0.5 text-xs font-semibold wrap-break-word text-red-800 ring-1 ring-red-300 ring-inset">
      Hidden: {reason}
    </span>
  );
}

/** Products the store picked for its home page; only the store sets this, never the vendor. */
export function FeaturedBadge() {
  return <span className={`${badge} bg-violet-50 text-violet-900 ring-violet-300`}>Featured</span>;
}
