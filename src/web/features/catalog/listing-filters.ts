import { CATEGORY_LABELS, type Category, isCategory } from '#shared/categories.ts';
import { SPEC_FACET_KEYS, specFacet } from '#shared/facets.ts';
import { formatPrice } from '#shared/money.ts';
import type { Facet } from '#shared/schemas/catalog.ts';
import { INTEGRATED_GRAPHICS } from '#shared/spec-families.ts';
import { priceRangeLabel, priceRangeOf } from './price-ranges.ts';

/** One chosen filter, as a chip above the results: its name and the URL without it. */
export interface FilterChip {
  /** unique within the listing: `brand=Dell`, `price` */
  id: string;
  label: string;
  /** the listing's params without this filter (back to page 1) */
  without: URLSearchParams;
}

/** Every multi-value filter key, in the order the panel and the chips show them. */
const FACET_ORDER = ['category', 'brand', ...SPEC_FACET_KEYS] as const;

/** Words that make a bare spec value a filter's name: "16 GB" is "16 GB RAM" on a chip. */
const CHIP_SUFFIX: Record<string, string> = { ram: ' RAM', storage: ' storage', screenSize: ' screen', panel: ' panel' };

/** How the panel names a value of a facet when the listing's answer does not (a selected value with no results). */
export function facetValueLabel(key: string, value: string): string {
  if (key === 'category') return isCategory(value) ? CATEGORY_LABELS[value].plural : value;
  return specFacet(key)?.format(value) ?? value;
}

function chipLabel(key: string, value: string): string {
  if (key === 'graphics' && value === INTEGRATED_GRAPHICS) return 'Integrated graphics';
  return `${facetValueLabel(key, value)}${CHIP_SUFFIX[key] ?? ''}`;
}

function without(params: URLSearchParams, ...keys: string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of keys) next.delete(key);
  next.delete('page');
  return next;
}

function withoutValue(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = without(params, key);
  for (const kept of params.getAll(key)) if (kept !== value) next.append(key, kept);
  return next;
}

/**
 * The chosen filters, each a chip that takes away just itself: category, brands, the price range
 * (said to be ignored when the wrong way round), each spec value, in stock, delivers to. Keys the
 * page fixes (the category of a category page) are not the shopper's to remove.
 */
export function filterChips(
  params: URLSearchParams,
  { hidden = [], category }: { hidden?: readonly string[]; category?: Category } = {},
): FilterChip[] {
  const chips: FilterChip[] = [];
  const values = (key: string) => [...new Set(params.getAll(key))].filter((value) => value.trim() !== '');
  for (const key of FACET_ORDER.slice(0, 2)) {
    if (hidden.includes(key)) continue;
    for (const value of values(key))
      chips.push({ id: `${key}=${value}`, label: chipLabel(key, value), without: withoutValue(params, key, value) });
  }
  const price = priceRangeOf(params);
  if (price.min !== undefined || price.max !== undefined) {
    const label = price.reversed
      ? `${formatPrice(price.min as number)} – ${formatPrice(price.max as number)} (ignored)`
      : priceRangeLabel(price, category);
    chips.push({ id: 'price', label, without: without(params, 'minPrice', 'maxPrice') });
  }
  for (const key of FACET_ORDER.slice(2)) {
    if (hidden.includes(key)) continue;
    for (const value of values(key))
      chips.push({ id: `${key}=${value}`, label: chipLabel(key, value), without: withoutValue(params, key, value) });
  }
  if (params.get('inStock') === 'true') chips.push({ id: 'inStock', label: 'In stock', without: without(params, 'inStock') });
  const deliverTo = params.get('deliverTo');
  if (deliverTo) chips.push({ id: 'deliverTo', label: `Delivers to ${deliverTo}`, without: without(params, 'deliverTo') });
  return chips;
}

const facetLabel = (key: string) => (key === 'category' ? 'Category' : key === 'brand' ? 'Brand' : (specFacet(key)?.label ?? key));

/**
 * The facets the panel shows: the listing's, with every value the URL selects among them even
 * when nothing matches it any more (count 0), so a ticked box never vanishes and can be unticked.
 */
export function facetsWithSelected(facets: readonly Facet[], params: URLSearchParams, hidden: readonly string[] = []): Facet[] {
  const byKey = new Map(facets.map((facet) => [facet.key, facet]));
  const keys = [
    ...FACET_ORDER.filter((key) => byKey.has(key) || params.has(key)),
    ...facets.map((facet) => facet.key).filter((key) => !(FACET_ORDER as readonly string[]).includes(key)),
  ];
  return keys.flatMap((key) => {
    if (hidden.includes(key)) return [];
    const facet = byKey.get(key) ?? { key, label: facetLabel(key), values: [] };
    const missing = [...new Set(params.getAll(key))].filter(
      (value) => value.trim() !== '' && !facet.values.some((shown) => shown.value === value),
    );
    if (missing.length === 0) return facet.values.length > 0 ? [facet] : [];
    return [{ ...facet, values: [...facet.values, ...missing.map((value) => ({ value, label: facetValueLabel(key, value), count: 0 }))] }];
  });
}
