import type { Sort } from '#shared/schemas/catalog.ts';
import type { Db } from '#server/db/database.ts';
import type { CatalogChange } from '../catalog-changes.ts';
import { applyRows, loadAll } from './listing-load.ts';
import type { IndexFilter, IndexResult, SearchHits } from './listing-query.ts';
import type { Listing } from './listing.ts';
import { query } from './query.ts';
import { related } from './related.ts';
import { hitPlaces } from './search-overlay.ts';
import { type PlaceOf, sellerReach, setOtherSellers, setVendors } from './sellers-and-reach.ts';

/**
 * The storefront's listing index: the few columns that filters, facets and sorting need, for every
 * product on sale, in typed arrays, and the products presorted by each stored sort. Counting facets
 * over 100,000 products here is one pass of a few milliseconds, where the same counts in SQL take
 * hundreds. It is loaded in full once, then kept up to date product by product from the change
 * log (catalog-changes.ts): an edit costs the products it touched, not a rebuild. Pages of full
 * products come from the product store. How the folder is laid out: README.md.
 */

/** Tables whose committed writes change what the storefront lists. */
export const CATALOG_TABLES: readonly string[] = [
  'products',
  'products.stock',
  'offers',
  'product_attributes',
  'vendors',
  'product_ratings',
];
/** Cached catalogue answers are kept at most this long, a backstop should word of a change be lost. */
export const CATALOG_MAX_AGE_MS = 60_000;

/**
 * The listing index of one process. `apply` takes a change from the change feed; a full load
 * builds a new listing beside the current one, which keeps answering until it is swapped in.
 */
export function createCatalogIndex(db: Db, placeOf: PlaceOf) {
  let listing: Listing | undefined;

  return {
    /** Synchronous: answered from the index as it is, never waiting for its maintenance. */
    query(filter: IndexFilter, sort: Sort, page: number, pageSize: number): IndexResult {
      if (!listing) throw new Error('The listing index is not loaded yet');
      return query(listing, filter, sort, page, pageSize);
    },

    /** The places among a search's hits of those of the products that are among them. */
    hitPlaces(match: SearchHits, productIds: readonly number[]): Map<number, number> {
      return hitPlaces(listing, match, productIds);
    },

    /** Other products on sale in the product's category, closest in price first; none when it is not on sale. */
    related(id: number, limit: number): number[] {
      return listing ? related(listing, id, limit) : [];
    },

    async apply(change: CatalogChange): Promise<void> {
      if (change.all) {
        listing = await loadAll(db, placeOf);
        return;
      }
      if (!listing) return;
      // Pickup states are looked up first: what follows is synchronous, so no query sees half of it.
      const reach = change.vendors && (await sellerReach(change.vendors, placeOf));
      const current = listing;
      applyRows(current, change.productIds, change.products, change.attributes);
      for (const id of change.productIds) {
        current.othersOf.delete(id);
        if (current.stockedOthersOf.delete(id)) current.reachVersion++;
      }
      if (change.offers) setOtherSellers(current, change.offers);
      if (change.vendors && reach) {
        setVendors(current, change.vendors, reach);
        current.keptFrom = current.changes;
      }
    },

    /** The same answer as `query`, always by a pass over the products: what tests check the kept counts against. */
    queryByPass(filter: IndexFilter, sort: Sort, page: number, pageSize: number): IndexResult {
      if (!listing) throw new Error('The listing index is not loaded yet');
      return query(listing, filter, sort, page, pageSize, true);
    },

    /** Products on sale now (tests, the benchmark's checks). */
    get size(): number {
      return listing ? listing.orders.featured.length : 0;
    },
  };
}

export type CatalogIndex = ReturnType<typeof createCatalogIndex>;
