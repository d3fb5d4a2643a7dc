import { CATEGORIES, type Category } from '#shared/categories.ts';
import { deliveryRefusal, type PincodePlace, type SellerReach } from '#shared/delivery.ts';
import { SPEC_FACETS, TOP_RATED } from '#shared/facets.ts';
import type { Sort } from '#shared/schemas/catalog.ts';
import type { Db } from '#server/db/database.ts';
import type { ListedVendor, ListingRow, RawFacetCount } from '../catalog.repository.ts';
import { type CatalogChange, letRequestsThrough } from '../catalog-changes.ts';
import * as repository from '../catalog.repository.ts';
import { offersOn, productsWithOtherSellers } from '../offers.repository.ts';

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

/** The sorts shoppers choose, and `slot`: the order of the columns, which a pass over them reads fastest in. */
type StoredSort = 'slot' | 'price_asc' | 'price_desc' | 'newest' | 'featured' | 'rating';
const STORED_SORTS: readonly StoredSort[] = ['slot', 'price_asc', 'price_desc', 'newest', 'featured', 'rating'];

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
type Orders = Record<StoredSort, SortedSlots>;

/** Products by facet value, by code (attribute code 0: no value), kept as products change. */
interface Counts {
  total: number;
  category: number[];
  brand: number[];
  /** by the key's place in ATTRIBUTE_KEYS */
  attributes: number[][];
}

function emptyCounts(): Counts {
  return { total: 0, category: [], brand: [], attributes: ATTRIBUTE_KEYS.map(() => []) };
}

/**
 * Counts by code with `by` added to the code's: the same list, or one as long as the codes it
 * counts now. A list grown by setting a code past its end took room for half as many again and 16
 * more (some 200 bytes a list, 17 MB of cells at 100,000 products).
 */
function bumped(counts: number[], code: number, by: number): number[] {
  if (code < counts.length) {
    counts[code] = (counts[code] as number) + by;
    return counts;
  }
  const grown = new Array<number>(code + 1).fill(0);
  for (let at = 0; at < counts.length; at++) grown[at] = counts[at] as number;
  grown[code] = by;
  return grown;
}

/**
 * A scope's kept counts, by cell: of the products in stock or of all, of one brand or of any, with
 * one spec value or with any. A listing narrowed by nothing but these (in stock, brands, values of
 * one spec) is counted already, as the sum of a few cells; only other filters (a price range, a
 * second spec, a search) need a pass over the products.
 */
type Cells = Map<number, Counts>;
const ANY = -1;

/** A spec value's number among cells: its key's place in ATTRIBUTE_KEYS and its code (both small). */
function valueNumber(keyIndex: number, code: number): number {
  return keyIndex * 65_536 + code;
}

/** A cell's key: in stock or not, a brand or ANY, a spec value number or ANY, a price band or ANY. */
function cellKey(inStock: boolean, brand: number, value: number, band = ANY): number {
  return (band + 1) * 2 ** 42 + (inStock ? 2 ** 40 : 0) + (brand + 1) * 2 ** 21 + (value + 1);
}

/**
 * Price bands: each scope's prices are cut into this many bands of about as many products at a
 * full load, and cells are also kept per band (with a brand or a spec value, not both), so a price
 * range is the sum of the bands it covers plus a pass over the products of the two bands it cuts.
 */
const PRICE_BANDS = 32;

