import { describe, expect, it } from 'vitest';
import { clearFilters, hasActiveFilters, listingQueryFromUrl, toggleFilterValue, withParam } from './listing-query.ts';

describe('listing query in the URL', () => {
  it('reads filters, sort and page, prices in paise as the API takes them', () => {
    const query = listingQueryFromUrl(
      new URLSearchParams(
        'brand=Dell&brand=HP&ram=16&processor=Intel+Core+i7&graphics=Integrated&minPrice=5000000&sort=price_asc&page=2&inStock=true',
      ),
      { category: 'Laptop' },
    );
    expect(query).toMatchObject({
      category: 'Laptop',
      brand: ['Dell', 'HP'],
      ram: ['16'],
      processor: ['Intel Core i7'],
      graphics: ['Integrated'],
      minPrice: 5_000_000,
      sort: 'price_asc',
      page: 2,
      inStock: true,
      pageSize: 24,
    });
  });

  it('leaves out a price range whose minimum is above its maximum, rather than asking the API for an error', () => {
    expect(listingQueryFromUrl(new URLSearchParams('minPrice=5000000&maxPrice=3000000&brand=Dell'), {})).toMatchObject({
      minPrice: undefined,
      maxPrice: undefined,
      brand: ['Dell'],
    });
    expect(listingQueryFromUrl(new URLSearchParams('minPrice=3000000&maxPrice=3000000'), {})).toMatchObject({
      minPrice: 3_000_000,
      maxPrice: 3_000_000,
    });
  });

  it('keeps to a PIN code when the URL names a well-formed one', () => {
    expect(listingQueryFromUrl(new URLSearchParams('deliverTo=781001'), {}).deliverTo).toBe('781001');
    for (const bad of ['012345', '78100', 'abcdef'])
      expect(listingQueryFromUrl(new URLSearchParams(`deliverTo=${bad}`), {}).deliverTo).toBeUndefined();
    expect(hasActiveFilters(new URLSearchParams('deliverTo=781001'))).toBe(true);
    expect(clearFilters(new URLSearchParams('deliverTo=781001&sort=newest')).toString()).toBe('sort=newest');
  });

  it('falls back to safe defaults for nonsense', () => {
    const query = listingQueryFromUrl(new URLSearchParams('sort=cheap&page=-4&minPrice=abc'), {});
    expect(query).toMatchObject({ sort: 'relevance', page: 1, minPrice: undefined });
  });

  it('toggles filter values, keeps one category, and resets the page', () => {
    let params = new URLSearchParams('page=3&brand=Dell');
    params = toggleFilterValue(params, 'brand', 'HP');
    expect(params.getAll('brand')).toEqual(['Dell', 'HP']);
    expect(params.has('page')).toBe(false);
    params = toggleFilterValue(params, 'brand', 'Dell');
    expect(params.getAll('brand')).toEqual(['HP']);
    params = toggleFilterValue(toggleFilterValue(params, 'category', 'Laptop'), 'category', 'Monitor');
    expect(params.getAll('category')).toEqual(['Monitor']);
  });

  it('sets and clears single values and all filters', () => {
    expect(withParam(new URLSearchParams('page=2'), 'sort', 'newest').toString()).toBe('sort=newest');
    expect(clearFilters(new URLSearchParams('q=dell&brand=Dell&sort=newest&ram=8')).toString()).toBe('q=dell&sort=newest');
  });
});
