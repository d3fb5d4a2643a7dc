import { CATEGORIES, CATEGORY_LABELS, type Category } from '#shared/categories.ts';
import { SPEC_FACETS, type SpecFacet } from '#shared/facets.ts';
import type { Facet } from '#shared/schemas/catalog.ts';
import type { RawFacetCount } from './catalog.repository.ts';
import type { IndexFilter, IndexResult } from './listing-index/listing-query.ts';

function facetsFor(category: Category | undefined): readonly SpecFacet[] {
  // Within a category every spec facet that applies; across categories only the shared ones.
  return category
    ? SPEC_FACETS.filter((facet) => facet.categories.includes(category))
    : SPEC_FACETS.filter((facet) => facet.categories.length > 1);
}

function sortValues(values: RawFacetCount[], numeric: boolean): RawFacetCount[] {
  return [...values].sort((a, b) => (numeric ? Number(a.value) - Number(b.value) : a.value.localeCompare(b.value, 'en')));
}

/** A listing's facets as the storefront shows them, from the index's counts: categories, brands, then the spec facets that apply. */
export function listingFacets(filter: IndexFilter, counts: IndexResult): Facet[] {
  const specFacets = facetsFor(filter.category);
  const { categories, brands, attributes } = counts;
  const result: Facet[] = [];
  // Shown with a category chosen too, counted without it (see the index): the chosen one reads
  // as many as the results, the others what picking them instead would give.
  result.push({
    key: 'category',
    label: 'Category',
    values: CATEGORIES.flatMap((category) => {
      const count = categories.find((row) => row.value === category)?.count ?? 0;
      return count > 0 ? [{ value: category, label: CATEGORY_LABELS[category].plural, count }] : [];
    }),
  });
  result.push({
    key: 'brand',
    label: 'Brand',
    values: brands.map((row) => ({ value: row.value, label: row.value, count: row.count })),
  });
  for (const facet of specFacets) {
    const values = sortValues(
      attributes.filter((row) => row.key === facet.key),
      facet.numeric,
    );
    if (values.length === 0) continue;
    result.push({
      key: facet.key,
      label: facet.label,
      values: values.map((row) => ({ value: row.value, label: facet.format(row.value), count: row.count })),
    });
  }
  return result;
}
