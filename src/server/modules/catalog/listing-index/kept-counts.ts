import { CATEGORIES } from '#shared/categories.ts';
import type { Sort } from '#shared/schemas/catalog.ts';
import { chosen, named, plus } from './code-counts.ts';
import { ANY, type Cells, cellKey, type Counts, summed, valueNumber } from './facet-cells.ts';
import { ATTRIBUTE_KEYS, type Attribute } from './listing-columns.ts';
import type { IndexResult } from './listing-query.ts';
import type { Listing } from './listing.ts';
import { firstPriced, firstPricedDescending } from './price-ranges.ts';
import { brandOrders, type Orders, type SortedSlots } from './sorted-slots.ts';

/**
 * Listings answered from the kept counts (facet-cells.ts) instead of a pass: those narrowed by
 * nothing but stock, brands, one spec's values and a price range.
 */

/**
 * A price range a listing answered from kept counts is narrowed by: the bands it covers whole,
 * and what a pass over the products of the bands it cuts found (see query).
 */
export interface KeptRange {
  minPrice: number;
  maxPrice: number;
  firstBand: number;
  lastBand: number;
  cut: { total: number; categories: Uint32Array; brands: Uint32Array; attributes: Map<string, Uint32Array> };
}

/** The one spec a listing answered from kept counts is narrowed by. */
export interface KeptSpec {
  key: string;
  keyIndex: number;
  codes: Uint16Array;
  accepted: Uint8Array;
}

/** A listing the kept counts answer: its scope, what narrows it, and the page asked for. */
export interface CountedPlan {
  /** the category's code, -1 for every product */
  categoryCode: number;
  inStock: boolean;
  brandCodes: Uint8Array | undefined;
  spec: KeptSpec | undefined;
  range: KeptRange | undefined;
  /** the spec keys whose facets are counted */
  countedKeys: readonly string[];
  sort: Sort;
  page: number;
  pageSize: number;
}

/** Kept cells summed over a plan's price bands, brands and spec values. */
type CellsOf = (ofBrands: readonly number[], ofValues: readonly number[]) => Counts[];

/**
 * A listing narrowed by nothing but stock, brands and the values of one spec, of every product or
 * a category's: its counts are the sum of kept cells (a product failing only the brand counts for
 * its brand, one failing only the spec for its value, as in a pass), and its page a slice of the
 * stored order, or a walk along it picking what passes.
 */
export function counted(listing: Listing, plan: CountedPlan): IndexResult {
  const { categoryCode, inStock, brandCodes, spec, range } = plan;
  const cells = categoryCode >= 0 ? (listing.cellsByCategory[categoryCode] as Cells) : listing.cells;
  const brands = brandCodes ? chosen(brandCodes) : [ANY];
  const values = spec ? chosen(spec.accepted).map((code) => valueNumber(spec.keyIndex, code)) : [ANY];
  const bands = range ? Array.from({ length: range.lastBand - range.firstBand + 1 }, (_, n) => range.firstBand + n) : [ANY];
  const cellsOf: CellsOf = (ofBrands, ofValues) =>
    bands.flatMap((band) =>
      ofBrands.flatMap((brand) => ofValues.flatMap((value) => cells.get(cellKey(inStock, brand, value, band)) ?? [])),
    );
  const results = cellsOf(brands, values);
  const total = results.reduce((sum, entry) => sum + entry.total, 0) + (range?.cut.total ?? 0);
  const ids = countedPage(listing, plan, brands, total);
  return { ids, total, ...countedFacets(listing, plan, cellsOf, { brands, values, results }) };
}

/** The page of a listing the kept counts answer: a slice of the stored order, or a walk along it (or along the chosen brands' orders, merged) picking what passes. */
function countedPage(listing: Listing, plan: CountedPlan, brands: readonly number[], total: number): number[] {
  const { categoryCode, inStock, brandCodes, spec, range, sort, page, pageSize } = plan;
  const scope = categoryCode >= 0 ? (listing.ordersByCategory[categoryCode] as Orders) : listing.orders;
  const start = (page - 1) * pageSize;
  const ids: number[] = [];
  const order = scope[sort === 'relevance' ? 'featured' : sort];
  if (!inStock && !brandCodes && !spec && !range) {
    for (const slot of order.slots.subarray(Math.min(start, order.length), Math.min(order.length, start + pageSize)))
      ids.push(listing.ids[slot] as number);
    return ids;
  }
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
      ? pickedInRange(listing, {
          scopes: brandCodes ? brands.map((brand) => brandOrders(listing, categoryCode, brand)) : [scope],
          walked,
          order,
          total,
          inStock,
          spec,
          minPrice,
          maxPrice,
          wanted: start + pageSize,
        })
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
  return ids;
}

/** The facets of a listing the kept counts answer, each counted with every filter but its own, plus what the pass over the bands a price range cuts found. */
function countedFacets(
  listing: Listing,
  { spec, range, countedKeys }: CountedPlan,
  cellsOf: CellsOf,
  chosenCells: { brands: readonly number[]; values: readonly number[]; results: Counts[] },
): Pick<IndexResult, 'categories' | 'brands' | 'attributes'> {
  const { brands, values, results } = chosenCells;
  // The chosen spec first, as a pass lists it.
  const keys = spec && countedKeys.includes(spec.key) ? [spec.key, ...countedKeys.filter((key) => key !== spec.key)] : countedKeys;
  return {
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

/** A walk in a price range that reading the range off the price orders may save (see pickedInRange). */
interface RangePick {
  /** the scopes whose price orders hold the range */
  scopes: readonly Orders[];
  /** the orders the walk would go along, and the order it keeps */
  walked: readonly SortedSlots[];
  order: SortedSlots;
  /** the listing's results, and how many of them the page needs */
  total: number;
  wanted: number;
  inStock: boolean;
  spec: KeptSpec | undefined;
  minPrice: number;
  maxPrice: number;
}

/**
 * The products within a price range (and in stock, and of the spec's values) of the given scopes,
 * in `order`, read off the scopes' price orders and sorted, when there are few enough of them that
 * this costs less than walking the scopes' own orders (`walked`) for the first `wanted`; otherwise
 * undefined.
 */
function pickedInRange(listing: Listing, pick: RangePick): number[] | undefined {
  const { scopes, walked, order, total, inStock, spec, minPrice, maxPrice, wanted } = pick;
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
