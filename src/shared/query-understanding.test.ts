import { describe, expect, it } from 'vitest';
import { understandQuery, understoodSearchParams } from './query-understanding.ts';

describe('understandQuery', () => {
  it('reads "16gb ram laptop under 80000" as RAM 16 GB, up to ₹80,000, Laptops, with no words left', () => {
    expect(understandQuery('16gb ram laptop under 80000')).toEqual({
      q: '',
      category: 'Laptop',
      ram: ['16'],
      storage: [],
      screenSize: [],
      maxPrice: 80_000_00,
      understood: ['Laptops', '16 GB RAM', 'Under ₹80,000'],
    });
  });

  it('keeps brands and models as words, and drops the filler around what it understood', () => {
    expect(understandQuery('best lenovo thinkpad laptop with 32 GB RAM and 1TB SSD')).toMatchObject({
      q: 'lenovo thinkpad',
      category: 'Laptop',
      ram: ['32'],
      storage: ['1024'],
    });
    expect(understandQuery('dell 27 inch monitor above 20k')).toMatchObject({
      q: 'dell',
      category: 'Monitor',
      screenSize: ['27'],
      minPrice: 20_000_00,
    });
  });

  it('reads amounts as Indians write them: commas, ₹ and Rs., k, lakh, ranges', () => {
    expect(understandQuery('laptop under ₹1,20,000').maxPrice).toBe(1_20_000_00);
    expect(understandQuery('laptop below Rs. 1.5 lakh').maxPrice).toBe(1_50_000_00);
    expect(understandQuery('gaming laptop under 90k')).toMatchObject({ q: 'gaming', maxPrice: 90_000_00 });
    expect(understandQuery('desktop between 40000 and 60000')).toMatchObject({
      category: 'Desktop',
      minPrice: 40_000_00,
      maxPrice: 60_000_00,
      understood: ['Desktops', '₹40,000 – ₹60,000'],
    });
    expect(understandQuery('monitor 15000-25000')).toMatchObject({ minPrice: 15_000_00, maxPrice: 25_000_00 });
  });

  it('leaves a search it does not understand as typed', () => {
    expect(understandQuery('ThinkPad X1 Carbon')).toEqual({
      q: 'ThinkPad X1 Carbon',
      ram: [],
      storage: [],
      screenSize: [],
      understood: [],
    });
    // Numbers that are not prices or sizes stay words: a model number, "under 16".
    expect(understandQuery('rtx 4060')).toMatchObject({ q: 'rtx 4060', understood: [] });
    expect(understandQuery('laptop under 16')).toMatchObject({ q: 'under 16', category: 'Laptop' });
  });

  it('sets no category when the words name two', () => {
    const found = understandQuery('laptop or desktop under 50000');
    expect(found).toMatchObject({ q: 'laptop or desktop', maxPrice: 50_000_00 });
    expect(found.category).toBeUndefined();
  });
});

describe('understoodSearchParams', () => {
  it('moves what the words say into filters, keeping the filters the address sets', () => {
    const moved = understoodSearchParams(new URLSearchParams('q=16gb ram laptop under 80000&sort=price_asc&page=3'));
    expect(moved?.toString()).toBe('q=&sort=price_asc&category=Laptop&ram=16&maxPrice=8000000');
    const kept = understoodSearchParams(new URLSearchParams('q=hp laptop under 50000&maxPrice=4000000&category=Desktop'));
    expect(Object.fromEntries(kept ?? [])).toEqual({ q: 'hp', maxPrice: '4000000', category: 'Desktop' });
  });

  it('answers null when there is nothing to move', () => {
    expect(understoodSearchParams(new URLSearchParams('q=thinkpad'))).toBeNull();
    expect(understoodSearchParams(new URLSearchParams('category=Laptop'))).toBeNull();
  });
});
