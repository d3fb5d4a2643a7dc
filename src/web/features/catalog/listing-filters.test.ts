import { describe, expect, it } from 'vitest';
import type { Facet } from '#shared/schemas/catalog.ts';
import { facetsWithSelected, filterChips } from './listing-filters.ts';

const chipsOf = (search: string, options?: Parameters<typeof filterChips>[1]) =>
  filterChips(new URLSearchParams(search), options).map((chip) => [chip.label, chip.without.toString()]);

describe('filter chips', () => {
  it('names each chosen filter and removes just it, back to page 1', () => {
    expect(
      chipsOf(
        'q=thin&page=3&sort=newest&category=Laptop&brand=Dell&brand=HP&minPrice=5000000&maxPrice=8000000&ram=16&processor=Intel+Core+i7&graphics=Integrated&rating=4&inStock=true&deliverTo=560103',
      ),
    ).toEqual([
      [
        'Laptops',
        'q=thin&sort=newest&brand=Dell&brand=HP&minPrice=5000000&maxPrice=8000000&ram=16&processor=Intel+Core+i7&graphics=Integrated&rating=4&inStock=true&deliverTo=560103',
      ],
      [
        'Dell',
        'q=thin&sort=newest&category=Laptop&minPrice=5000000&maxPrice=8000000&ram=16&processor=Intel+Core+i7&graphics=Integrated&rating=4&inStock=true&deliverTo=560103&brand=HP',
      ],
      [
        'HP',
        'q=thin&sort=newest&category=Laptop&minPrice=5000000&maxPrice=8000000&ram=16&processor=Intel+Core+i7&graphics=Integrated&rating=4&inStock=true&deliverTo=560103&brand=Dell',
      ],
      [
        '₹50,000 – ₹80,000',
        'q=thin&sort=newest&category=Laptop&brand=Dell&brand=HP&ram=16&processor=Intel+Core+i7&graphics=Integrated&rating=4&inStock=true&deliverTo=560103',
      ],
      ['16 GB RAM', expect.not.stringContaining('ram=')],
      ['Intel Core i7', expect.not.stringContaining('processor=')],
      ['Integrated graphics', expect.not.stringContaining('graphics=')],
      ['4★ & above', expect.not.stringContaining('rating=')],
      ['In stock', expect.not.stringContaining('inStock=')],
      ['Delivers to 560103', expect.not.stringContaining('deliverTo=')],
    ]);
  });

  it('calls a category’s preset by its name, and leaves out what the page fixes', () => {
    expect(chipsOf('minPrice=5000000&maxPrice=8000000&storage=1024', { hidden: ['category'], category: 'Laptop' })).toEqual([
      ['₹50,000–80,000', 'storage=1024'],
      ['1 TB storage', 'minPrice=5000000&maxPrice=8000000'],
    ]);
    expect(chipsOf('category=Laptop', { hidden: ['category'] })).toEqual([]);
    expect(chipsOf('maxPrice=3000000')).toEqual([['Up to ₹30,000', '']]);
  });

  it('shows a reversed range as ignored, still removable', () => {
    expect(chipsOf('minPrice=5000000&maxPrice=3000000&brand=Dell')).toEqual([
      ['Dell', 'minPrice=5000000&maxPrice=3000000'],
      ['₹50,000 – ₹30,000 (ignored)', 'brand=Dell'],
    ]);
  });

  it('has no chips without filters', () => {
    expect(chipsOf('q=dell&sort=price_asc&page=2')).toEqual([]);
  });
});

describe('facets with what the URL selects', () => {
  const facets: Facet[] = [
    { key: 'brand', label: 'Brand', values: [{ value: 'HP', label: 'HP', count: 4 }] },
    { key: 'ram', label: 'RAM', values: [{ value: '16', label: '16 GB', count: 2 }] },
  ];

  it('keeps a selected value that matches nothing any more, with a count of 0', () => {
    const shown = facetsWithSelected(facets, new URLSearchParams('brand=Dell&brand=HP&ram=16'));
    expect(shown.find((facet) => facet.key === 'brand')?.values).toEqual([
      { value: 'HP', label: 'HP', count: 4 },
      { value: 'Dell', label: 'Dell', count: 0 },
    ]);
    expect(shown.find((facet) => facet.key === 'ram')).toBe(facets[1]);
  });

  it('brings back a whole facet the answer left out, in its place, with its labels', () => {
    const shown = facetsWithSelected(facets, new URLSearchParams('storage=2048&category=Desktop&processor=Apple+M4'));
    expect(shown.map((facet) => facet.key)).toEqual(['category', 'brand', 'ram', 'storage', 'processor']);
    expect(shown[0]).toEqual({ key: 'category', label: 'Category', values: [{ value: 'Desktop', label: 'Desktops', count: 0 }] });
    expect(shown[3]).toEqual({ key: 'storage', label: 'Storage', values: [{ value: '2048', label: '2 TB', count: 0 }] });
  });

  it('leaves out facets the page fixes, and facets with no values', () => {
    const shown = facetsWithSelected(
      [...facets, { key: 'os', label: 'Operating system', values: [] }],
      new URLSearchParams('category=Laptop'),
      ['category'],
    );
    expect(shown.map((facet) => facet.key)).toEqual(['brand', 'ram']);
  });
});