/** How many cuts are below a price (`orAt`: at or below it). The band a price falls in is cutsBelow(cuts, price, true). */
function cutsBelow(cuts: Float64Array, price: number, orAt: boolean): number {
  let low = 0;
  let high = cuts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const cut = cuts[middle] as number;
    if (cut < price || (orAt && cut === price)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Cut points between PRICE_BANDS bands of a price order: the prices found at even steps along it, each once. */
function bandCuts(listing: Listing, byPrice: SortedSlots): Float64Array {
  const cuts: number[] = [];
  for (let band = 1; band < PRICE_BANDS; band++) {
    const at = Math.floor((byPrice.length * band) / PRICE_BANDS);
    if (at <= 0 || at >= byPrice.length) continue;
    const price = listing.price[byPrice.slots[at] as number] as number;
    if (cuts.length === 0 || price > (cuts[cuts.length - 1] as number)) cuts.push(price);
  }
  return Float64Array.from(cuts);
}

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
  /** product id → slot + 1 (0: none); ids are dense, so an array beats a map for a search's 40,000 look-ups */
  slotOf: Int32Array;
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
  /** the buy box's seller */
  vendor: Int32Array;
  /** the customers' average rating (0 before any review), and how many rated */
  rating: Float64Array;
  ratings: Int32Array;
  vendorBySlug: Map<string, number>;
  /** by product id, the other sellers with an offer on sale: a shop's listing holds what it sells, winning or not */
  othersOf: Map<number, number[]>;
  /** the same, of those with their offer in stock: another seller may deliver where the buy box's does not */
  stockedOthersOf: Map<number, number[]>;
  /** each active seller's reach (special zones, pickup state), by vendor id */
  reach: Map<number, SellerReach>;
  /** which sellers reach a PIN code, by PIN code, worked out when first asked for (see deliveryReach) */
  reaches: Map<string, DeliveryReach>;
  /** the products another seller rescues, by the sellers refused (their ids joined): PIN codes of one state share them */
  rescuedBy: Map<string, Uint8Array>;
  /** changes whenever `reach` or `stockedOthersOf` does: reaches worked out before it are worked out again */
  reachVersion: number;
  /** the reachVersion `reaches` and `rescuedBy` were worked out at */
  reachesVersion: number;
  attributes: Map<string, Attribute>;
  /** slots on sale in each stored order: of every product, and of each category's (by category code) */
  orders: Orders;
  ordersByCategory: Orders[];
  /** the same of each brand's products, in every category (scope -1) or one: see brandOrders */
  ordersByBrand: Map<number, Orders>;
  newOrders: () => Orders;
  /** kept facet counts of every product on sale, and of each category's */
  cells: Cells;
  cellsByCategory: Cells[];
  /** price band cuts of every product on sale, and of each category's, fixed at a full load */
  cuts: Float64Array;
  cutsByCategory: Float64Array[];
  /** changes whenever a slot is added: search overlays worked out before it are worked out again */
  epoch: number;
  /** which load this is */
  number: number;
  /**
   * slots changed so far, the last CHANGES_LOGGED of them in `changedSlots` (at `changes %
   * CHANGES_LOGGED`) with what their columns held before (none for a new slot)
   */
  changes: number;
  changedSlots: Int32Array;
  changedBefore: Array<SlotValues | undefined>;
  /** kept search passes checked before this change are never used again (vendors changed) */
  keptFrom: number;
}

/** Changed slots remembered to check kept search passes against; a pass older than them all is made afresh. */
const CHANGES_LOGGED = 4_096;

/** One slot's columns, as a search's pass reads them: what a change log entry remembers of before. */
interface SlotValues {
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

function valuesAt(listing: Listing, slot: number): SlotValues {
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

/** Remembers a slot about to change, with its columns as they are (none for a new slot), for kept search passes (see caughtUp). */
function logChange(listing: Listing, slot: number, before: SlotValues | undefined): void {
  listing.changedSlots[listing.changes % CHANGES_LOGGED] = slot;
  listing.changedBefore[listing.changes % CHANGES_LOGGED] = before;
  listing.changes++;
}

const COLUMNS = ['ids', 'live', 'category', 'brand', 'price', 'stock', 'featured', 'created', 'vendor', 'rating', 'ratings'] as const;

let listingsLoaded = 0;

function emptyListing(capacity: number): Listing {
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
  // Each order reads the columns at compare time, so it sees them however often they grow.
  const { price, created, ids } = {
    price: (slot: number) => listing.price[slot] as number,
    created: (slot: number) => listing.created[slot] as number,
    ids: (slot: number) => listing.ids[slot] as number,
  };
  const rating = (slot: number) => listing.rating[slot] as number;
  const ratings = (slot: number) => listing.ratings[slot] as number;
  const newestId = (a: number, b: number) => ids(b) - ids(a);
  const orders = (): Orders => ({
    slot: sortedSlots((a, b) => a - b),
    price_asc: sortedSlots((a, b) => price(a) - price(b) || newestId(a, b)),
    price_desc: sortedSlots((a, b) => price(b) - price(a) || newestId(a, b)),
    newest: sortedSlots((a, b) => created(b) - created(a) || newestId(a, b)),
    featured: sortedSlots((a, b) => featuredBefore(listing, a, b)),
    // Best rated first, the more rated of two alike first; unrated products last.
    rating: sortedSlots((a, b) => rating(b) - rating(a) || ratings(b) - ratings(a) || newestId(a, b)),
  });
  listing.orders = orders();
  listing.ordersByCategory = CATEGORIES.map(orders);
  listing.newOrders = orders;
  return listing;
}

/** A brand's products in stored orders, of every category (`categoryCode` -1) or of one; made when first asked for. */
function brandOrders(listing: Listing, categoryCode: number, brand: number): Orders {
  const key = (categoryCode + 1) * 65_536 + brand;
  let orders = listing.ordersByBrand.get(key);
  if (!orders) listing.ordersByBrand.set(key, (orders = listing.newOrders()));
  return orders;
}

function slotOf(listing: Listing, id: number): number | undefined {
  const stored = id < listing.slotOf.length ? (listing.slotOf[id] as number) : 0;
  return stored === 0 ? undefined : stored - 1;
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

/** Where a PIN code lies, from India Post's directory (the delivery module's); undefined when it is not there. */
export type PlaceOf = (pincode: string) => Promise<PincodePlace | undefined>;

/** Each active seller's reach, by vendor id: its setting, and the state its pickup PIN code lies in as the directory has it. */
async function sellerReach(vendors: readonly ListedVendor[], placeOf: PlaceOf): Promise<Map<number, SellerReach>> {
  const reach = new Map<number, SellerReach>();
  for (const vendor of vendors) {
    const pickupState = vendor.pickupPincode === null ? null : ((await placeOf(vendor.pickupPincode))?.state ?? null);
    reach.set(vendor.id, { shipsToSpecialZones: vendor.shipsToSpecialZones, pickupState });
  }
  return reach;
}

/** The active sellers: their slugs, and their reach (from sellerReach). */
function setVendors(listing: Listing, vendors: readonly ListedVendor[], reach: Map<number, SellerReach>): void {
  listing.vendorBySlug = new Map(vendors.map((vendor) => [vendor.slug, vendor.id]));
  listing.reach = reach;
  listing.reachVersion++;
}

/** Reads every product on sale: the first load, and a rebuild on request. */
async function loadAll(db: Db, placeOf: PlaceOf): Promise<Listing> {
  // Attributes first, by product: rows are streamed and folded in at once, so a load never
  // holds 100,000 row objects.
  const pairsOf = new Map<number, string>();
  let read = 0;
  for await (const row of repository.listingAttributes(db)) {
    const pairs = pairsOf.get(row.product_id);
    pairsOf.set(row.product_id, `${pairs === undefined ? '' : `${pairs}|`}${row.key}=${row.value}`);
    if (++read % 10_000 === 0) await letRequestsThrough();
  }
  const listing = emptyListing(1024);
  for await (const row of repository.listingRows(db)) {
    const slot = writeColumns(listing, row, pairsOf.get(row.id));
    listing.live[slot] = 1;
    if (slot % 5_000 === 0) await letRequestsThrough();
  }
  const vendors = await repository.activeVendors(db);
  setVendors(listing, vendors, await sellerReach(vendors, placeOf));
  setOtherSellers(listing, await offersOn(db, await productsWithOtherSellers(db)));
  const all = Int32Array.from({ length: listing.size }, (_, slot) => slot);
  for (const sort of STORED_SORTS) {
    listing.orders[sort].fill(all.slice());
    await letRequestsThrough();
  }
  for (const [code, orders] of listing.ordersByCategory.entries()) {
    const own = all.filter((slot) => listing.category[slot] === code);
    for (const sort of STORED_SORTS) orders[sort].fill(own.slice());
    await letRequestsThrough();
  }
  const byBrand = new Map<number, number[]>();
  for (const slot of all) {
    for (const key of [-1, listing.category[slot] as number].map(
      (categoryCode) => (categoryCode + 1) * 65_536 + (listing.brand[slot] as number),
    )) {
      const slots = byBrand.get(key);
      if (slots) slots.push(slot);
      else byBrand.set(key, [slot]);
    }
  }
  for (const [key, slots] of byBrand) {
    const orders = brandOrders(listing, Math.floor(key / 65_536) - 1, key % 65_536);
    for (const sort of STORED_SORTS) orders[sort].fill(Int32Array.from(slots));
    await letRequestsThrough();
  }
  listing.cuts = bandCuts(listing, listing.orders.price_asc);
  listing.cutsByCategory = listing.ordersByCategory.map((orders) => bandCuts(listing, orders.price_asc));
  for (let slot = 0; slot < listing.size; slot++) {
    count(listing, slot, 1);
    if (slot % 20_000 === 0) await letRequestsThrough();
  }
  return listing;
}

/** A product's average rating (0 before any review) and how many rated it. */
function ratingColumns(row: ListingRow): [number, number] {
  const count = Number(row.rating_count ?? 0);
  return count > 0 ? [Number(row.rating_sum) / count, count] : [0, 0];
}

/** The stored orders a change of these columns moves a product in. */
function ordersMoved(listing: Listing, slot: number, row: ListingRow): StoredSort[] {
  const moved: StoredSort[] = [];
  const [rating, ratings] = ratingColumns(row);
  if (listing.rating[slot] !== rating || listing.ratings[slot] !== ratings) moved.push('rating');
  if (listing.price[slot] !== Number(row.price)) moved.push('price_asc', 'price_desc');
  const created = createdTime(row.created_at);
  if (listing.created[slot] !== created) moved.push('newest', 'featured');
  else if (listing.featured[slot] !== row.featured) moved.push('featured');
  return moved;
}

/** Adds a product on sale to the kept counts (`by` 1), or takes it out (-1), by the values its columns hold now. */
function count(listing: Listing, slot: number, by: 1 | -1): void {
  const category = listing.category[slot] as number;
  const brand = listing.brand[slot] as number;
  const codes = ATTRIBUTE_KEYS.map((key) => (listing.attributes.get(key) as Attribute).codes[slot] as number);
  const values = [ANY];
  codes.forEach((code, keyIndex) => code !== 0 && values.push(valueNumber(keyIndex, code)));
  const stocks = (listing.stock[slot] as number) > 0 ? [false, true] : [false];
  const price = listing.price[slot] as number;
  const scopes: Array<[Cells, Float64Array]> = [
    [listing.cells, listing.cuts],
    [listing.cellsByCategory[category] as Cells, listing.cutsByCategory[category] as Float64Array],
  ];
  for (const [cells, cuts] of scopes) {
    const band = cutsBelow(cuts, price, true);
    // Any band: every brand × value; the product's band: a brand or a value, not both.
    const keys: number[] = [];
    for (const inStock of stocks) {
      for (const ofBrand of [ANY, brand]) for (const value of values) keys.push(cellKey(inStock, ofBrand, value));
      keys.push(cellKey(inStock, ANY, ANY, band), cellKey(inStock, brand, ANY, band));
      for (const value of values) if (value !== ANY) keys.push(cellKey(inStock, ANY, value, band));
    }
    for (const key of keys) {
      let counts = cells.get(key);
      if (!counts) cells.set(key, (counts = emptyCounts()));
      counts.total += by;
      counts.category = bumped(counts.category, category, by);
      counts.brand = bumped(counts.brand, brand, by);
      for (let keyIndex = 0; keyIndex < codes.length; keyIndex++) {
        counts.attributes[keyIndex] = bumped(counts.attributes[keyIndex] as number[], codes[keyIndex] as number, by);
      }
    }
  }
}

/** Takes a slot out of, or puts it into, the given orders of every product, of its category, and of its brand's in both. */
function move(listing: Listing, slot: number, sorts: readonly StoredSort[], action: 'remove' | 'insert'): void {
  const categoryCode = listing.category[slot] as number;
  const brand = listing.brand[slot] as number;
  const scopes = [
    listing.orders,
    listing.ordersByCategory[categoryCode] as Orders,
    brandOrders(listing, -1, brand),
    brandOrders(listing, categoryCode, brand),
  ];
  for (const sort of sorts) for (const orders of scopes) orders[sort][action](slot);
}

/** Brings the given products up to date: on sale ones from `rows`, the rest taken off. Synchronous, so no query sees half of it. */
/** Each product's sellers besides its buy box's, from its offers on sale (the buy box's first), and those of them in stock; products without are left out. */
function setOtherSellers(listing: Listing, offersOf: ReadonlyMap<number, ReadonlyArray<{ vendor: { id: number }; stock: number }>>): void {
  for (const [id, offers] of offersOf) {
    const slot = slotOf(listing, id);
    const others = offers.filter((offer) => slot === undefined || offer.vendor.id !== listing.vendor[slot]);
    if (others.length > 0)
      listing.othersOf.set(
        id,
        others.map((offer) => offer.vendor.id),
      );
    const stocked = others.filter((offer) => offer.stock > 0).map((offer) => offer.vendor.id);
    if (stocked.length > 0) {
      listing.stockedOthersOf.set(id, stocked);
      listing.reachVersion++;
    }
  }
}

/** The slots of the products a seller offers without holding their buy box, flagged; undefined when there are none. */
function otherSellerSlots(listing: Listing, vendorId: number): Uint8Array | undefined {
  let flagged: Uint8Array | undefined;
  for (const [id, others] of listing.othersOf) {
    const slot = others.includes(vendorId) ? slotOf(listing, id) : undefined;
    if (slot === undefined) continue;
    flagged ??= new Uint8Array(listing.size);
    flagged[slot] = 1;
  }
  return flagged;
}

/**
 * Which sellers reach a PIN code, by the delivery rule (deliveryRefusal), as a listing filtered
 * to it reads them: a seller refused there is flagged by vendor id, and a product whose buy box's
 * seller is refused still passes when another seller of it, in stock, is not. Special zones are
 * refused by few sellers, so a listing costs two look-ups per product in its pass; elsewhere none
 * is, and the filter is "in stock", answered like it. Worked out once per PIN code (the products
 * rescued once per set of sellers refused, so once per state), again after a seller's settings or
 * a product's other sellers change.
 */
interface DeliveryReach {
  /** no seller delivers there, whatever its settings */
  nowhere: boolean;
  /** 1 at the vendor id of each seller refused there; undefined when none is */
  refused: Uint8Array | undefined;
  /** 1 at the slot of each product another seller of which, in stock, is not refused */
  rescued: Uint8Array;
}

/** PIN codes whose reach is kept, at most (a byte a seller each), and sets of sellers refused whose rescued products are (a byte a product each). */
const REACHES_KEPT = 256;
const RESCUED_KEPT = 16;
const NO_FLAGS = new Uint8Array(0);

function deliveryReach(listing: Listing, to: PincodePlace): DeliveryReach {
  if (listing.reachesVersion !== listing.reachVersion) {
    listing.reaches.clear();
    listing.rescuedBy.clear();
    listing.reachesVersion = listing.reachVersion;
  }
  const known = listing.reaches.get(to.pincode);
  if (known) return known;
  let reach: DeliveryReach = { nowhere: true, refused: undefined, rescued: NO_FLAGS };
  if (deliveryRefusal(to, undefined) === null) {
    const refusedIds: number[] = [];
    for (const [vendorId, seller] of listing.reach) if (deliveryRefusal(to, seller) !== null) refusedIds.push(vendorId);
    const refused = refusedIds.length > 0 ? flags(Math.max(...refusedIds) + 1, refusedIds) : undefined;
    reach = { nowhere: false, refused, rescued: refused ? rescuedWhen(listing, refusedIds, refused) : NO_FLAGS };
  }
  if (listing.reaches.size >= REACHES_KEPT) listing.reaches.clear();
  listing.reaches.set(to.pincode, reach);
  return reach;
}

/** The slots of products another seller of which, in stock, is not among those refused. */
function rescuedWhen(listing: Listing, refusedIds: readonly number[], refused: Uint8Array): Uint8Array {
  const key = refusedIds.join(',');
  let rescued = listing.rescuedBy.get(key);
  if (rescued) return rescued;
  rescued = new Uint8Array(listing.size);
  for (const [id, others] of listing.stockedOthersOf) {
    const slot = slotOf(listing, id);
    if (slot !== undefined && others.some((vendorId) => refused[vendorId] !== 1)) rescued[slot] = 1;
  }
  if (listing.rescuedBy.size >= RESCUED_KEPT) listing.rescuedBy.clear();
  listing.rescuedBy.set(key, rescued);
  return rescued;
}

function applyRows(
  listing: Listing,
  productIds: readonly number[],
  rows: readonly ListingRow[],
  pairsOf: ReadonlyMap<number, string>,
): void {
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  for (const id of productIds) {
    const row = rowOf.get(id);
    const slot = slotOf(listing, id);
    const wasLive = slot !== undefined && listing.live[slot] === 1;
    if (slot !== undefined) logChange(listing, slot, valuesAt(listing, slot));
    if (!row) {
      if (wasLive) {
        move(listing, slot, STORED_SORTS, 'remove');
        count(listing, slot, -1);
        listing.live[slot] = 0;
      }
      continue;
    }
    // Orders are left, with the old values, before the columns change; a new category or brand means all of them.
    const sameScopes =
      wasLive && listing.category[slot] === CATEGORIES.indexOf(row.category) && listing.brand[slot] === listing.brands.code(row.brand);
    const moved = sameScopes ? ordersMoved(listing, slot, row) : STORED_SORTS;
    if (wasLive) {
      move(listing, slot, moved, 'remove');
      count(listing, slot, -1);
    }
    const written = writeColumns(listing, row, pairsOf.get(id));
    if (written !== slot) logChange(listing, written, undefined);
    listing.live[written] = 1;
    move(listing, written, moved, 'insert');
    count(listing, written, 1);
  }
}

/** A search's hits laid over the index: their slots, and their ranks side by side. */
interface SearchOverlay {
  /** the listing it was worked out for (by number, so a cached search never keeps an old listing alive) */
  listing: number;
  epoch: number;
  slots: Int32Array;
  /** the listing's product id of each slot, as its slots were then (a slot keeps its product) */
  slotIds: Int32Array;
  ranks: Float32Array;
  /** passes over the hits kept by filters (see passKey), while no product among them changes */
  passes: Map<string, KeptPass>;
}

/**
 * A search's pass, kept: a search is asked again with other pages and sorts, and a typo is mostly
 * corrected to the same words, so a common word's 40,000 hits are passed over once, not at every
 * request. It is brought up to date product by product when some of its hits change (see
 * caughtUp), as sellers edit all day and a common word's hits take in most of their edits.
 */
interface KeptPass {
  /** the listing's change count it was last brought up to */
  checked: number;
  total: number;
  /** the results, as places in the overlay (so in slot order) */
  results: Int32Array;
  /** the counts' rows, named; made again when asked for after a change */
  facets: Pick<IndexResult, 'categories' | 'brands' | 'attributes'> | undefined;
  name: () => Pick<IndexResult, 'categories' | 'brands' | 'attributes'>;
  /** the results' slots in a sort's order, as far as pages asked for so far needed */
  pages: Map<Sort, Int32Array>;
  /** whether the pass's counts have room for a product's codes (a brand or spec value first met since has none) */
  fits: (values: SlotValues) => boolean;
  /** adds a product's part to the counts (by 1) or takes it away (-1), as the pass counted it; whether it is a result */
  count: (values: SlotValues, by: 1 | -1) => boolean;
}

/** Kept passes per overlay, at most: one per category and filter set asked for. */
const PASSES_KEPT = 32;

/** What a search's pass depends on besides its hits: the scope and every filter. */
function passKey(filter: IndexFilter, categoryCode: number): string {
  return JSON.stringify([
    categoryCode,
    filter.brands,
    filter.minPrice,
    filter.maxPrice,
    filter.inStock === true,
    filter.featured === true,
    filter.vendorSlug,
    filter.attributes,
  ]);
}

/** More of a pass's hits changed than this since it was last used, and it is made afresh rather than brought up to date. */
const CATCH_UP_AT_MOST = 256;

/** A search's place (in the overlay) of one of its hits' slots. */
function placeOf(search: SearchOverlay, slot: number): number {
  let low = 0;
  let high = search.slots.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((search.slots[middle] as number) < slot) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether a slot is one of a search's hits. */
function holds(search: SearchOverlay, slot: number): boolean {
  return search.slots[placeOf(search, slot)] === slot;
}

/**
 * 0, 1, … count - 1, as a view of one array shared by every kept pass whose results are all its
 * hits: a common word's 400,000 places are not allocated and written again for each (a fresh
 * array that size cost a millisecond in page faults alone). Never written once handed out: a
 * pass's results change only by withPlace, which makes a new array.
 */
let sharedPlaces = new Int32Array(0);
function firstPlaces(count: number): Int32Array {
  if (sharedPlaces.length < count) {
    sharedPlaces = new Int32Array(Math.ceil(count * 1.25));
    for (let at = 0; at < sharedPlaces.length; at++) sharedPlaces[at] = at;
  }
  return sharedPlaces.subarray(0, count);
}

/** Sorted places with one added or taken out. */
function withPlace(places: Int32Array, place: number, add: boolean): Int32Array {
  let at = 0;
  while (at < places.length && (places[at] as number) < place) at++;
  const changed = new Int32Array(places.length + (add ? 1 : -1));
  changed.set(places.subarray(0, at));
  if (add) {
    changed[at] = place;
    changed.set(places.subarray(at), at + 1);
  } else {
    changed.set(places.subarray(at + 1), at);
  }
  return changed;
}

/**
 * The featured order (featured first, then newest, then the larger id), read off the columns
 * directly: the stored order sorts by it, and a search's ties on rank (copies of one model rank
 * alike) run it hundreds of thousands of times.
 */
function featuredBefore(listing: Listing, a: number, b: number): number {
  const { featured, created, ids } = listing;
  return (
    (featured[b] as number) - (featured[a] as number) ||
    (created[b] as number) - (created[a] as number) ||
    (ids[b] as number) - (ids[a] as number)
  );
}

/** Whether `a` (a place in the overlay) ranks before `b`: by rank, ties featured-then-newest. */
function rankedBefore(listing: Listing, search: SearchOverlay, a: number, b: number): number {
  return (
    (search.ranks[b] as number) - (search.ranks[a] as number) ||
    featuredBefore(listing, search.slots[a] as number, search.slots[b] as number)
  );
}

/**
 * Brings a kept pass up to the listing's latest change, or says it cannot: each hit changed since
 * comes out of the counts as it was and goes in as it is, into or out of the results, and the
 * pages it may have moved are dropped. False when the log no longer reaches back that far, vendors
 * changed, too many hits changed, or a changed hit has a brand or spec value the pass has no room for.
 */
function caughtUp(listing: Listing, search: SearchOverlay, scope: Orders, kept: KeptPass): boolean {
  if (kept.checked < listing.keptFrom || listing.changes - kept.checked > CHANGES_LOGGED) return false;
  // Each changed hit once, with its columns as the pass (or the last catch-up) saw them.
  const firstBefore = new Map<number, SlotValues>();
  for (let change = kept.checked; change < listing.changes; change++) {
    const slot = listing.changedSlots[change % CHANGES_LOGGED] as number;
    if (!holds(search, slot) || firstBefore.has(slot)) continue;
    const before = listing.changedBefore[change % CHANGES_LOGGED];
    if (!before || firstBefore.size >= CATCH_UP_AT_MOST) return false;
    firstBefore.set(slot, before);
  }
  const changed = [...firstBefore].map(([slot, before]) => ({ slot, before, now: valuesAt(listing, slot) }));
  if (!changed.every(({ now }) => kept.fits(now))) return false;
  kept.checked = listing.changes;
  for (const { slot, before, now } of changed) {
    const was = kept.count(before, -1);
    const is = kept.count(now, 1);
    if (!was && !is) continue;
    const place = placeOf(search, slot);
    if (was !== is) {
      kept.results = withPlace(kept.results, place, is);
      kept.total += is ? 1 : -1;
    }
    for (const [sort, page] of kept.pages) {
      const last = page[page.length - 1];
      const moved =
        last === undefined ||
        page.includes(slot) ||
        (is &&
          (sort === 'relevance' ? rankedBefore(listing, search, place, placeOf(search, last)) < 0 : scope[sort].compare(slot, last) < 0));
      if (moved) kept.pages.delete(sort);
    }
  }
  if (changed.length > 0) kept.facets = undefined;
  return true;
}

// Worked out once per search hits and index (a page, a sort or a filter of the same search reuses it).
const overlays = new WeakMap<SearchHits, SearchOverlay>();

/** Hits of a search, at least this share of the products, are put in slot order by a sweep over the slots rather than sorted. */
const DENSE_HITS = 1 / 32;
/** Each slot's hit (its place + 1) while a dense search's hits are put in slot order; zeros between. */
let hitOfSlot = new Int32Array(0);
/** Hits out of slot order, as a share of them all, up to which they are sorted and merged into the rest rather than all put in order afresh. */
const OUT_OF_ORDER = 1 / 8;

/**
 * The places of `hitSlots` in slot order. The search index reads the catalogue in the order this
 * index gives slots in (category, then price), so most hits come in slot order already: those
 * past the running largest slot are taken as they come, and the few others (products renamed or
 * added since the load) are sorted and merged in, one pass in memory order where a common word's
 * 400,000 hits were marked on a million slots and swept. Hits far out of order are put in order
 * afresh: a dense search's by a sweep over the slots, the others by a sort. Undefined when they
 * are all in order already.
 */
function slotOrder(listing: Listing, hitSlots: Int32Array): Int32Array | undefined {
  const count = hitSlots.length;
  const inOrder = scratchInts(1, count);
  const rest: number[] = [];
  let taken = 0;
  let largest = -1;
  for (let h = 0; h < count; h++) {
    const slot = hitSlots[h] as number;
    if (slot > largest) {
      inOrder[taken++] = h;
      largest = slot;
    } else {
      rest.push(h);
      if (rest.length > count * OUT_OF_ORDER) break;
    }
  }
  // All in order already (a search of a catalogue no one renamed in since the load): as they are.
  if (rest.length === 0) return undefined;
  const order = scratchInts(2, count);
  if (rest.length <= count * OUT_OF_ORDER) {
    rest.sort((a, b) => (hitSlots[a] as number) - (hitSlots[b] as number));
    let a = 0;
    let b = 0;
    for (let at = 0; at < count; at++) {
      const fromRest =
        b < rest.length && (a >= taken || (hitSlots[rest[b] as number] as number) < (hitSlots[inOrder[a] as number] as number));
      order[at] = fromRest ? (rest[b++] as number) : (inOrder[a++] as number);
    }
    return order;
  }
  if (count >= listing.size * DENSE_HITS) {
    // Each slot marked with its hit, then the slots read in order (no sort of 40,000).
    if (hitOfSlot.length < listing.size) hitOfSlot = new Int32Array(Math.ceil(listing.size * 1.25));
    for (let h = 0; h < count; h++) hitOfSlot[hitSlots[h] as number] = h + 1;
    let at = 0;
    for (let slot = 0; slot < listing.size; slot++) {
      const marked = hitOfSlot[slot] as number;
      if (marked === 0) continue;
      hitOfSlot[slot] = 0;
      order[at++] = marked - 1;
    }
    return order;
  }
  // Each key packs a hit's slot above its place (hits number fewer than 2^22).
  const keys = Float64Array.from(hitSlots, (slot, h) => slot * 2 ** 22 + h).sort();
  for (let at = 0; at < count; at++) order[at] = (keys[at] as number) % 2 ** 22;
  return order;
}

/**
 * Scratch arrays for putting a search's hits in order, reused rather than allocated: a common
 * word's hits are 400,000 at 1,000,000 products, and arrays that size, allocated and dropped at
 * every search met afresh, had garbage collection take a fifth of the time.
 */
const scratchLists: Int32Array[] = [];
let scratchRanks = new Float32Array(0);

/** Scratch list `n`, at least `length` long, as a view of that length. */
function scratchInts(n: number, length: number): Int32Array {
  let list = scratchLists[n];
  if (!list || list.length < length) scratchLists[n] = list = new Int32Array(Math.ceil(length * 1.25));
  return list.subarray(0, length);
}

const NO_IDS = new Int32Array(0);

/** Whether the hits hold their product ids still (see SearchHits). */
const holdsIds = (match: SearchHits) => match.ids.length === match.ranks.length;

/** Products looked for up to which hits' ids are scanned for each (see hitPlaces). */
const FEW_PRODUCTS = 4;
/** Products looked for among hits, flagged by id while they are (see hitPlaces); all zeros between. */
let flagged = new Uint8Array(0);

/**
 * The places among a search's hits of those of the products that are among them. Once laid over
 * the listing, by each product's slot, bisected for among theirs; before, by their ids: a few
 * products looked for one by one, more in one pass with them flagged (a common word's hits asked
 * again after 2,000 renames elsewhere took 2,000 scans of its 400,000 ids, 300 ms, at 1,000,000
 * products). Hits laid over an earlier listing only (loaded afresh since) are read by their slots' ids.
 */
function hitPlaces(listing: Listing | undefined, match: SearchHits, productIds: readonly number[]): Map<number, number> {
  const places = new Map<number, number>();
  const laid = overlays.get(match);
  if (laid && listing && laid.listing === listing.number) {
    for (const id of productIds) {
      const slot = slotOf(listing, id);
      if (slot === undefined) continue;
      const place = placeOf(laid, slot);
      if (laid.slots[place] === slot) places.set(id, place);
    }
    return places;
  }
  if (holdsIds(match) && productIds.length <= FEW_PRODUCTS) {
    for (const id of productIds) {
      const place = match.ids.indexOf(id);
      if (place >= 0) places.set(id, place);
    }
    return places;
  }
  const largest = productIds.reduce((most, id) => Math.max(most, id), 0);
  if (flagged.length <= largest) flagged = new Uint8Array(Math.ceil((largest + 1) * 1.25));
  for (const id of productIds) flagged[id] = 1;
  const count = match.ranks.length;
  const idAt = holdsIds(match)
    ? (hit: number) => match.ids[hit] as number
    : (hit: number) => (laid as SearchOverlay).slotIds[(laid as SearchOverlay).slots[hit] as number] as number;
  for (let hit = 0; hit < count; hit++) {
    const id = idAt(hit);
    if (id < flagged.length && flagged[id] === 1) places.set(id, hit);
  }
  for (const id of productIds) flagged[id] = 0;
  return places;
}

function overlay(listing: Listing, match: SearchHits): SearchOverlay {
  const known = overlays.get(match);
  // Hits of the search index let go of their ids once laid over: their slots name them.
  const lettingGo = match.slotHints !== undefined;
  const made = (slots: Int32Array): SearchOverlay => {
    const search: SearchOverlay = {
      listing: listing.number,
      epoch: listing.epoch,
      slots,
      slotIds: listing.ids,
      ranks: match.ranks,
      passes: new Map(),
    };
    overlays.set(match, search);
    if (lettingGo) match.ids = NO_IDS;
    return search;
  };
  if (known && known.listing === listing.number) {
    // The listing grew since (a product new to it): the hits keep their slots (a slot keeps its
    // product), and their passes are made afresh.
    return known.epoch === listing.epoch ? known : made(known.slots);
  }
  // Another listing (loaded afresh): the hits are laid over it by their product ids.
  const keepsIds = holdsIds(match) && !lettingGo;
  const ids = holdsIds(match)
    ? match.ids
    : Int32Array.from((known as SearchOverlay).slots, (slot) => (known as SearchOverlay).slotIds[slot] as number);
  // Hits the listing does not have (not on sale) are dropped first.
  let hitSlots = scratchInts(0, ids.length);
  let found = 0;
  // Looked up by document where the search index gives them, in the order the hits come in
  // (mostly ascending), rather than by product id, all over the listing's id table: at 1,000,000
  // products the look-ups by id of a common word's 400,000 hits missed the processor's caches at
  // almost every one.
  const { docs, slotHints: hints } = match;
  if (hints && hints.listing !== listing.number) {
    hints.slots.fill(0);
    hints.listing = listing.number;
  }
  const hinted = docs && hints?.slots;
  for (let h = 0; h < ids.length; h++) {
    const doc = hinted ? ((docs as Int32Array)[h] as number) : 0;
    let slot = hinted ? (hinted[doc] as number) - 1 : -1;
    if (slot < 0) {
      slot = slotOf(listing, ids[h] as number) ?? -1;
      if (hinted && slot >= 0) hinted[doc] = slot + 1;
    }
    hitSlots[h] = slot;
    if (slot >= 0) found++;
  }
  // The hits' slots are known now: their documents are not needed again (a listing loaded afresh
  // lays them over by product id).
  match.docs = undefined;
  if (found < ids.length) {
    const keptIds = keepsIds ? new Int32Array(found) : NO_IDS;
    const ranks = new Float32Array(found);
    let at = 0;
    for (let h = 0; h < ids.length; h++) {
      const slot = hitSlots[h] as number;
      if (slot < 0) continue;
      hitSlots[at] = slot;
      if (keepsIds) keptIds[at] = ids[h] as number;
      ranks[at++] = match.ranks[h] as number;
    }
    match.ids = keptIds;
    match.ranks = ranks;
  }
  hitSlots = hitSlots.subarray(0, found);
  // The hits are put in slot order (their order means nothing to a search), so a pass over them
  // reads the columns in order. They take the new order, and their ranks serve the overlay too,
  // rather than a copy of 40,000: a rank the search brings up to date later is the overlay's too.
  // An overlay made before is never used again: it was for another listing or epoch, and
  // queries run one at a time.
  const order = slotOrder(listing, hitSlots);
  if (!order) return made(hitSlots.slice());
  const slots = new Int32Array(found);
  const orderedIds = scratchInts(3, found);
  if (scratchRanks.length < found) scratchRanks = new Float32Array(Math.ceil(found * 1.25));
  const ranks = scratchRanks.subarray(0, found);
  for (let at = 0; at < found; at++) {
    const h = order[at] as number;
    slots[at] = hitSlots[h] as number;
    if (keepsIds) orderedIds[at] = match.ids[h] as number;
    ranks[at] = match.ranks[h] as number;
  }
  match.ranks.set(ranks);
  if (keepsIds) match.ids.set(orderedIds);
  return made(slots);
}

/**
 * Which products a listing's filters let through, by slot: one array for every query (they run one
 * at a time), cleared after each, rather than 100 KB allocated outside the heap per request.
 */
let matchedScratch = new Uint8Array(0);

/** The scratch array, at least `size` long; all zeros between queries. */
function scratch(size: number): Uint8Array {
  if (matchedScratch.length < size) matchedScratch = new Uint8Array(Math.ceil(size * 1.25));
  return matchedScratch;
}

/** Above this many, the results of a search are put in order all at once rather than kept sorted one by one. */
const KEPT_IN_ORDER = 256;

/**
 * The best `limit` results of a search (places in the overlay), best first, as slots: by rank,
 * ties featured-then-newest as the SQL had them. Only as many as the page needs are kept in order,
 * not all 40,000 hits of a common word; a deep page sorts the results once instead.
 */
function bestRanked(listing: Listing, search: SearchOverlay, results: Int32Array, limit: number): Int32Array {
  const { slots } = search;
  const before = (a: number, b: number) => rankedBefore(listing, search, a, b);
  let best: number[] = [];
  if (limit > KEPT_IN_ORDER) {
    best = Array.from(results).sort(before).slice(0, limit);
  } else {
    const { ranks } = search;
    for (let r = 0; r < results.length; r++) {
      const h = results[r] as number;
      if (best.length === limit) {
        // Most results rank below the last kept: told apart by rank alone, without the tie-break.
        const worst = best[limit - 1] as number;
        const behind = (ranks[worst] as number) - (ranks[h] as number);
        if (behind > 0 || (behind === 0 && before(h, worst) >= 0)) continue;
      }
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (before(best[middle] as number, h) < 0) low = middle + 1;
        else high = middle;
      }
      best.splice(low, 0, h);
      if (best.length > limit) best.pop();
    }
  }
  return Int32Array.from(best, (h) => slots[h] as number);
}

/**
 * The first `limit` results of a search (places in the overlay) in a stored order, as slots, the
 * cheaper of two ways: few results are sorted themselves (all of them, kept for later pages);
 * more are marked in a scratch array and picked along the order until the page is full. The walk
 * is costed at its longest, the whole order: a search's results are often bunched at one end of
 * it (a model's copies all cost about the same), and a walk that assumed them spread evenly
 * (looking each slot up among them by bisection) took 10 ms and more at 1,000,000 products, as
 * did sorting 20,000–60,000 results outright.
 */
function inOrder(listing: Listing, order: SortedSlots, search: SearchOverlay, results: Int32Array, limit: number): Int32Array {
  const count = results.length;
  const { slots, length } = order;
  // Relative costs: a comparison in a sort is some ten times a step of the walk.
  if (count * Math.log2(count + 1) * 10 <= length + 2 * count)
    return Int32Array.from(results, (h) => search.slots[h] as number).sort(order.compare);
  const marks = scratch(listing.size);
  for (let r = 0; r < count; r++) marks[search.slots[results[r] as number] as number] = 1;
  const picked: number[] = [];
  for (let o = 0; o < length && picked.length < limit; o++) {
    const slot = slots[o] as number;
    if (marks[slot] === 1) picked.push(slot);
  }
  for (let r = 0; r < count; r++) marks[search.slots[results[r] as number] as number] = 0;
  return Int32Array.from(picked);
}

/** A page of a kept search pass: its results in the sort's order, worked out as far as asked and kept. */
function keptPage(
  listing: Listing,
  scope: Orders,
  search: SearchOverlay,
  kept: KeptPass,
  sort: Sort,
  page: number,
  pageSize: number,
): IndexResult {
  const start = (page - 1) * pageSize;
  const limit = start + pageSize;
  let ordered = kept.pages.get(sort);
  if (!ordered || (ordered.length < limit && ordered.length < kept.total)) {
    ordered =
      sort === 'relevance' ? bestRanked(listing, search, kept.results, limit) : inOrder(listing, scope[sort], search, kept.results, limit);
    kept.pages.set(sort, ordered);
  }
  const ids: number[] = [];
  for (let at = start; at < Math.min(limit, ordered.length); at++) ids.push(listing.ids[ordered[at] as number] as number);
  kept.facets ??= kept.name();
  return { ids, total: kept.total, ...kept.facets };
}

/** Spec facets worth counting: a category's own, or across categories only the shared ones (as the service shows them). */
const COUNTED_KEYS: ReadonlyArray<readonly string[]> = [
  ...CATEGORIES.map((category) => SPEC_FACETS.filter((facet) => facet.categories.includes(category)).map((facet) => facet.key)),
  SPEC_FACETS.filter((facet) => facet.categories.length > 1).map((facet) => facet.key),
];

/** 1 at each accepted code: typed-array look-ups in the loop below. */
function flags(length: number, codes: readonly number[]): Uint8Array {
  const accepted = new Uint8Array(length);
  for (const code of codes) if (code >= 0) accepted[code] = 1;
  return accepted;
}

function increment(counts: Uint32Array, code: number): void {
  counts[code] = (counts[code] as number) + 1;
}

/** Counts by code in typed arrays, named, leaving out codes below `from` and counts of 0. */
function named(counts: Uint32Array, name: (code: number) => string, from = 0): RawFacetCount[] {
  const rows: RawFacetCount[] = [];
  for (let code = from; code < counts.length; code++)
    if ((counts[code] as number) > 0) rows.push({ value: name(code), count: counts[code] as number });
  return rows;
}

/** Counts by code, summed over some cells (`pick`: which list of theirs). */
function summed(cells: readonly Counts[], pick: (counts: Counts) => number[]): Uint32Array {
  const total = new Uint32Array(Math.max(0, ...cells.map((entry) => pick(entry).length)));
  for (const entry of cells) pick(entry).forEach((value, code) => (total[code] = (total[code] as number) + (value ?? 0)));
  return total;
}

/** The chosen codes among flags (each once). */
function chosen(accepted: Uint8Array): number[] {
  const codes: number[] = [];
  for (let code = 0; code < accepted.length; code++) if (accepted[code] === 1) codes.push(code);
  return codes;
}

/** Counts of typed arrays and of cells summed, side by side (either may be the longer). */
function plus(a: Uint32Array, b: Uint32Array | undefined): Uint32Array {
  if (!b) return a;
  const sum = new Uint32Array(Math.max(a.length, b.length));
  sum.set(a);
  for (let code = 0; code < b.length; code++) sum[code] = (sum[code] as number) + (b[code] as number);
  return sum;
}

/**
 * A price range a listing answered from kept counts is narrowed by: the bands it covers whole,
 * and what a pass over the products of the bands it cuts found (see query).
 */
interface KeptRange {
  minPrice: number;
  maxPrice: number;
  firstBand: number;
  lastBand: number;
  cut: { total: number; categories: Uint32Array; brands: Uint32Array; attributes: Map<string, Uint32Array> };
}

/** The one spec a listing answered from kept counts is narrowed by. */
interface KeptSpec {
  key: string;
  keyIndex: number;
  codes: Uint16Array;
  accepted: Uint8Array;
}

/**
 * The products within a price range (and in stock, and of the spec's values) of the given scopes,
 * in `order`, read off the scopes' price orders and sorted, when there are few enough of them that
 * this costs less than walking the scopes' own orders (`walked`) for the first `wanted`; otherwise
 * undefined.
 */
function pickedInRange(
  listing: Listing,
  scopes: readonly Orders[],
  walked: readonly SortedSlots[],
  order: SortedSlots,
  total: number,
  inStock: boolean,
  spec: KeptSpec | undefined,
  minPrice: number,
  maxPrice: number,
  wanted: number,
): number[] | undefined {
  const slices = scopes.map(({ price_asc: byPrice }) => {
    const from = firstPriced(listing, byPrice, minPrice, false);
    return byPrice.slots.subarray(from, Math.max(from, firstPriced(listing, byPrice, maxPrice, true)));
  });
  const inRange = slices.reduce((sum, slice) => sum + slice.length, 0);
  const walkedLength = walked.reduce((sum, along) => sum + along.length, 0);
  const walk = total > 0 ? Math.min(walkedLength, (wanted * walkedLength) / total) : walkedLength;
  if (inRange * Math.log2(inRange + 2) >= walk) return undefined;
  const { stock } = listing;
  const picked: number[] = [];
  for (const slice of slices) {
    for (const slot of slice) {
      if (inStock && (stock[slot] as number) <= 0) continue;
      if (spec && spec.accepted[spec.codes[slot] as number] !== 1) continue;
      picked.push(slot);
    }
  }
  return picked.sort(order.compare);
}

/**
 * A listing narrowed by nothing but stock, brands and the values of one spec, of every product or
 * a category's: its counts are the sum of kept cells (a product failing only the brand counts for
 * its brand, one failing only the spec for its value, as in a pass), and its page a slice of the
 * stored order, or a walk along it picking what passes.
 */
function counted(
  listing: Listing,
  categoryCode: number,
  inStock: boolean,
  brandCodes: Uint8Array | undefined,
  spec: KeptSpec | undefined,
  range: KeptRange | undefined,
  countedKeys: readonly string[],
  sort: Sort,
  page: number,
  pageSize: number,
): IndexResult {
  const scope = categoryCode >= 0 ? (listing.ordersByCategory[categoryCode] as Orders) : listing.orders;
  const cells = categoryCode >= 0 ? (listing.cellsByCategory[categoryCode] as Cells) : listing.cells;
  const brands = brandCodes ? chosen(brandCodes) : [ANY];
  const values = spec ? chosen(spec.accepted).map((code) => valueNumber(spec.keyIndex, code)) : [ANY];
  const bands = range ? Array.from({ length: range.lastBand - range.firstBand + 1 }, (_, n) => range.firstBand + n) : [ANY];
  const cellsOf = (ofBrands: readonly number[], ofValues: readonly number[]) =>
    bands.flatMap((band) =>
      ofBrands.flatMap((brand) => ofValues.flatMap((value) => cells.get(cellKey(inStock, brand, value, band)) ?? [])),
    );
  const results = cellsOf(brands, values);
  const total = results.reduce((sum, entry) => sum + entry.total, 0) + (range?.cut.total ?? 0);

  const start = (page - 1) * pageSize;
  const ids: number[] = [];
  const order = scope[sort === 'relevance' ? 'featured' : sort];
  if (!inStock && !brandCodes && !spec && !range) {
    for (const slot of order.slots.subarray(Math.min(start, order.length), Math.min(order.length, start + pageSize)))
      ids.push(listing.ids[slot] as number);
  } else {
    // Along the chosen brands' own orders, merged, rather than past every other brand's products.
    const stored = sort === 'relevance' ? 'featured' : sort;
    const walked = brandCodes ? brands.map((brand) => brandOrders(listing, categoryCode, brand)[stored]) : [order];
    const { stock, price } = listing;
    const minPrice = range?.minPrice ?? -Infinity;
    const maxPrice = range?.maxPrice ?? Infinity;
    // In price order, a walk starts where the range does, rather than past every cheaper (or dearer) product.
    const startOf = (along: SortedSlots) =>
      !range
        ? 0
        : stored === 'price_asc'
          ? firstPriced(listing, along, minPrice, false)
          : stored === 'price_desc'
            ? firstPricedDescending(listing, along, maxPrice)
            : 0;
    const at = walked.map(startOf);
    let seen = 0;
    // A price range in another order: the products in it, read off the price orders, are sorted
    // themselves when that costs less than the walk, which passes walkedLength / total products for
    // each it keeps (a few hundred of two brands' 200,000 at 1,000,000 products: 50-60 ms).
    const picked =
      range && stored !== 'price_asc' && stored !== 'price_desc'
        ? pickedInRange(
            listing,
            brandCodes ? brands.map((brand) => brandOrders(listing, categoryCode, brand)) : [scope],
            walked,
            order,
            total,
            inStock,
            spec,
            minPrice,
            maxPrice,
            start + pageSize,
          )
        : undefined;
    if (picked) {
      for (const slot of picked.slice(start, start + pageSize)) ids.push(listing.ids[slot] as number);
      seen = total;
    }
    while (ids.length < pageSize && seen < total) {
      let next = -1;
      for (let w = 0; w < walked.length; w++) {
        const candidate = walked[w] as SortedSlots;
        if ((at[w] as number) >= candidate.length) continue;
        if (
          next < 0 ||
          order.compare(candidate.slots[at[w] as number] as number, (walked[next] as SortedSlots).slots[at[next] as number] as number) < 0
        )
          next = w;
      }
      if (next < 0) break;
      const slot = (walked[next] as SortedSlots).slots[at[next] as number] as number;
      at[next] = (at[next] as number) + 1;
      if (inStock && (stock[slot] as number) <= 0) continue;
      if (spec && spec.accepted[spec.codes[slot] as number] !== 1) continue;
      const itemPrice = price[slot] as number;
      if (itemPrice < minPrice || itemPrice > maxPrice) continue;
      if (seen++ >= start) ids.push(listing.ids[slot] as number);
    }
  }

  // The chosen spec first, as a pass lists it.
  const keys = spec && countedKeys.includes(spec.key) ? [spec.key, ...countedKeys.filter((key) => key !== spec.key)] : countedKeys;
  return {
    ids,
    total,
    categories: named(
      plus(
        summed(results, (entry) => entry.category),
        range?.cut.categories,
      ),
      (code) => CATEGORIES[code] as string,
    ),
    brands: named(
      plus(
        summed(cellsOf([ANY], values), (entry) => entry.brand),
        range?.cut.brands,
      ),
      (code) => listing.brandNames[code] as string,
    ).sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
    attributes: keys.flatMap((key) => {
      const values = (listing.attributes.get(key) as Attribute).values;
      const from = key === spec?.key ? cellsOf(brands, [ANY]) : results;
      const keyIndex = ATTRIBUTE_KEYS.indexOf(key);
      return named(
        plus(
          summed(from, (entry) => entry.attributes[keyIndex] as number[]),
          range?.cut.attributes.get(key),
        ),
        (code) => values[code - 1] as string,
        1,
      ).map((row) => ({ ...row, key }));
    }),
  };
}

/** A price range holding at most this share of its scope is read off the price order. */
const NARROW_PRICE_RANGE = 0.2;

/** The first place in the price order whose price is at least `price` (`after`: above it). */
function firstPriced(listing: Listing, byPrice: SortedSlots, price: number, after: boolean): number {
  let low = 0;
  let high = byPrice.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const at = listing.price[byPrice.slots[middle] as number] as number;
    if (at < price || (after && at === price)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first place in a descending price order whose price is at most `price`. */
function firstPricedDescending(listing: Listing, byPrice: SortedSlots, price: number): number {
  let low = 0;
  let high = byPrice.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((listing.price[byPrice.slots[middle] as number] as number) > price) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * How a price range falls on a scope's price bands: those it covers whole, from the first starting
 * at or above its floor to the last ending at or below its ceiling (none when firstBand >
 * lastBand), and its products outside them, in the bands it cuts (all of them when it covers none).
 */
function bandsWithin(
  listing: Listing,
  categoryCode: number,
  minPrice: number,
  maxPrice: number,
): { firstBand: number; lastBand: number; cut: Int32Array[] } {
  const cuts = categoryCode >= 0 ? (listing.cutsByCategory[categoryCode] as Float64Array) : listing.cuts;
  const byPrice = (categoryCode >= 0 ? (listing.ordersByCategory[categoryCode] as Orders) : listing.orders).price_asc;
  const firstBand = minPrice === -Infinity ? 0 : cutsBelow(cuts, minPrice, false) + 1;
  const lastBand = maxPrice === Infinity ? cuts.length : cutsBelow(cuts, maxPrice, true) - 1;
  const from = firstPriced(listing, byPrice, minPrice, false);
  const to = Math.max(from, firstPriced(listing, byPrice, maxPrice, true));
  if (firstBand > lastBand) return { firstBand, lastBand, cut: [byPrice.slots.subarray(from, to)] };
  const lowEnd = firstBand === 0 ? from : firstPriced(listing, byPrice, cuts[firstBand - 1] as number, false);
  const highStart = lastBand === cuts.length ? to : firstPriced(listing, byPrice, cuts[lastBand] as number, false);
  return { firstBand, lastBand, cut: [byPrice.slots.subarray(from, lowEnd), byPrice.slots.subarray(highStart, to)] };
}

/** What one listing's pass reads and writes: always the same shape, so the pass is compiled once. */
interface Scan {
  candidates: Int32Array;
  candidateCount: number;
  price: Float64Array;
  minPrice: number;
  maxPrice: number;
  /** set when only products in stock pass (likewise featured, vendor) */
  stock: Int32Array | undefined;
  featured: Uint8Array | undefined;
  vendor: Int32Array | undefined;
  vendorId: number;
  /** with `vendor`: the slots the seller offers without holding the buy box, which pass too */
  otherSeller: Uint8Array | undefined;
  /** the buy box's seller of each slot */
  seller: Int32Array;
  /** set when delivering to a PIN code some sellers are refused at: by vendor id, with the slots another seller rescues (see deliveryReach) */
  refused: Uint8Array | undefined;
  rescued: Uint8Array;
  /** set when searching: hits are checked for sale and category here */
  live: Uint8Array | undefined;
  category: Uint8Array;
  categoryCode: number;
  brand: Uint16Array;
  brandCodes: Uint8Array | undefined;
  selectedCodes: Uint16Array[];
  selectedAccepted: Uint8Array[];
  selectedCounts: Uint32Array[];
  unselectedCodes: Uint16Array[];
  unselectedCounts: Uint32Array[];
  categoryCounts: Uint32Array;
  brandCounts: Uint32Array;
  matched: Uint8Array;
}

/**
 * Arrays of typed arrays, of one elements kind even when empty. An empty array has another kind
 * (and map) than a filled one, and a pass meeting both was compiled again and again ("wrong map"
 * deoptimizations: a pass over 100,000 products took 2.7 ms instead of a fraction of that).
 */
function objectList<T extends object>(items: readonly T[]): T[] {
  const list: T[] = [EMPTY_LIST_ITEM as T];
  list.pop();
  for (const item of items) list.push(item);
  return list;
}
const EMPTY_LIST_ITEM = new Uint8Array(0);

const BRAND = -1;

/**
 * The pass over the candidates: counts facets and marks results in `matched`; returns how many.
 * A product failing exactly one facet dimension still counts for that dimension's own values, so a
 * shopper can widen a choice; failing none, it counts everywhere and is a result.
 */
function scan(pass: Scan): number {
  const {
    candidates,
    candidateCount,
    price,
    minPrice,
    maxPrice,
    stock,
    featured,
    vendor,
    vendorId,
    otherSeller,
    seller,
    refused,
    rescued,
    live,
    category,
    categoryCode,
    brand,
    brandCodes,
  } = pass;
  const { selectedCodes, selectedAccepted, selectedCounts, unselectedCodes, unselectedCounts, categoryCounts, brandCounts, matched } = pass;
  let total = 0;
  for (let o = 0; o < candidateCount; o++) {
    const i = candidates[o] as number;
    const itemPrice = price[i] as number;
    if (itemPrice < minPrice || itemPrice > maxPrice) continue;
    if (stock !== undefined && (stock[i] as number) <= 0) continue;
    if (featured !== undefined && featured[i] !== 1) continue;
    if (vendor !== undefined && vendor[i] !== vendorId && (otherSeller === undefined || otherSeller[i] !== 1)) continue;
    if (refused !== undefined && refused[seller[i] as number] === 1 && rescued[i] !== 1) continue;
    if (live !== undefined && (live[i] !== 1 || (categoryCode >= 0 && category[i] !== categoryCode))) continue;

    let failures = 0;
    let failed = 0;
    if (brandCodes !== undefined && brandCodes[brand[i] as number] !== 1) {
      failures = 1;
      failed = BRAND;
    }
    for (let s = 0; s < selectedCodes.length; s++) {
      if ((selectedAccepted[s] as Uint8Array)[(selectedCodes[s] as Uint16Array)[i] as number] !== 1) {
        if (++failures > 1) break;
        failed = s;
      }
    }
    if (failures > 1) continue;
    if (failures === 1) {
      if (failed === BRAND) increment(brandCounts, brand[i] as number);
      else increment(selectedCounts[failed] as Uint32Array, (selectedCodes[failed] as Uint16Array)[i] as number);
      continue;
    }
    matched[i] = 1;
    total++;
    increment(categoryCounts, category[i] as number);
    increment(brandCounts, brand[i] as number);
    for (let s = 0; s < selectedCodes.length; s++)
      increment(selectedCounts[s] as Uint32Array, (selectedCodes[s] as Uint16Array)[i] as number);
    for (let k = 0; k < unselectedCodes.length; k++)
      increment(unselectedCounts[k] as Uint32Array, (unselectedCodes[k] as Uint16Array)[i] as number);
  }
  return total;
}

/**
 * One listing: its page, total and facet counts. Each facet counts with every filter but its own,
 * so a chosen value reads as many products as picking it alone would give, and 0 only when none.
 */
function query(listing: Listing, asked: IndexFilter, sort: Sort, page: number, pageSize: number, byPass = false): IndexResult {
  const found = listed(listing, asked, sort, page, pageSize, byPass);
  if (asked.category === undefined) return found;
  // The category facet counts with every filter but the category's own, as every other facet
  // does: a chosen category reads as many as the results, and the others what picking them would
  // give. Counted by the listing without the category (no page of it), which kept cells and
  // kept search passes answer like any listing.
  const { categories } = listed(listing, { ...asked, category: undefined }, 'relevance', 1, 0, byPass);
  return { ...found, categories };
}

/**
 * One listing as `query` answers it, but with the categories counted in the chosen category's
 * scope alone: a pass over the products on sale in scope that counts facets and marks results,
 * then a walk along the presorted order until the page is full. A product failing exactly one
 * facet dimension still counts for that dimension's own values, so a shopper can widen a choice;
 * failing none, it counts everywhere and is a result.
 */
function listed(listing: Listing, asked: IndexFilter, sort: Sort, page: number, pageSize: number, byPass: boolean): IndexResult {
  const { category, brand, price, stock, featured, vendor } = listing;
  // Delivered to a PIN code: in stock, and, where some sellers are refused, from a seller who is not.
  const reach = asked.deliverTo ? deliveryReach(listing, asked.deliverTo) : undefined;
  if (reach?.nowhere) return { ids: [], total: 0, categories: [], brands: [], attributes: [] };
  const filter = reach ? { ...asked, inStock: true } : asked;
  const refused = reach?.refused;
  const categoryCode = filter.category ? CATEGORIES.indexOf(filter.category) : -1;
  const scope = categoryCode >= 0 ? (listing.ordersByCategory[categoryCode] as Orders) : listing.orders;

  const search = filter.match ? overlay(listing, filter.match) : undefined;
  // A shop's search is not kept: which products a shop sells moves with other sellers' offers,
  // which kept passes do not follow; nor, for the same reason, one delivered where some sellers are refused.
  const passKept =
    search && !byPass && filter.vendorSlug === undefined && refused === undefined ? passKey(filter, categoryCode) : undefined;
  if (search && passKept !== undefined) {
    const kept = search.passes.get(passKept);
    if (kept && caughtUp(listing, search, scope, kept)) return keptPage(listing, scope, search, kept, sort, page, pageSize);
  }
  const brandCodes =
    filter.brands.length > 0
      ? flags(
          listing.brandNames.length,
          filter.brands.map((name) => listing.brands.find(name)),
        )
      : undefined;
  // A search's hits alone, when searching (checked for sale and category below); otherwise the
  // scope's products in column order: a pass in any other order misses the processor's caches. A
  // narrow price range is the exception: its products, read off the price order by bisection, are
  // few enough to make up for it (a wide one was measured slower than the whole pass).
  let candidates = search ? search.slots : scope.slot.slots;
  let candidateCount = search ? search.slots.length : scope.slot.length;
  if (!search && (filter.minPrice !== undefined || filter.maxPrice !== undefined)) {
    const byPrice = scope.price_asc;
    const from = firstPriced(listing, byPrice, filter.minPrice ?? -Infinity, false);
    const to = Math.max(from, firstPriced(listing, byPrice, filter.maxPrice ?? Infinity, true));
    if (to - from <= byPrice.length * NARROW_PRICE_RANGE) {
      candidates = byPrice.slots.subarray(from, to);
      candidateCount = candidates.length;
    }
  }
  const { live } = listing;
  const vendorId = filter.vendorSlug === undefined ? undefined : (listing.vendorBySlug.get(filter.vendorSlug) ?? -1);
  const otherSeller = vendorId === undefined ? undefined : otherSellerSlots(listing, vendorId);
  const minPrice = filter.minPrice ?? -Infinity;
  const maxPrice = filter.maxPrice ?? Infinity;
  const inStock = filter.inStock === true;
  const featuredOnly = filter.featured === true;

  // Selected spec values, as codes; a key whose values are all unknown matches nothing.
  const selected = Object.entries(filter.attributes)
    .filter(([key, values]) => values.length > 0 && listing.attributes.has(key))
    .map(([key, values]) => {
      const attribute = listing.attributes.get(key) as Attribute;
      // Code 0 (no value) is never accepted: find's -1 becomes 0.
      const accepted = flags(
        attribute.values.length + 1,
        values.map((value) => attribute.interner.find(value) + 1),
      );
      accepted[0] = 0;
      return { key, codes: attribute.codes, accepted, counts: new Uint32Array(attribute.values.length + 1) };
    });
  const selectedCodes = selected.map((entry) => entry.codes);
  const selectedAccepted = selected.map((entry) => entry.accepted);
  const countedKeys = (COUNTED_KEYS[categoryCode >= 0 ? categoryCode : CATEGORIES.length] as readonly string[]).filter((key) =>
    listing.attributes.has(key),
  );
  // A selected key is counted from products failing nothing else (in its own counts), the rest from results.
  const unselected = countedKeys.filter((key) => !selected.some((entry) => entry.key === key));
  const unselectedCodes = unselected.map((key) => (listing.attributes.get(key) as Attribute).codes);
  const unselectedCounts = unselected.map((key) => new Uint32Array((listing.attributes.get(key) as Attribute).values.length + 1));
  const selectedCounts = selected.map((entry) => entry.counts);
  const categoryCounts = new Uint32Array(CATEGORIES.length);
  const brandCounts = new Uint32Array(listing.brandNames.length);

  const matched = scratch(listing.size);
  /** A pass over `candidates` into this listing's counts, marking results in `matched`. */
  const pass = (passed: Int32Array, passedCount: number) =>
    scan({
      candidates: passed,
      candidateCount: passedCount,
      price,
      minPrice,
      maxPrice,
      stock: inStock ? stock : undefined,
      featured: featuredOnly ? featured : undefined,
      vendor: vendorId === undefined ? undefined : vendor,
      vendorId: vendorId ?? -1,
      otherSeller,
      seller: vendor,
      refused,
      rescued: reach?.rescued ?? NO_FLAGS,
      live: search ? live : undefined,
      category,
      categoryCode: search ? categoryCode : -1,
      brand,
      brandCodes,
      selectedCodes: objectList(selectedCodes),
      selectedAccepted: objectList(selectedAccepted),
      selectedCounts: objectList(selectedCounts),
      unselectedCodes: objectList(unselectedCodes),
      unselectedCounts: objectList(unselectedCounts),
      categoryCounts,
      brandCounts,
      matched,
    });

  // Narrowed by nothing but stock, brands, one spec's values and a price range: from kept cells.
  // A price range covering no band whole needs a pass; so does one with both brands and a spec
  // chosen, over the chosen brands' products in the range only (below).
  const kept = !byPass && selected.length <= 1 && search === undefined && vendorId === undefined && !featuredOnly && refused === undefined;
  const priced = minPrice > -Infinity || maxPrice < Infinity;
  const spec = selected[0] && {
    key: selected[0].key,
    keyIndex: ATTRIBUTE_KEYS.indexOf(selected[0].key),
    codes: selected[0].codes,
    accepted: selected[0].accepted,
  };
  if (kept && !priced) return counted(listing, categoryCode, inStock, brandCodes, spec, undefined, countedKeys, sort, page, pageSize);
  const banded = kept && priced ? bandsWithin(listing, categoryCode, minPrice, maxPrice) : undefined;
  if (banded && !(brandCodes && spec)) {
    const { firstBand, lastBand, cut } = banded;
    if (firstBand <= lastBand) {
      const [below, above] = cut as [Int32Array, Int32Array];
      const cutTotal = pass(below, below.length) + pass(above, above.length);
      matched.fill(0, 0, listing.size);
      const attributes = new Map<string, Uint32Array>();
      selected.forEach((entry, s) => attributes.set(entry.key, selectedCounts[s] as Uint32Array));
      unselected.forEach((key, k) => attributes.set(key, unselectedCounts[k] as Uint32Array));
      const range = {
        minPrice,
        maxPrice,
        firstBand,
        lastBand,
        cut: { total: cutTotal, categories: categoryCounts, brands: brandCounts, attributes },
      };
      return counted(listing, categoryCode, inStock, brandCodes, spec, range, countedKeys, sort, page, pageSize);
    }
  }

  // Brands, one spec and a price range: a pass over the chosen brands' products in the range, read
  // off their own price orders, rather than over the whole scope (at 1,000,000 products, a category's
  // 330,000: the slowest listings). The brand facet counts what the spec and the range let through
  // of every brand: the others' come from the cells of the bands the range covers whole, and a look
  // at the products of those it cuts.
  let total = 0;
  if (banded && brandCodes && spec) {
    for (const code of chosen(brandCodes)) {
      const byPrice = brandOrders(listing, categoryCode, code).price_asc;
      const from = firstPriced(listing, byPrice, minPrice, false);
      const to = Math.max(from, firstPriced(listing, byPrice, maxPrice, true));
      total += pass(byPrice.slots.subarray(from, to), to - from);
    }
    const cells = categoryCode >= 0 ? (listing.cellsByCategory[categoryCode] as Cells) : listing.cells;
    const values = chosen(spec.accepted).map((code) => valueNumber(spec.keyIndex, code));
    for (let band = banded.firstBand; band <= banded.lastBand; band++) {
      for (const value of values) {
        const byBrand = cells.get(cellKey(inStock, ANY, value, band))?.brand ?? [];
        for (let code = 0; code < byBrand.length; code++)
          if (brandCodes[code] !== 1) brandCounts[code] = (brandCounts[code] as number) + (byBrand[code] as number);
      }
    }
    for (const slots of banded.cut) {
      for (const slot of slots) {
        const code = brand[slot] as number;
        if (brandCodes[code] === 1 || (inStock && (stock[slot] as number) <= 0) || spec.accepted[spec.codes[slot] as number] !== 1)
          continue;
        increment(brandCounts, code);
      }
    }
  } else {
    total = pass(candidates, candidateCount);
  }

  // Code 0 of an attribute is "no value": never a facet value.
  const attributeRows = (key: string, counts: Uint32Array) => {
    const values = (listing.attributes.get(key) as Attribute).values;
    return named(counts, (code) => values[code - 1] as string, 1).map((row) => ({ ...row, key }));
  };
  const facets = () => ({
    categories: named(categoryCounts, (code) => CATEGORIES[code] as string),
    brands: named(brandCounts, (code) => listing.brandNames[code] as string).sort((a, b) =>
      a.value < b.value ? -1 : a.value > b.value ? 1 : 0,
    ),
    attributes: [
      ...selected.filter((entry) => countedKeys.includes(entry.key)).flatMap((entry) => attributeRows(entry.key, entry.counts)),
      ...unselected.flatMap((key, k) => attributeRows(key, unselectedCounts[k] as Uint32Array)),
    ],
  });

  if (search && passKept !== undefined) {
    let results: Int32Array;
    if (total === search.slots.length) {
      // Every hit a result (a search narrowed by nothing): the places 0 to total, shared.
      results = firstPlaces(total);
      for (let h = 0; h < total; h++) matched[search.slots[h] as number] = 0;
    } else {
      results = new Int32Array(total);
      let found = 0;
      for (let h = 0; h < search.slots.length; h++) {
        const slot = search.slots[h] as number;
        if (matched[slot] !== 1) continue;
        results[found++] = h;
        matched[slot] = 0;
      }
    }
    // One product's part in the counts, by the rule of `scan` (which tests check against a pass).
    const keyIndexOf = (key: string) => ATTRIBUTE_KEYS.indexOf(key);
    const selectedKeys = selected.map((entry) => keyIndexOf(entry.key));
    const unselectedKeys = unselected.map(keyIndexOf);
    const add = (counts: Uint32Array, code: number, by: number) => (counts[code] = (counts[code] as number) + by);
    const count = (values: SlotValues, by: 1 | -1): boolean => {
      if (values.price < minPrice || values.price > maxPrice) return false;
      if (inStock && values.stock <= 0) return false;
      if (featuredOnly && values.featured !== 1) return false;
      if (vendorId !== undefined && values.vendor !== vendorId) return false;
      if (values.live !== 1 || (categoryCode >= 0 && values.category !== categoryCode)) return false;
      const failing: number[] = [];
      if (brandCodes !== undefined && brandCodes[values.brand] !== 1) failing.push(BRAND);
      selected.forEach((entry, s) => entry.accepted[values.codes[selectedKeys[s] as number] as number] !== 1 && failing.push(s));
      if (failing.length > 1) return false;
      if (failing.length === 1) {
        const failed = failing[0] as number;
        if (failed === BRAND) add(brandCounts, values.brand, by);
        else add(selectedCounts[failed] as Uint32Array, values.codes[selectedKeys[failed] as number] as number, by);
        return false;
      }
      add(categoryCounts, values.category, by);
      add(brandCounts, values.brand, by);
      selectedCounts.forEach((counts, s) => add(counts, values.codes[selectedKeys[s] as number] as number, by));
      unselectedCounts.forEach((counts, k) => add(counts, values.codes[unselectedKeys[k] as number] as number, by));
      return true;
    };
    const fits = (values: SlotValues): boolean =>
      values.brand < brandCounts.length &&
      selectedCounts.every((counts, s) => (values.codes[selectedKeys[s] as number] as number) < counts.length) &&
      unselectedCounts.every((counts, k) => (values.codes[unselectedKeys[k] as number] as number) < counts.length);
    const kept: KeptPass = { checked: listing.changes, total, results, facets: undefined, name: facets, pages: new Map(), fits, count };
    if (search.passes.size >= PASSES_KEPT) search.passes.clear();
    search.passes.set(passKept, kept);
    return keptPage(listing, scope, search, kept, sort, page, pageSize);
  }

  const start = (page - 1) * pageSize;
  const ids: number[] = [];
  if (start < total && sort === 'relevance' && search) {
    // By a pass (tests' reference): every result ranked at once, the same order as bestRanked's.
    const ranked: number[] = [];
    for (let h = 0; h < search.slots.length; h++) if (matched[search.slots[h] as number] === 1) ranked.push(h);
    ranked.sort((a, b) => rankedBefore(listing, search, a, b));
    for (const h of ranked.slice(start, start + pageSize)) ids.push(listing.ids[search.slots[h] as number] as number);
  } else if (start < total) {
    const order = scope[sort === 'relevance' ? 'featured' : sort].slots;
    const length = scope[sort === 'relevance' ? 'featured' : sort].length;
    let seen = 0;
    for (let o = 0; o < length && ids.length < pageSize; o++) {
      const i = order[o] as number;
      if (matched[i] !== 1) continue;
      if (seen++ >= start) ids.push(listing.ids[i] as number);
    }
  }

  matched.fill(0, 0, listing.size);
  return { ids, total, ...facets() };
}

/**
 * Up to `limit` other products on sale in the product's category, closest in price first (ties by
 * id): read outward from the product's place in the category's price order, so it costs the few
 * products looked at, where the SQL sorted the whole category.
 */
function related(listing: Listing, id: number, limit: number): number[] {
  const slot = slotOf(listing, id);
  if (slot === undefined || listing.live[slot] !== 1) return [];
  const byPrice = (listing.ordersByCategory[listing.category[slot] as number] as Orders).price_asc;
  const price = listing.price[slot] as number;
  const distance = (at: number) => Math.abs((listing.price[byPrice.slots[at] as number] as number) - price);
  const place = firstPriced(listing, byPrice, price, false);
  // Two walks, down from below the product's price and up from it, taken nearest first; every
  // product as near as the last one kept is gathered, so ties are settled by id below.
  let down = place - 1;
  let up = place;
  const gathered: Array<{ id: number; distance: number }> = [];
  while (down >= 0 || up < byPrice.length) {
    const takeUp = down < 0 || (up < byPrice.length && distance(up) <= distance(down));
    const at = takeUp ? up++ : down--;
    const next = { id: listing.ids[byPrice.slots[at] as number] as number, distance: distance(at) };
    if (gathered.length >= limit + 1 && next.distance > (gathered[gathered.length - 1] as { distance: number }).distance) break;
    gathered.push(next);
  }
  return gathered
    .filter((entry) => entry.id !== id)
    .sort((a, b) => a.distance - b.distance || a.id - b.id)
    .slice(0, limit)
    .map((entry) => entry.id);
}

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
