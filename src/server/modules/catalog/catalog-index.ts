import { CATEGORIES, type Category } from '#shared/categories.ts';
import { SPEC_FACETS } from '#shared/facets.ts';
import type { Sort } from '#shared/schemas/catalog.ts';
import type { Db } from '#server/db/database.ts';
import type { ListingRow, RawFacetCount } from './catalog.repository.ts';
import type { CatalogChange } from './catalog-changes.ts';
import * as repository from './catalog.repository.ts';

/**
 * The storefront's listing index: the few columns that filters, facets and sorting need, for every
 * product on sale, in typed arrays, and the products presorted by each stored sort. Counting facets
 * over 100,000 products here is one pass of a few milliseconds, where the same counts in SQL take
 * hundreds. It is loaded in full once, then kept up to date product by product from the change
 * log (catalog-changes.ts): an edit costs the products it touched, not a rebuild. Pages of full
 * products still come from the database.
 */
export interface IndexFilter {
  category?: Category;
  brands: readonly string[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  featured?: boolean;
  vendorSlug?: string;
  attributes: Readonly<Record<string, readonly string[]>>;
  /** search hits: product id → rank (higher is better); absent when not searching */
  match?: ReadonlyMap<number, number>;
}

export interface IndexResult {
  /** the requested page's product ids, in order */
  ids: number[];
  total: number;
  categories: RawFacetCount[];
  brands: RawFacetCount[];
  attributes: Array<RawFacetCount & { key: string }>;
}

/** Tables whose committed writes change what the storefront lists. */
export const CATALOG_TABLES: readonly string[] = ['products', 'products.stock', 'product_attributes', 'vendors'];
/** Cached catalogue answers are kept at most this long, a backstop should word of a change be lost. */
export const CATALOG_MAX_AGE_MS = 60_000;

type StoredSort = 'price_asc' | 'price_desc' | 'newest' | 'featured';
const STORED_SORTS: readonly StoredSort[] = ['price_asc', 'price_desc', 'newest', 'featured'];

const ATTRIBUTE_KEYS = SPEC_FACETS.map((facet) => facet.key);

/** Names to small codes, in order of first sight; a name once seen keeps its code. */
function interner() {
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
type Interner = ReturnType<typeof interner>;

/**
 * Slots of products on sale in one stored order, kept sorted as they change: a change moves its
 * product by bisection and one block copy. Ties are broken by id, so every slot has one place.
 */
function sortedSlots(compare: (a: number, b: number) => number) {
  let slots = new Int32Array(1024);
  let length = 0;
  /** the first place whose slot does not sort before `slot` */
  const placeOf = (slot: number) => {
    let low = 0;
    let high = length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(slots[middle] as number, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    get slots() {
      return slots;
    },
    get length() {
      return length;
    },
    compare,
    /** All slots at once (a full load). */
    fill(all: Int32Array): void {
      slots = new Int32Array(Math.max(1024, all.length * 2));
      slots.set(all.sort(compare));
      length = all.length;
    },
    insert(slot: number): void {
      if (length === slots.length) {
        const larger = new Int32Array(slots.length * 2);
        larger.set(slots);
        slots = larger;
      }
      const at = placeOf(slot);
      slots.copyWithin(at + 1, at, length);
      slots[at] = slot;
      length++;
    },
    /** Call while the slot's columns still hold the values it was sorted by. */
    remove(slot: number): void {
      const at = placeOf(slot);
      if (slots[at] !== slot) throw new Error(`Slot ${slot} is not where its values place it`);
      slots.copyWithin(at, at + 1, length);
      length--;
    },
  };
}
type SortedSlots = ReturnType<typeof sortedSlots>;

interface Attribute {
  /** value names; a product's code is 1 + the value's position, 0 for none */
  values: string[];
  interner: Interner;
  codes: Uint16Array;
}

/**
 * Every product ever on sale since the load has a slot, which it keeps; `live` says whether it
 * is on sale now. Columns are indexed by slot.
 */
interface Listing {
  /** slots in use */
  size: number;
  slotOf: Map<number, number>;
  ids: Int32Array;
  live: Uint8Array;
  category: Uint8Array;
  brand: Uint16Array;
  brands: Interner;
  brandNames: string[];
  price: Float64Array;
  stock: Int32Array;
  featured: Uint8Array;
  created: Float64Array;
  vendor: Int32Array;
  vendorBySlug: Map<string, number>;
  attributes: Map<string, Attribute>;
  orders: Record<StoredSort, SortedSlots>;
  /** changes whenever a slot is added: search overlays worked out before it are worked out again */
  epoch: number;
}

const COLUMNS = ['ids', 'live', 'category', 'brand', 'price', 'stock', 'featured', 'created', 'vendor'] as const;

function emptyListing(capacity: number): Listing {
  const brands = interner();
  const listing: Listing = {
    size: 0,
    slotOf: new Map(),
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
    vendorBySlug: new Map(),
    attributes: new Map(
      ATTRIBUTE_KEYS.map((key) => {
        const values = interner();
        return [key, { values: values.names, interner: values, codes: new Uint16Array(capacity) }];
      }),
    ),
    orders: {} as Record<StoredSort, SortedSlots>,
    epoch: 0,
  };
  // Each order reads the columns at compare time, so it sees them however often they grow.
  const { price, created, featured, ids } = {
    price: (slot: number) => listing.price[slot] as number,
    created: (slot: number) => listing.created[slot] as number,
    featured: (slot: number) => listing.featured[slot] as number,
    ids: (slot: number) => listing.ids[slot] as number,
  };
  const newestId = (a: number, b: number) => ids(b) - ids(a);
  listing.orders = {
    price_asc: sortedSlots((a, b) => price(a) - price(b) || newestId(a, b)),
    price_desc: sortedSlots((a, b) => price(b) - price(a) || newestId(a, b)),
    newest: sortedSlots((a, b) => created(b) - created(a) || newestId(a, b)),
    featured: sortedSlots((a, b) => featured(b) - featured(a) || created(b) - created(a) || newestId(a, b)),
  };
  return listing;
}

/** Room for at least `needed` slots: every column grows by half again. */
function ensureCapacity(listing: Listing, needed: number): void {
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

function createdTime(value: string | Date): number {
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}

/** Writes a product's columns into its slot (taken if new); the caller keeps the orders in step. */
function writeColumns(listing: Listing, row: ListingRow, pairs: string | undefined): number {
  let slot = listing.slotOf.get(row.id);
  if (slot === undefined) {
    ensureCapacity(listing, listing.size + 1);
    slot = listing.size++;
    listing.slotOf.set(row.id, slot);
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
  return slot;
}

/** Reads every product on sale: the first load, and a rebuild on request. */
async function loadAll(db: Db): Promise<Listing> {
  // Attributes first, by product: rows are streamed and folded in at once, so a load never
  // holds 100,000 row objects.
  const pairsOf = new Map<number, string>();
  for await (const row of repository.listingAttributes(db)) pairsOf.set(row.product_id, row.pairs);
  const listing = emptyListing(1024);
  for await (const row of repository.listingRows(db)) {
    const slot = writeColumns(listing, row, pairsOf.get(row.id));
    listing.live[slot] = 1;
  }
  listing.vendorBySlug = new Map((await repository.activeVendorSlugs(db)).map((vendor) => [vendor.slug, vendor.id]));
  const all = Int32Array.from({ length: listing.size }, (_, slot) => slot);
  for (const sort of STORED_SORTS) listing.orders[sort].fill(all.slice());
  return listing;
}

/** The stored orders a change of these columns moves a product in. */
function ordersMoved(listing: Listing, slot: number, row: ListingRow): StoredSort[] {
  const moved: StoredSort[] = [];
  if (listing.price[slot] !== Number(row.price)) moved.push('price_asc', 'price_desc');
  const created = createdTime(row.created_at);
  if (listing.created[slot] !== created) moved.push('newest', 'featured');
  else if (listing.featured[slot] !== row.featured) moved.push('featured');
  return moved;
}

/** Brings the given products up to date: on sale ones from `rows`, the rest taken off. Synchronous, so no query sees half of it. */
function applyRows(listing: Listing, productIds: readonly number[], rows: readonly ListingRow[], pairsOf: ReadonlyMap<number, string>): void {
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  for (const id of productIds) {
    const row = rowOf.get(id);
    const slot = listing.slotOf.get(id);
    const wasLive = slot !== undefined && listing.live[slot] === 1;
    if (!row) {
      if (wasLive) {
        for (const sort of STORED_SORTS) listing.orders[sort].remove(slot);
        listing.live[slot] = 0;
      }
      continue;
    }
    const moved = wasLive ? ordersMoved(listing, slot, row) : STORED_SORTS;
    if (wasLive) for (const sort of moved) listing.orders[sort].remove(slot);
    const written = writeColumns(listing, row, pairsOf.get(id));
    listing.live[written] = 1;
    for (const sort of moved) listing.orders[sort].insert(written);
  }
}

/** A search's hits laid over the index: membership by slot, and slots best first. */
interface SearchOverlay {
  listing: Listing;
  epoch: number;
  hit: Uint8Array;
  byRank: Int32Array;
}

// Worked out once per search hits and index (a page, a sort or a filter of the same search reuses it).
const overlays = new WeakMap<ReadonlyMap<number, number>, SearchOverlay>();

function overlay(listing: Listing, match: ReadonlyMap<number, number>): SearchOverlay {
  const known = overlays.get(match);
  if (known && known.listing === listing && known.epoch === listing.epoch) return known;
  const hit = new Uint8Array(listing.size);
  const rank = new Float64Array(listing.size);
  const slots: number[] = [];
  for (const [id, score] of match) {
    const slot = listing.slotOf.get(id);
    if (slot === undefined) continue;
    hit[slot] = 1;
    rank[slot] = score;
    slots.push(slot);
  }
  // Featured-then-newest breaks ties between equal ranks, as the SQL did.
  const tie = listing.orders.featured.compare;
  const byRank = Int32Array.from(slots).sort((a, b) => (rank[b] as number) - (rank[a] as number) || tie(a, b));
  const made = { listing, epoch: listing.epoch, hit, byRank };
  overlays.set(match, made);
  return made;
}

function query(snapshot: Listing, filter: IndexFilter, sort: Sort, page: number, pageSize: number): IndexResult {
  const { size, live, category, brand, price, stock, featured, vendor } = snapshot;
  const categoryCode = filter.category ? CATEGORIES.indexOf(filter.category) : -1;
  const inc = (counts: Uint32Array, code: number) => {
    counts[code] = (counts[code] as number) + 1;
  };
  /** 1 at each accepted code: typed-array look-ups in the loop below */
  const flags = (length: number, codes: number[]) => {
    const accepted = new Uint8Array(length);
    for (const code of codes) if (code >= 0) accepted[code] = 1;
    return accepted;
  };
  const brandCodes = filter.brands.length > 0 ? flags(snapshot.brandNames.length, filter.brands.map((name) => snapshot.brands.find(name))) : undefined;
  const search = filter.match ? overlay(snapshot, filter.match) : undefined;
  const vendorId = filter.vendorSlug === undefined ? undefined : (snapshot.vendorBySlug.get(filter.vendorSlug) ?? -1);
  // Selected spec values, as codes; a key whose values are all unknown matches nothing.
  const selected = Object.entries(filter.attributes)
    .filter(([key, values]) => values.length > 0 && snapshot.attributes.has(key))
    .map(([key, values]) => {
      const attribute = snapshot.attributes.get(key) as Attribute;
      // Code 0 (no value) is never accepted: indexOf's -1 becomes 0.
      const accepted = flags(attribute.values.length + 1, values.map((value) => attribute.interner.find(value) + 1));
      accepted[0] = 0;
      return { key, codes: attribute.codes, accepted };
    });

  // A product failing exactly one facet dimension still counts for that dimension's own values,
  // so a shopper can widen a choice; failing none, it counts everywhere and is a result.
  const DIM_CATEGORY = -1;
  const DIM_BRAND = -2;
  // Counts by code, in typed arrays: this loop runs over every product on sale.
  const categoryCounts = new Uint32Array(CATEGORIES.length);
  const brandCounts = new Uint32Array(snapshot.brandNames.length);
  const attributeKeys = [...snapshot.attributes.keys()];
  const attributeCodes = attributeKeys.map((key) => (snapshot.attributes.get(key) as { codes: Uint16Array }).codes);
  const attributeCounts = attributeKeys.map((key) => new Uint32Array((snapshot.attributes.get(key)?.values.length ?? 0) + 1));
  const countsOf = new Map(attributeKeys.map((key, k) => [key, attributeCounts[k] as Uint32Array]));
  const matched = new Uint8Array(size);
  let total = 0;
  for (let i = 0; i < size; i++) {
    if (live[i] !== 1) continue;
    if (filter.minPrice !== undefined && (price[i] as number) < filter.minPrice) continue;
    if (filter.maxPrice !== undefined && (price[i] as number) > filter.maxPrice) continue;
    if (filter.inStock && (stock[i] as number) <= 0) continue;
    if (filter.featured && featured[i] !== 1) continue;
    if (vendorId !== undefined && vendor[i] !== vendorId) continue;
    if (search && search.hit[i] !== 1) continue;

    let failures = 0;
    let failed = 0;
    if (categoryCode >= 0 && category[i] !== categoryCode) {
      failures++;
      failed = DIM_CATEGORY;
    }
    if (brandCodes && brandCodes[brand[i] as number] !== 1) {
      failures++;
      failed = DIM_BRAND;
    }
    for (let s = 0; s < selected.length && failures < 2; s++) {
      const { codes, accepted } = selected[s] as (typeof selected)[number];
      if (accepted[codes[i] as number] !== 1) {
        failures++;
        failed = s;
      }
    }
    if (failures > 1) continue;
    if (failures === 1) {
      if (failed === DIM_CATEGORY) inc(categoryCounts, category[i] as number);
      else if (failed === DIM_BRAND) inc(brandCounts, brand[i] as number);
      else {
        const { key, codes } = selected[failed] as (typeof selected)[number];
        const code = codes[i] as number;
        if (code > 0) inc(countsOf.get(key) as Uint32Array, code);
      }
      continue;
    }
    matched[i] = 1;
    total++;
    inc(categoryCounts, category[i] as number);
    inc(brandCounts, brand[i] as number);
    // A selected key is counted only from products failing nothing else, above and here.
    for (let k = 0; k < attributeCodes.length; k++) inc(attributeCounts[k] as Uint32Array, (attributeCodes[k] as Uint16Array)[i] as number);
  }

  const start = (page - 1) * pageSize;
  const ids: number[] = [];
  if (start < total) {
    const order = sort === 'relevance' ? (search?.byRank ?? snapshot.orders.featured.slots) : snapshot.orders[sort].slots;
    const length = sort === 'relevance' && search ? order.length : snapshot.orders[sort === 'relevance' ? 'featured' : sort].length;
    let seen = 0;
    for (let o = 0; o < length && ids.length < pageSize; o++) {
      const i = order[o] as number;
      if (!matched[i]) continue;
      if (seen++ >= start) ids.push(snapshot.ids[i] as number);
    }
  }

  // Code 0 of an attribute is "no value": never a facet value.
  const named = (counts: Uint32Array, name: (code: number) => string, from = 0): RawFacetCount[] => {
    const rows: RawFacetCount[] = [];
    for (let code = from; code < counts.length; code++) if ((counts[code] as number) > 0) rows.push({ value: name(code), count: counts[code] as number });
    return rows;
  };
  return {
    ids,
    total,
    categories: named(categoryCounts, (code) => CATEGORIES[code] as string),
    brands: named(brandCounts, (code) => snapshot.brandNames[code] as string).sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
    attributes: attributeKeys.flatMap((key, k) => {
      const values = snapshot.attributes.get(key)?.values ?? [];
      return named(attributeCounts[k] as Uint32Array, (code) => values[code - 1] as string, 1).map((row) => ({ ...row, key }));
    }),
  };
}

/**
 * The listing index of one process. `apply` takes a change from the change feed; a full load
 * builds a new listing beside the current one, which keeps answering until it is swapped in.
 */
export function createCatalogIndex(db: Db) {
  let listing: Listing | undefined;

  return {
    /** Synchronous: answered from the index as it is, never waiting for its maintenance. */
    query(filter: IndexFilter, sort: Sort, page: number, pageSize: number): IndexResult {
      if (!listing) throw new Error('The listing index is not loaded yet');
      return query(listing, filter, sort, page, pageSize);
    },

    async apply(change: CatalogChange): Promise<void> {
      if (change.all) {
        listing = await loadAll(db);
        return;
      }
      if (!listing) return;
      applyRows(listing, change.productIds, change.products, change.attributes);
      if (change.vendorSlugs) listing.vendorBySlug = new Map(change.vendorSlugs.map((vendor) => [vendor.slug, vendor.id]));
    },

    /** Products on sale now (tests, the benchmark's checks). */
    get size(): number {
      return listing ? listing.orders.featured.length : 0;
    },
  };
}

export type CatalogIndex = ReturnType<typeof createCatalogIndex>;
