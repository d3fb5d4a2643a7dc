import { CATEGORIES } from '#shared/categories.ts';
import { CHANGES_LOGGED, type ListingChanges } from './change-log.ts';
import type { ListingCells } from './facet-cells.ts';
import { ATTRIBUTE_KEYS, interner, type ListingColumns, type SlotValues } from './listing-columns.ts';
import type { ListingPriceBands } from './price-ranges.ts';
import type { ListingSellers } from './sellers-and-reach.ts';
import { type ListingOrders, ordersOf, type Orders } from './sorted-slots.ts';

/**
 * One load of the listing index, in its named parts: the columns by slot (listing-columns.ts),
 * the sellers and where they deliver (sellers-and-reach.ts), the stored orders (sorted-slots.ts),
 * the kept facet counts (facet-cells.ts), the price bands (price-ranges.ts) and the changes since
 * the load (change-log.ts). One object holds them all, built field by field in one order
 * (emptyListing), so every function reading it meets one shape.
 */
export type Listing = ListingColumns & ListingSellers & ListingOrders & ListingCells & ListingPriceBands & ListingChanges;

let listingsLoaded = 0;

export function emptyListing(capacity: number): Listing {
  const brands = interner();
  const listing: Listing = {
    size: 0,
    slotOf: new Int32Array(capacity),
    ids: new Int32Array(capacity),
    live: new Uint8Array(capacity),
    category: new Uint8Array(capacity),
    brand: new Uint16Array(capacity),
    brands,
    brandNames: brands.names,
    price: new Float64Array(capacity),
    stock: new Int32Array(capacity),
    featured: new Uint8Array(capacity),
    created: new Float64Array(capacity),
    vendor: new Int32Array(capacity),
    rating: new Float64Array(capacity),
    ratings: new Int32Array(capacity),
    vendorBySlug: new Map(),
    othersOf: new Map(),
    stockedOthersOf: new Map(),
    reach: new Map(),
    reaches: new Map(),
    rescuedBy: new Map(),
    reachVersion: 0,
    reachesVersion: 0,
    attributes: new Map(
      ATTRIBUTE_KEYS.map((key) => {
        const values = interner();
        return [key, { values: values.names, interner: values, codes: new Uint16Array(capacity) }];
      }),
    ),
    orders: {} as Orders,
    ordersByCategory: [],
    ordersByBrand: new Map(),
    newOrders: () => ({}) as Orders,
    cells: new Map(),
    cellsByCategory: CATEGORIES.map(() => new Map()),
    cuts: new Float64Array(0),
    cutsByCategory: CATEGORIES.map(() => new Float64Array(0)),
    epoch: 0,
    number: ++listingsLoaded,
    changes: 0,
    changedSlots: new Int32Array(CHANGES_LOGGED),
    changedBefore: new Array<SlotValues | undefined>(CHANGES_LOGGED),
    keptFrom: 0,
  };
  const orders = ordersOf(listing);
  listing.orders = orders();
  listing.ordersByCategory = CATEGORIES.map(orders);
  listing.newOrders = orders;
  return listing;
}
