import { CATEGORIES } from '#shared/categories.ts';
import type { Sort } from '#shared/schemas/catalog.ts';
import { chosen, increment } from './code-counts.ts';
import { ANY, type Cells, cellKey, valueNumber } from './facet-cells.ts';
import { counted, type KeptSpec } from './kept-counts.ts';
import { caughtUp, keepPass, keptPage, passKey, PASSES_KEPT } from './kept-passes.ts';
import type { IndexFilter, IndexResult } from './listing-query.ts';
import type { Listing } from './listing.ts';
import { bandsWithin, firstPriced } from './price-ranges.ts';
import { facetsOf, keptSpec, passOver, planned, type QueryPlan } from './query-plan.ts';
import { scratch } from './scan.ts';
import { overlay, rankedBefore } from './search-overlay.ts';
import { deliveryReach } from './sellers-and-reach.ts';
import { brandOrders, type Orders } from './sorted-slots.ts';

/**
 * One listing: its page, total and facet counts. Each facet counts with every filter but its own,
 * so a chosen value reads as many products as picking it alone would give, and 0 only when none.
 */
export function query(listing: Listing, asked: IndexFilter, sort: Sort, page: number, pageSize: number, byPass = false): IndexResult {
  const found = listed(listing, asked, { sort, page, pageSize }, byPass);
  if (asked.category === undefined) return found;
  // The category facet counts with every filter but the category's own, as every other facet
  // does: a chosen category reads as many as the results, and the others what picking them would
  // give. Counted by the listing without the category (no page of it), which kept cells and
  // kept search passes answer like any listing.
  const { categories } = listed(listing, { ...asked, category: undefined }, { sort: 'relevance', page: 1, pageSize: 0 }, byPass);
  return { ...found, categories };
}

/** The page asked for. */
interface Paging {
  sort: Sort;
  page: number;
  pageSize: number;
}

/**
 * One listing as `query` answers it, but with the categories counted in the chosen category's
 * scope alone, the first of these that applies: a kept search pass; the kept counts; a pass over
 * the products on sale in scope (or a search's hits) that counts facets and marks results, then a
 * walk along the presorted order until the page is full. A product failing exactly one facet
 * dimension still counts for that dimension's own values, so a shopper can widen a choice;
 * failing none, it counts everywhere and is a result.
 */
function listed(listing: Listing, asked: IndexFilter, paging: Paging, byPass: boolean): IndexResult {
  const { sort, page, pageSize } = paging;
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
  const plan = planned(listing, filter, { categoryCode, scope, search, reach, matched: scratch(listing.size) });

  // Narrowed by nothing but stock, brands, one spec's values and a price range: from kept cells.
  // A price range covering no band whole needs a pass; so does one with both brands and a spec
  // chosen, over the chosen brands' products in the range only (below).
  const { brandCodes, inStock, minPrice, maxPrice, countedKeys } = plan;
  const kept =
    !byPass &&
    plan.selected.length <= 1 &&
    search === undefined &&
    plan.vendorId === undefined &&
    !plan.featuredOnly &&
    refused === undefined;
  const priced = minPrice > -Infinity || maxPrice < Infinity;
  const spec = keptSpec(plan);
  const countedPlan = { categoryCode, inStock, brandCodes, spec, countedKeys, sort, page, pageSize };
  if (kept && !priced) return counted(listing, { ...countedPlan, range: undefined });
  const banded = kept && priced ? bandsWithin(listing, categoryCode, minPrice, maxPrice) : undefined;
  if (banded && !(brandCodes && spec) && banded.firstBand <= banded.lastBand) {
    const [below, above] = banded.cut as [Int32Array, Int32Array];
    const cutTotal = passOver(plan, below, below.length) + passOver(plan, above, above.length);
    plan.matched.fill(0, 0, listing.size);
    const attributes = new Map<string, Uint32Array>();
    plan.selected.forEach((entry) => attributes.set(entry.key, entry.counts));
    plan.unselected.forEach((key, k) => attributes.set(key, plan.unselectedCounts[k] as Uint32Array));
    const cut = { total: cutTotal, categories: plan.categoryCounts, brands: plan.brandCounts, attributes };
    return counted(listing, { ...countedPlan, range: { minPrice, maxPrice, firstBand: banded.firstBand, lastBand: banded.lastBand, cut } });
  }

  const total =
    banded && brandCodes && spec ? passOverBrandsInRange(plan, banded, spec) : passOver(plan, plan.candidates, plan.candidateCount);

  if (search && passKept !== undefined) {
    const made = keepPass(plan, search, total);
    if (search.passes.size >= PASSES_KEPT) search.passes.clear();
    search.passes.set(passKept, made);
    return keptPage(listing, scope, search, made, sort, page, pageSize);
  }
  return passedPage(plan, paging, total);
}

/**
 * Brands, one spec and a price range: a pass over the chosen brands' products in the range, read
 * off their own price orders, rather than over the whole scope (at 1,000,000 products, a category's
 * 330,000: the slowest listings). The brand facet counts what the spec and the range let through
 * of every brand: the others' come from the cells of the bands the range covers whole, and a look
 * at the products of those it cuts. How many passed.
 */
function passOverBrandsInRange(plan: QueryPlan, banded: ReturnType<typeof bandsWithin>, spec: KeptSpec): number {
  const { listing, categoryCode, minPrice, maxPrice, inStock, brandCounts } = plan;
  const brandCodes = plan.brandCodes as Uint8Array;
  const { brand, stock } = listing;
  let total = 0;
  for (const code of chosen(brandCodes)) {
    const byPrice = brandOrders(listing, categoryCode, code).price_asc;
    const from = firstPriced(listing, byPrice, minPrice, false);
    const to = Math.max(from, firstPriced(listing, byPrice, maxPrice, true));
    total += passOver(plan, byPrice.slots.subarray(from, to), to - from);
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
      if (brandCodes[code] === 1 || (inStock && (stock[slot] as number) <= 0) || spec.accepted[spec.codes[slot] as number] !== 1) continue;
      increment(brandCounts, code);
    }
  }
  return total;
}

/** The page of a pass not kept: its results marked in `matched`, walked along the stored order (or ranked, when searching), then the marks cleared. */
function passedPage(plan: QueryPlan, { sort, page, pageSize }: Paging, total: number): IndexResult {
  const { listing, search, scope, matched } = plan;
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
  return { ids, total, ...facetsOf(plan) };
}
