import { describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { LaptopSpecs, Product } from '#shared/schemas/catalog.ts';
import {
  addToComparison,
  categoryNoun,
  COMPARE_MAX,
  type CompareItem,
  compareRows,
  comparisonRows,
  countOf,
  parseSavedComparison,
  removeFromComparison,
  replaceComparison,
} from './compare-rules.ts';

const laptop = (id: number): CompareItem => ({ id, name: `Laptop ${id}`, category: 'Laptop' });
const monitor: CompareItem = { id: 99, name: 'UltraGear 27', category: 'Monitor' };

describe('comparison rules', () => {
  it('counts the products compared in words, one in the singular', () => {
    expect(countOf(1, 'Laptop')).toBe('1 laptop');
    expect(countOf(2, 'Laptop')).toBe('2 laptops');
    expect(countOf(1, 'Monitor')).toBe('1 monitor');
    expect(countOf(4, 'Desktop')).toBe('4 desktops');
    expect(categoryNoun(1, 'Desktop')).toBe('desktop');
    expect(categoryNoun(3, 'Monitor')).toBe('monitors');
  });

  it('adds products of one category, up to four, and refuses a fifth', () => {
    let items: CompareItem[] = [];
    for (let id = 1; id <= COMPARE_MAX; id++) {
      const outcome = addToComparison(items, laptop(id));
      expect(outcome.kind).toBe('added');
      items = outcome.items;
    }
    expect(items.map((item) => item.id)).toEqual([1, 2, 3, 4]);
    const fifth = addToComparison(items, laptop(5));
    expect(fifth).toEqual({ kind: 'full', items });
  });

  it('changes nothing for a product already there', () => {
    const items = [laptop(1), laptop(2)];
    expect(addToComparison(items, laptop(2))).toEqual({ kind: 'already', items });
  });

  it('asks before mixing categories, and may start again with the new product', () => {
    const items = [laptop(1), laptop(2)];
    expect(addToComparison(items, monitor)).toEqual({ kind: 'other-category', items, comparing: 'Laptop' });
    // even when full, the category is what is said first: the shopper may replace them
    expect(addToComparison([1, 2, 3, 4].map(laptop), monitor).kind).toBe('other-category');
    expect(replaceComparison(monitor)).toEqual([monitor]);
  });

  it('removes a product', () => {
    expect(removeFromComparison([laptop(1), laptop(2)], 1)).toEqual([laptop(2)]);
    expect(removeFromComparison([laptop(1)], 7)).toEqual([laptop(1)]);
  });

  it('reads the saved comparison by the same rules, and corrupt data as none', () => {
    expect(parseSavedComparison(null)).toEqual([]);
    expect(parseSavedComparison('{not json')).toEqual([]);
    expect(parseSavedComparison('{"id":1}')).toEqual([]);
    const saved = JSON.stringify([
      laptop(1),
      { id: -2, name: 'x', category: 'Laptop' },
      monitor,
      laptop(1),
      laptop(3),
      laptop(4),
      laptop(5),
      laptop(6),
      { id: 7, name: 'Tablet', category: 'Tablet' },
    ]);
    expect(parseSavedComparison(saved).map((item) => item.id)).toEqual([1, 3, 4, 5]);
  });

  it('marks the rows whose values differ', () => {
    expect(
      compareRows([
        { label: 'RAM', values: ['16 GB', '16 GB'] },
        { label: 'Storage', values: ['512 GB SSD', '1 TB SSD'] },
      ]),
    ).toEqual([
      { label: 'RAM', values: ['16 GB', '16 GB'], differs: false },
      { label: 'Storage', values: ['512 GB SSD', '1 TB SSD'], differs: true },
    ]);
  });

  it('lays out two laptops side by side: price, rating, availability, then every spec', () => {
    const specs: LaptopSpecs = {
      processor: 'Intel Core i5-1335U',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      displaySizeIn: 14,
      graphics: 'Intel Iris Xe',
      os: 'Windows 11 Home',
      weightKg: 1.4,
      batteryWh: 57,
    };
    const base: Product = {
      id: 1,
      name: 'A',
      vendor: { id: 1, name: 'Shop', slug: 'shop' },
      slug: 'x',
      brand: 'Lenovo',
      category: 'Laptop',
      description: '',
      price: rupees(60_000),
      mrp: rupees(70_000),
      stock: 10,
      images: [],
      specs,
      status: 'active',
      featured: false,
      createdAt: '',
      updatedAt: '',
      offerId: 1,
      sellerCount: 1,
      offers: [],
      rating: null,
    };
    const a = base;
    const b: Product = {
      ...base,
      id: 2,
      name: 'B',
      stock: 2,
      specs: { ...specs, ramGb: 8, partNumber: '82XD' },
      rating: { average: 4.5, count: 12 },
    };
    const rows = comparisonRows([a, b]);
    const row = (label: string) => rows.find((r) => r.label === label);
    expect(row('Price')).toEqual({ label: 'Price', values: ['₹60,000', '₹60,000'], differs: false });
    expect(row('Availability')).toMatchObject({ values: ['In stock', 'Only 2 left'], differs: true });
    expect(row('Customer rating')).toMatchObject({ values: ['Not rated yet', '4.5 out of 5 (12)'], differs: true });
    expect(row('RAM')).toMatchObject({ values: ['16 GB', '8 GB'], differs: true });
    expect(row('Processor')?.differs).toBe(false);
    // a spec only one of them has is shown for both
    expect(row('Model number')).toMatchObject({ values: ['—', '82XD'], differs: true });
  });
});
