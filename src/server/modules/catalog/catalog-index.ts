import { CATEGORIES, type Category } from '#shared/categories.ts';
import { SPEC_FACETS } from '#shared/facets.ts';
import type { Sort } from '#shared/schemas/catalog.ts';
import type { Db } from '#server/db/database.ts';
import type { RawFacetCount } from './catalog.repository.ts';
import * as repository from './catalog.repository.ts';

/**
 * The storefront's listing index: the few columns that filters, facets and sorting need, for every
 * product on sale, in typed arrays. Counting facets over 100,000 products here is one pass of a
 * few milliseconds, where the same counts in SQL take hundreds. It is rebuilt from the database
 * after any committed change to the catalogue, before the next listing is answered, so listings
 * are never staler than the database. Pages of full products still come from the database.
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

interface Snapshot {
  size: number;
  ids: Int32Array;
  category: Uint8Array;
  brand: Uint16Array;
  brandNames: string[];
  price: Float64Array;
  stock: Int32Array;
  featured: Uint8Array;
  created: Float64Array;
  vendor: Int32Array;
  vendorBySlug: Map<string, number>;
  /** per spec facet key: the value names, and each product's value as 1 + its position (0: none) */
  attributes: Map<string, { values: string[]; codes: Uint16Array }>;
  /** positions in each stored order (ties broken by newest id first, as the SQL did) */
  orders: Record<'price_asc' | 'price_desc' | 'newest' | 'featured', Int32Array>;
  /** each product's place in the featured-then-newest order: breaks ties between search ranks */
  featuredPlace: Int32Array;
}

const ATTRIBUTE_KEYS = SPEC_FACETS.map((facet) => facet.key);

/** Tables whose committed writes change what the storefront lists. */
export const CATALOG_TABLES: readonly string[] = ['products', 'products.stock', 'product_attributes', 'vendors'];
/** Without word of another process's changes (no Redis, lost message), the longest a listing lags. */
export const CATALOG_MAX_AGE_MS = 60_000;

/** Where `id` is in the ascending `ids`, by bisection; undefined if absent. */
function positionOf(ids: Int32Array, id: number): number | undefined {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = ids[middle] as number;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

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
  };
}

async function load(db: Db): Promise<Snapshot> {
  // Rows are streamed and folded into plain number arrays at once, so a rebuild never holds
  // 100,000 row objects; the arrays become typed arrays below.
  const brands = interner();
  const columns = { ids: [] as number[], category: [] as number[], brand: [] as number[], price: [] as number[], stock: [] as number[], featured: [] as number[], created: [] as number[], vendor: [] as number[] };
  for await (const row of repository.listingRows(db)) {
    columns.ids.push(row.id);
    columns.category.push(CATEGORIES.indexOf(row.category));
    columns.brand.push(brands.code(row.brand));
    columns.price.push(Number(row.price));
    columns.stock.push(row.stock);
    columns.featured.push(row.featured);
    columns.created.push(Date.parse(typeof row.created_at === 'string' ? row.created_at : row.created_at.toISOString()));
    columns.vendor.push(row.vendor_id);
  }
  const vendors = await repository.activeVendorSlugs(db);
  const size = columns.ids.length;
  const snapshot: Snapshot = {
    size,
    ids: Int32Array.from(columns.ids),
    category: Uint8Array.from(columns.category),
    brand: Uint16Array.from(columns.brand),
    brandNames: brands.names,
    price: Float64Array.from(columns.price),
    stock: Int32Array.from(columns.stock),
    featured: Uint8Array.from(columns.featured),
    created: Float64Array.from(columns.created),
    vendor: Int32Array.from(columns.vendor),
    vendorBySlug: new Map(vendors.map((vendor) => [vendor.slug, vendor.id])),
    attributes: new Map(),
    orders: { price_asc: new Int32Array(0), price_desc: new Int32Array(0), newest: new Int32Array(0), featured: new Int32Array(0) },
    featuredPlace: new Int32Array(size),
  };

  const values = new Map(ATTRIBUTE_KEYS.map((key) => [key, interner()]));
  for (const key of ATTRIBUTE_KEYS) snapshot.attributes.set(key, { values: [], codes: new Uint16Array(size) });
  for await (const row of repository.listingAttributes(db)) {
    const at = positionOf(snapshot.ids, row.product_id);
    if (at === undefined) continue;
    for (const pair of row.pairs.split('|')) {
      const split = pair.indexOf('=');
      const key = pair.slice(0, split);
      const attribute = snapshot.attributes.get(key);
      if (attribute) attribute.codes[at] = (values.get(key)?.code(pair.slice(split + 1)) ?? 0) + 1;
    }
  }
  for (const key of ATTRIBUTE_KEYS) (snapshot.attributes.get(key) as { values: string[] }).values = values.get(key)?.names ?? [];

  const { ids, price, created, featured } = snapshot;
  const sorted = (compare: (a: number, b: number) => number) =>
    Int32Array.from({ length: size }, (_, i) => i).sort((a, b) => compare(a, b) || (ids[b] as number) - (ids[a] as number));
  snapshot.orders = {
    price_asc: sorted((a, b) => (price[a] as number) - (price[b] as number)),
    price_desc: sorted((a, b) => (price[b] as number) - (price[a] as number)),
    newest: sorted((a, b) => (created[b] as number) - (created[a] as number)),
    featured: sorted((a, b) => (featured[b] as number) - (featured[a] as number) || (created[b] as number) - (created[a] as number)),
  };
  snapshot.orders.featured.forEach((i, place) => {
    snapshot.featuredPlace[i] = place;
  });
  return snapshot;
}

