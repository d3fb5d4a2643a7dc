import type { Category } from '#shared/categories.ts';
import { SPEC_FACET_KEYS } from '#shared/facets.ts';
import { PIN_CODE } from '#shared/india.ts';
import { SORTS, type Sort } from '#shared/schemas/catalog.ts';
import { priceRangeOf } from './price-ranges.ts';

/**
 * The listing's state lives in the page URL so a link reproduces the view. Prices in the page
 * URL are paise, as the API takes them (and as search's understood "under 80000" writes them);
 * the price fields show rupees.
 */
export interface ListingQuery {
  q?: string;
  page: number;
  pageSize: number;
  sort: Sort;
  category?: Category;
  brand: string[];
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  vendor?: string;
  /** only what delivers to this PIN code */
  deliverTo?: string;
  [facet: string]: string | number | boolean | string[] | undefined;
}

export const LISTING_PAGE_SIZE = 24;
export const MULTI_VALUE_KEYS = ['category', 'brand', ...SPEC_FACET_KEYS] as const;

function wholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

export function listingQueryFromUrl(params: URLSearchParams, fixed: { category?: Category; q?: string; vendor?: string }): ListingQuery {
  const sort = params.get('sort');
  // A range the wrong way round is not applied (the panel says why) rather than refused.
  const price = priceRangeOf(params);
  const query: ListingQuery = {
    page: Math.max(1, wholeNumber(params.get('page')) ?? 1),
    pageSize: LISTING_PAGE_SIZE,
    sort: SORTS.includes(sort as Sort) ? (sort as Sort) : 'relevance',
    brand: params.getAll('brand'),
    minPrice: price.reversed ? undefined : price.min,
    maxPrice: price.reversed ? undefined : price.max,
    inStock: params.get('inStock') === 'true' ? true : undefined,
  };
  if (fixed.q !== undefined) query.q = fixed.q;
  if (fixed.vendor !== undefined) query.vendor = fixed.vendor;
  const deliverTo = params.get('deliverTo');
  if (deliverTo !== null && PIN_CODE.test(deliverTo)) query.deliverTo = deliverTo;
  const category = fixed.category ?? (params.get('category') as Category | null) ?? undefined;
  if (category) query.category = category;
  for (const key of SPEC_FACET_KEYS) query[key] = params.getAll(key);
  return query;
}

/** Toggles one value of a multi-value filter and goes back to page 1. */
export function toggleFilterValue(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const values = next.getAll(key);
  next.delete(key);
  const kept = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  if (key === 'category') {
    // One category at a time: picking another replaces it.
    if (!values.includes(value)) next.set(key, value);
  } else {
    for (const v of kept) next.append(key, v);
  }
  next.delete('page');
  return next;
}

export { withParam } from '#web/lib/url-params.ts';

export function hasActiveFilters(params: URLSearchParams): boolean {
  return [...MULTI_VALUE_KEYS, 'minPrice', 'maxPrice', 'inStock', 'deliverTo'].some((key) => params.has(key));
}

export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  const q = params.get('q');
  const sort = params.get('sort');
  if (q !== null) next.set('q', q);
  if (sort !== null) next.set('sort', sort);
  return next;
}
