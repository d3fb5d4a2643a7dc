import { CATEGORIES } from '#shared/categories.ts';
import { SPEC_FACETS } from '#shared/facets.ts';
import { flags, named } from './code-counts.ts';
import type { KeptSpec } from './kept-counts.ts';
import { ATTRIBUTE_KEYS, type Attribute } from './listing-columns.ts';
import type { IndexFilter, IndexResult } from './listing-query.ts';
import type { Listing } from './listing.ts';
import { firstPriced, NARROW_PRICE_RANGE } from './price-ranges.ts';
import { objectList, scan } from './scan.ts';
import type { SearchOverlay } from './search-overlay.ts';
import { type DeliveryReach, NO_FLAGS, otherSellerSlots } from './sellers-and-reach.ts';
import type { Orders } from './sorted-slots.ts';

/**
 * The query plan: what one listing's filters come to in the index's own terms (codes, flags,
 * candidates, counts to fill), worked out once per query and read by every step that answers it
 * (query.ts), the pass over the candidates and the naming of the counts.
 */

/** Spec facets worth counting: a category's own, or across categories only the shared ones (as the service shows them). */
export const COUNTED_KEYS: ReadonlyArray<readonly string[]> = [
  ...CATEGORIES.map((category) => SPEC_FACETS.filter((facet) => facet.categories.includes(category)).map((facet) => facet.key)),
  SPEC_FACETS.filter((facet) => facet.categories.length > 1).map((facet) => facet.key),
];

/** A selected spec: its codes by slot, the values accepted, and its counts. */
export interface SelectedSpec {
  key: string;
  codes: Uint16Array;
  accepted: Uint8Array;
  counts: Uint32Array;
}

export interface QueryPlan {
  listing: Listing;
  filter: IndexFilter;
  /** the category's code, -1 for every product */
  categoryCode: number;
  scope: Orders;
  search: SearchOverlay | undefined;
  /** delivered to a PIN code: which sellers are refused there, and the products another seller rescues */
  refused: Uint8Array | undefined;
  rescued: Uint8Array;
  brandCodes: Uint8Array | undefined;
  /** the slots the pass goes over, the first `candidateCount` of them */
  candidates: Int32Array;
  candidateCount: number;
  vendorId: number | undefined;
  otherSeller: Uint8Array | undefined;
  minPrice: number;
  maxPrice: number;
  inStock: boolean;
  featuredOnly: boolean;
  selected: SelectedSpec[];
  /** the spec keys counted, and those of them not selected, with their codes and counts */
  countedKeys: readonly string[];
  unselected: string[];
  unselectedCodes: Uint16Array[];
  unselectedCounts: Uint32Array[];
  categoryCounts: Uint32Array;
  brandCounts: Uint32Array;
  /** which slots passed, by slot (see scratch) */
  matched: Uint8Array;
}

/** What a plan is made from besides the filter: where the listing stands for it. */
export interface PlanScope {
  categoryCode: number;
  scope: Orders;
  search: SearchOverlay | undefined;
  reach: DeliveryReach | undefined;
  matched: Uint8Array;
}

/** A listing's filters in the index's terms: brands and spec values as flags, the candidates, and counts to fill. */
export function planned(listing: Listing, filter: IndexFilter, { categoryCode, scope, search, reach, matched }: PlanScope): QueryPlan {
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
  const vendorId = filter.vendorSlug === undefined ? undefined : (listing.vendorBySlug.get(filter.vendorSlug) ?? -1);
  const selected = selectedSpecs(listing, filter);
  const countedKeys = (COUNTED_KEYS[categoryCode >= 0 ? categoryCode : CATEGORIES.length] as readonly string[]).filter((key) =>
    listing.attributes.has(key),
  );
  // A selected key is counted from products failing nothing else (in its own counts), the rest from results.
  const unselected = countedKeys.filter((key) => !selected.some((entry) => entry.key === key));
  return {
    listing,
    filter,
    categoryCode,
    scope,
    search,
    refused: reach?.refused,
    rescued: reach?.rescued ?? NO_FLAGS,
    brandCodes,
    candidates,
    candidateCount,
    vendorId,
    otherSeller: vendorId === undefined ? undefined : otherSellerSlots(listing, vendorId),
    minPrice: filter.minPrice ?? -Infinity,
    maxPrice: filter.maxPrice ?? Infinity,
    inStock: filter.inStock === true,
    featuredOnly: filter.featured === true,
    selected,
    countedKeys,
    unselected,
    unselectedCodes: unselected.map((key) => (listing.attributes.get(key) as Attribute).codes),
    unselectedCounts: unselected.map((key) => new Uint32Array((listing.attributes.get(key) as Attribute).values.length + 1)),
    categoryCounts: new Uint32Array(CATEGORIES.length),
    brandCounts: new Uint32Array(listing.brandNames.length),
    matched,
  };
}