/** A search's hits laid over the index: membership by position, and positions best first. */
interface SearchOverlay {
  ids: Int32Array;
  hit: Uint8Array;
  byRank: Int32Array;
}

// Worked out once per search hits and index (a page, a sort or a filter of the same search reuses it).
const overlays = new WeakMap<ReadonlyMap<number, number>, SearchOverlay>();

function overlay(snapshot: Snapshot, match: ReadonlyMap<number, number>): SearchOverlay {
  const known = overlays.get(match);
  // A stock refresh keeps the same ids array, so positions still hold.
  if (known && known.ids === snapshot.ids) return known;
  const hit = new Uint8Array(snapshot.size);
  const rank = new Float64Array(snapshot.size);
  const positions: number[] = [];
  for (const [id, score] of match) {
    const at = positionOf(snapshot.ids, id);
    if (at === undefined) continue;
    hit[at] = 1;
    rank[at] = score;
    positions.push(at);
  }
  const place = snapshot.featuredPlace;
  // Featured-then-newest breaks ties between equal ranks, as the SQL did.
  const byRank = Int32Array.from(positions).sort((a, b) => (rank[b] as number) - (rank[a] as number) || (place[a] as number) - (place[b] as number));
  const made = { ids: snapshot.ids, hit, byRank };
  overlays.set(match, made);
  return made;
}

