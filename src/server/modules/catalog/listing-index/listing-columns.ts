import { CATEGORIES } from '#shared/categories.ts';
import { SPEC_FACETS, TOP_RATED } from '#shared/facets.ts';
import type { ListingRow } from '../catalog-feed.repository.ts';

/**
 * The listing's columns: typed arrays indexed by slot. Every product ever on sale since the load
 * has a slot, which it keeps; `live` says whether it is on sale now. The columns are what filters,
 * facets and sorts read, one part of the listing for each kind of thing they hold.
 */

/** Which slots there are and whose. */
export interface ListingSlots {
  /** which load this is */
  number: number;
  /** slots in use */
  size: number;
  /** changes whenever a slot is added: search overlays worked out before it are worked out again */
  epoch: number;
  /** product id → slot + 1 (0: none); ids are dense, so an array beats a map for a search's 40,000 look-ups */
  slotOf: Int32Array;
  ids: Int32Array;
  live: Uint8Array;
}

/** The buy box's offer of each slot, and what the featured and newest orders sort by. */
export interface ListingOffers {
  price: Float64Array;
  stock: Int32Array;
  featured: Uint8Array;
  created: Float64Array;
  /** the buy box's seller */
  vendor: Int32Array;
}

/** What facets count by: category, brand and spec values, as small codes. */
export interface ListingFacets {
  category: Uint8Array;
  brand: Uint16Array;
  brands: Interner;
  brandNames: string[];
  attributes: Map<string, Attribute>;
}

/** The customers' average rating (0 before any review), and how many rated. */
export interface ListingRatings {
  rating: Float64Array;
  ratings: Int32Array;
}

export type ListingColumns = ListingSlots & ListingOffers & ListingFacets & ListingRatings;

export const ATTRIBUTE_KEYS = SPEC_FACETS.map((facet) => facet.key);

/** Names to small codes, in order of first sight; a name once seen keeps its code. */
export function interner() {
  const codes = new Map<string, number>();
  const names: string[] = [];
  return {
    names,
    code(name: string): number {
      let code = codes.get(name);
      if (code === undefined) {
        code = names.length;
        names.push(name);
        codes.set(name, code);
      }
      return code;
    },
    /** the name's code, -1 if never seen */
    find: (name: string): number => codes.get(name) ?? -1,
  };
}
export type Interner = ReturnType<typeof interner>;

export interface Attribute {
  /** value names; a product's code is 1 + the value's position, 0 for none */
  values: string[];
  interner: Interner;
  codes: Uint16Array;
}

/** One slot's columns, as a search's pass reads them: what a change log entry remembers of before. */
export interface SlotValues {
  live: number;
  category: number;
  brand: number;
  price: number;
  stock: number;
  featured: number;
  vendor: number;
  /** attribute codes by the key's place in ATTRIBUTE_KEYS */
  codes: Uint16Array;
}

export function valuesAt(listing: ListingColumns, slot: number): SlotValues {
  return {
    live: listing.live[slot] as number,
    category: listing.category[slot] as number,
    brand: listing.brand[slot] as number,
    price: listing.price[slot] as number,
    stock: listing.stock[slot] as number,
    featured: listing.featured[slot] as number,
    vendor: listing.vendor[slot] as number,
    codes: Uint16Array.from(ATTRIBUTE_KEYS, (key) => (listing.attributes.get(key) as Attribute).codes[slot] as number),
  };
}

export const COLUMNS = [
  'ids',
  'live',
  'category',
  'brand',
  'price',
  'stock',
  'featured',
  'created',
  'vendor',
  'rating',
  'ratings',
] as const;

export function slotOf(listing: ListingSlots, id: number): number | undefined {
  const stored = id < listing.slotOf.length ? (listing.slotOf[id] as number) : 0;
  return stored === 0 ? undefined : stored - 1;
}

/** Room for at least `needed` slots: every column grows by half again. */
export function ensureCapacity(listing: ListingColumns, needed: number): void {
  if (needed <= listing.ids.length) return;
  const capacity = Math.max(needed, Math.ceil(listing.ids.length * 1.5) + 1024);
  for (const column of COLUMNS) {
    const old = listing[column];
    const grown = new (old.constructor as new (length: number) => typeof old)(capacity);
    grown.set(old as never);
    (listing as unknown as Record<string, unknown>)[column] = grown;
  }
  for (const attribute of listing.attributes.values()) {
    const grown = new Uint16Array(capacity);
    grown.set(attribute.codes);
    attribute.codes = grown;
  }
}

export function createdTime(value: string | Date): number {
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}

/** Writes a product's columns into its slot (taken if new); the caller keeps the orders in step. */
export function writeColumns(listing: ListingColumns, row: ListingRow, pairs: string | undefined): number {
  let slot = slotOf(listing, row.id);
  if (slot === undefined) {
    ensureCapacity(listing, listing.size + 1);
    slot = listing.size++;
    if (row.id >= listing.slotOf.length) {
      const grown = new Int32Array(Math.max(row.id + 1, listing.slotOf.length * 2));
      grown.set(listing.slotOf);
      listing.slotOf = grown;
    }
    listing.slotOf[row.id] = slot + 1;
    listing.ids[slot] = row.id;
    listing.epoch++;
  }
  listing.category[slot] = CATEGORIES.indexOf(row.category);
  listing.brand[slot] = listing.brands.code(row.brand);
  listing.price[slot] = Number(row.price);
  listing.stock[slot] = row.stock;
  listing.featured[slot] = row.featured;
  listing.created[slot] = createdTime(row.created_at);
  listing.vendor[slot] = row.vendor_id;
  for (const attribute of listing.attributes.values()) attribute.codes[slot] = 0;
  for (const pair of pairs ? pairs.split('|') : []) {
    const split = pair.indexOf('=');
    const attribute = listing.attributes.get(pair.slice(0, split));
    if (attribute) attribute.codes[slot] = attribute.interner.code(pair.slice(split + 1)) + 1;
  }
  const [rating, ratings] = ratingColumns(row);
  listing.rating[slot] = rating;
  listing.ratings[slot] = ratings;
  // "4★ & above" filters and counts as a spec does.
  if (rating >= 4) {
    const topRated = listing.attributes.get('rating') as Attribute;
    topRated.codes[slot] = topRated.interner.code(TOP_RATED) + 1;
  }
  return slot;
}

/** A product's average rating (0 before any review) and how many rated it. */
export function ratingColumns(row: ListingRow): [number, number] {
  const count = Number(row.rating_count ?? 0);
  return count > 0 ? [Number(row.rating_sum) / count, count] : [0, 0];
}

/**
 * The featured order (featured first, then newest, then the larger id), read off the columns
 * directly: the stored order sorts by it, and a search's ties on rank (copies of one model rank
 * alike) run it hundreds of thousands of times.
 */
export function featuredBefore(listing: ListingColumns, a: number, b: number): number {
  const { featured, created, ids } = listing;
  return (
    (featured[b] as number) - (featured[a] as number) ||
    (created[b] as number) - (created[a] as number) ||
    (ids[b] as number) - (ids[a] as number)
  );
}
