import type { Sort } from '#shared/schemas/catalog.ts';
import { CHANGES_LOGGED, type ListingChanges } from './change-log.ts';
import { ATTRIBUTE_KEYS, type ListingColumns, type SlotValues, valuesAt } from './listing-columns.ts';
import type { IndexFilter, IndexResult } from './listing-query.ts';
import { facetsOf, type QueryPlan } from './query-plan.ts';
import { BRAND, scratch } from './scan.ts';
import { holds, type KeptPass, placeOf, rankedBefore, type SearchOverlay } from './search-overlay.ts';
import type { Orders, SortedSlots } from './sorted-slots.ts';

/**
 * A search's passes, kept by filter and brought up to date as its hits change, and the pages read
 * off them: a search asked again with another page or sort costs the page, not a pass.
 */

/** Kept passes per overlay, at most: one per category and filter set asked for. */
export const PASSES_KEPT = 32;

/** What a search's pass depends on besides its hits: the scope and every filter. */
export function passKey(filter: IndexFilter, categoryCode: number): string {
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

/**
 * 0, 1, … count - 1, as a view of one array shared by every kept pass whose results are all its
 * hits: a common word's 400,000 places are not allocated and written again for each (a fresh
 * array that size cost a millisecond in page faults alone). Never written once handed out: a
 * pass's results change only by withPlace, which makes a new array.
 */
let sharedPlaces = new Int32Array(0);
export function firstPlaces(count: number): Int32Array {
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
 * Brings a kept pass up to the listing's latest change, or says it cannot: each hit changed since
 * comes out of the counts as it was and goes in as it is, into or out of the results, and the
 * pages it may have moved are dropped. False when the log no longer reaches back that far, vendors
 * changed, too many hits changed, or a changed hit has a brand or spec value the pass has no room for.
 */
export function caughtUp(listing: ListingColumns & ListingChanges, search: SearchOverlay, scope: Orders, kept: KeptPass): boolean {
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

/** Above this many, the results of a search are put in order all at once rather than kept sorted one by one. */
const KEPT_IN_ORDER = 256;

/**
 * The best `limit` results of a search (places in the overlay), best first, as slots: by rank,
 * ties featured-then-newest as the SQL had them. Only as many as the page needs are kept in order,
 * not all 40,000 hits of a common word; a deep page sorts the results once instead.
 */
function bestRanked(listing: ListingColumns, search: SearchOverlay, results: Int32Array, limit: number): Int32Array {
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
function inOrder(listing: ListingColumns, order: SortedSlots, search: SearchOverlay, results: Int32Array, limit: number): Int32Array {
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
export function keptPage(
  listing: ListingColumns,
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

/**
 * A pass just made, kept: its results as places in the overlay (clearing their marks in
 * `matched`), and how one product's part in its counts is taken out and put back, by the rule of
 * `scan` (which tests check against a pass), so that it can be brought up to date (caughtUp).
 */
export function keepPass(plan: QueryPlan, search: SearchOverlay, total: number): KeptPass {
  const { listing, matched, minPrice, maxPrice, inStock, featuredOnly, vendorId, categoryCode, brandCodes, selected } = plan;
  const { brandCounts, categoryCounts, unselectedCounts } = plan;
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
  const keyIndexOf = (key: string) => ATTRIBUTE_KEYS.indexOf(key);
  const selectedKeys = selected.map((entry) => keyIndexOf(entry.key));
  const unselectedKeys = plan.unselected.map(keyIndexOf);
  const selectedCounts = selected.map((entry) => entry.counts);
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
  return { checked: listing.changes, total, results, facets: undefined, name: () => facetsOf(plan), pages: new Map(), fits, count };
}