function query(snapshot: Snapshot, filter: IndexFilter, sort: Sort, page: number, pageSize: number): IndexResult {
  const { size, category, brand, price, stock, featured, vendor } = snapshot;
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
  const brandCodes = filter.brands.length > 0 ? flags(snapshot.brandNames.length, filter.brands.map((name) => snapshot.brandNames.indexOf(name))) : undefined;
  const search = filter.match ? overlay(snapshot, filter.match) : undefined;
  const vendorId = filter.vendorSlug === undefined ? undefined : (snapshot.vendorBySlug.get(filter.vendorSlug) ?? -1);
  // Selected spec values, as codes; a key whose values are all unknown matches nothing.
  const selected = Object.entries(filter.attributes)
    .filter(([key, values]) => values.length > 0 && snapshot.attributes.has(key))
    .map(([key, values]) => {
      const attribute = snapshot.attributes.get(key) as { values: string[]; codes: Uint16Array };
      // Code 0 (no value) is never accepted: indexOf's -1 becomes 0.
      const accepted = flags(attribute.values.length + 1, values.map((value) => attribute.values.indexOf(value) + 1));
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
    const order = sort === 'relevance' ? (search?.byRank ?? snapshot.orders.featured) : snapshot.orders[sort];
    let seen = 0;
    for (let o = 0; o < order.length && ids.length < pageSize; o++) {
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
 * How long a listing may wait for a rebuild in progress before it is answered from the previous
 * index instead. A small catalogue rebuilds within it, so its listings are never stale; a large one
 * (about 1.5 s at 100,000 products) answers from the index it has until the new one is ready.
 */
export const REBUILD_WAIT_MS = 25;

export function createCatalogIndex(db: Db, { beforeLoad }: { /** tests: holds each rebuild until it resolves */ beforeLoad?: () => Promise<void> } = {}) {
  let generation = 0;
  /** the generation of the latest change to more than stock */
  let lastFullChange = 0;
  let built: { generation: number; snapshot: Snapshot; at: number } | undefined;
  /** at most one rebuild at a time; changes made meanwhile are picked up by the next one */
  let building: { generation: number; snapshot: Promise<Snapshot> } | undefined;

  /** The same snapshot with today's stock: orders and returns change only that, many times a minute. */
  async function withFreshStock(base: Snapshot): Promise<Snapshot> {
    const stock = new Int32Array(base.size);
    for await (const row of repository.listingStock(db)) {
      const at = positionOf(base.ids, row.id);
      if (at !== undefined) stock[at] = row.stock;
    }
    return { ...base, stock };
  }

  /** Starts a rebuild up to the latest change, unless one is running; returns the running one. */
  function rebuild(): Promise<Snapshot> {
    if (building) return building.snapshot;
    const started = generation;
    const base = built;
    const full = !base || lastFullChange > base.generation;
    const snapshot = (beforeLoad?.() ?? Promise.resolve()).then(() => (full ? load(db) : withFreshStock(base.snapshot)));
    building = { generation: started, snapshot };
    snapshot.then(
      (loaded) => {
        if (!built || built.generation < started) built = { generation: started, snapshot: loaded, at: full ? Date.now() : (base?.at ?? Date.now()) };
        building = undefined;
        // Changes made while this one ran: one more rebuild takes them all in.
        if (generation > started) void rebuild().catch(() => undefined);
      },
      () => {
        building = undefined;
      },
    );
    return snapshot;
  }

  /** The index once it holds every change up to `target` (a running rebuild may be older: then one more). */
  async function upTo(target: number): Promise<Snapshot> {
    while (!built || built.generation < target) await rebuild();
    return built.snapshot;
  }

  /**
   * The index as of the latest committed change. A change starts a rebuild in the background;
   * a listing waits for it at most REBUILD_WAIT_MS, then is answered from the previous index,
   * so no listing queues behind index maintenance however often sellers edit.
   */
  function current(): Promise<Snapshot> {
    if (built && built.generation === generation && Date.now() - built.at > CATALOG_MAX_AGE_MS) {
      lastFullChange = ++generation;
    }
    if (built && built.generation === generation) return Promise.resolve(built.snapshot);
    const next = upTo(generation);
    const previous = built;
    if (!previous) return next; // the first index: there is nothing older to answer from
    // A failed rebuild leaves the previous index answering; the next change or listing tries again.
    const settled = next.catch(() => previous.snapshot);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<Snapshot>((resolve) => {
      timer = setTimeout(() => resolve(built?.snapshot ?? previous.snapshot), REBUILD_WAIT_MS);
    });
    return Promise.race([settled, waited]).finally(() => clearTimeout(timer));
  }

  return {
    async query(filter: IndexFilter, sort: Sort, page: number, pageSize: number): Promise<IndexResult> {
      return query(await current(), filter, sort, page, pageSize);
    },
    /** Call after a committed change to the tables in CATALOG_TABLES. */
    changed(tables: ReadonlySet<string>): void {
      generation++;
      if ([...tables].some((table) => table !== 'products.stock' && CATALOG_TABLES.includes(table))) lastFullChange = generation;
    },
    /** Resolves once the index holds every change made so far (tests, and the benchmark's checks). */
    async settled(): Promise<void> {
      await upTo(generation);
    },
  };
}
