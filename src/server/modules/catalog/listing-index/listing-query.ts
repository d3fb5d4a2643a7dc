import type { Category } from '#shared/categories.ts';
import type { PincodePlace } from '#shared/delivery.ts';
import type { RawFacetCount } from '../catalog.repository.ts';

/** What the listing index is asked: the filters of one listing, with a search's hits when searching. */
export interface IndexFilter {
  category?: Category;
  brands: readonly string[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  featured?: boolean;
  vendorSlug?: string;
  attributes: Readonly<Record<string, readonly string[]>>;
  /** only products with an offer in stock whose seller delivers to this place (see deliveryReach) */
  deliverTo?: PincodePlace;
  /** search hits; absent when not searching */
  match?: SearchHits;
}

/**
 * A search's hits: product ids and their ranks (higher is better), side by side. Hits the search
 * index gives (with slot hints) let go of their ids once laid over a listing, whose slots then
 * name them (see overlay and hitIdReader): 4 bytes a kept hit, 32 MB at 100,000 products.
 */
export interface SearchHits {
  ids: Int32Array;
  ranks: Float32Array;
  /**
   * Where the search index has them: each hit's document, ascending (or nearly), and the slots
   * its documents were last laid over, shared by all its hits (see overlay). The documents are
   * let go once the hits are laid over a listing (4 bytes a kept hit, 32 MB at 100,000 products).
   */
  docs?: Int32Array;
  slotHints?: SlotHints;
}

/**
 * Each search document's slot in one listing (slot + 1; 0 not known yet), kept by the search index
 * for all its hits. A product's slot never changes in a listing, and a document is one product's,
 * so a hint holds for as long as the listing it was taken from.
 */
export interface SlotHints {
  listing: number;
  slots: Int32Array;
}

export interface IndexResult {
  /** the requested page's product ids, in order */
  ids: number[];
  total: number;
  categories: RawFacetCount[];
  brands: RawFacetCount[];
  attributes: Array<RawFacetCount & { key: string }>;
}