/** Selected spec values, as codes; a key whose values are all unknown matches nothing. */
function selectedSpecs(listing: Listing, filter: IndexFilter): SelectedSpec[] {
  return Object.entries(filter.attributes)
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
}

/** The one selected spec, as the kept counts read it; undefined when none is. */
export function keptSpec(plan: QueryPlan): KeptSpec | undefined {
  const first = plan.selected[0];
  return first && { key: first.key, keyIndex: ATTRIBUTE_KEYS.indexOf(first.key), codes: first.codes, accepted: first.accepted };
}

/** A pass over `passed` into the plan's counts, marking results in `matched`; how many passed. */
export function passOver(plan: QueryPlan, passed: Int32Array, passedCount: number): number {
  const { listing, search, selected } = plan;
  const { category, brand, price, stock, featured, vendor, live } = listing;
  return scan({
    candidates: passed,
    candidateCount: passedCount,
    price,
    minPrice: plan.minPrice,
    maxPrice: plan.maxPrice,
    stock: plan.inStock ? stock : undefined,
    featured: plan.featuredOnly ? featured : undefined,
    vendor: plan.vendorId === undefined ? undefined : vendor,
    vendorId: plan.vendorId ?? -1,
    otherSeller: plan.otherSeller,
    seller: vendor,
    refused: plan.refused,
    rescued: plan.rescued,
    live: search ? live : undefined,
    category,
    categoryCode: search ? plan.categoryCode : -1,
    brand,
    brandCodes: plan.brandCodes,
    selectedCodes: objectList(selected.map((entry) => entry.codes)),
    selectedAccepted: objectList(selected.map((entry) => entry.accepted)),
    selectedCounts: objectList(selected.map((entry) => entry.counts)),
    unselectedCodes: objectList(plan.unselectedCodes),
    unselectedCounts: objectList(plan.unselectedCounts),
    categoryCounts: plan.categoryCounts,
    brandCounts: plan.brandCounts,
    matched: plan.matched,
  });
}

/** The plan's counts, named: categories, brands (by name) and the counted specs (the selected first). */
export function facetsOf(plan: QueryPlan): Pick<IndexResult, 'categories' | 'brands' | 'attributes'> {
  const { listing, selected, unselected, unselectedCounts, countedKeys } = plan;
  // Code 0 of an attribute is "no value": never a facet value.
  const attributeRows = (key: string, counts: Uint32Array) => {
    const values = (listing.attributes.get(key) as Attribute).values;
    return named(counts, (code) => values[code - 1] as string, 1).map((row) => ({ ...row, key }));
  };
  return {
    categories: named(plan.categoryCounts, (code) => CATEGORIES[code] as string),
    brands: named(plan.brandCounts, (code) => listing.brandNames[code] as string).sort((a, b) =>
      a.value < b.value ? -1 : a.value > b.value ? 1 : 0,
    ),
    attributes: [
      ...selected.filter((entry) => countedKeys.includes(entry.key)).flatMap((entry) => attributeRows(entry.key, entry.counts)),
      ...unselected.flatMap((key, k) => attributeRows(key, unselectedCounts[k] as Uint32Array)),
    ],
  };
}
