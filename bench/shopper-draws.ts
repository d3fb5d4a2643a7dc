/**
 * What the benchmark seeds and what shoppers and crawlers ask for, drawn at random but repeatably
 * from the demo catalogue: shared by `bench.ts` (over HTTP) and `profile-search.ts` (in one process).
 */
import { CATEGORIES, type Category } from '#shared/categories.ts';
import { productAttributes } from '#shared/facet-attributes.ts';
import { SORTS } from '#shared/schemas/catalog.ts';
import { DEMO_PRODUCTS } from '#server/db/seed/demo-catalog.ts';
import type { DemoProduct } from '#server/db/seed/demo-catalog.types.ts';

// ---------------------------------------------------------------------------------------------
// Repeatable randomness

/** mulberry32: small, fast and repeatable, so every run benchmarks the same catalogue and draws. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Dice {
  next: () => number;
  chance: (probability: number) => boolean;
  /** a whole number from min to max, both included */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  /** `count` different items (fewer if there are not that many) */
  some: <T>(items: readonly T[], count: number) => T[];
}

export function dice(seed: number): Dice {
  const next = random(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const some = <T>(items: readonly T[], count: number): T[] => {
    const left = [...items];
    return Array.from({ length: Math.min(count, left.length) }, () => left.splice(Math.floor(next() * left.length), 1)[0] as T);
  };
  return { next, chance: (probability) => next() < probability, int, pick, some };
}

export const BY_CATEGORY = new Map<Category, DemoProduct[]>();
for (const product of DEMO_PRODUCTS) {
  BY_CATEGORY.set(product.category, [...(BY_CATEGORY.get(product.category) ?? []), product]);
}

/** Seeded prices spread this far either side of the demo product's. */
export const PRICE_SPREAD = { low: 0.8, high: 1.2 };

// ---------------------------------------------------------------------------------------------
// What shoppers and crawlers ask for, drawn from the same demo catalogue the products come from

export const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every brand, or a category's. */
export function brandsIn(category?: Category): string[] {
  return [...new Set(DEMO_PRODUCTS.filter((p) => !category || p.category === category).map((p) => p.brand))];
}

/** A category's spec facets and their values, as the seeded products carry them (see mixedSpecs). */
export function facetValues(category: Category): Array<[key: string, values: string[]]> {
  const values = new Map<string, Set<string>>();
  for (const product of BY_CATEGORY.get(category) ?? []) {
    for (const [key, value] of productAttributes(category, product.specs)) values.set(key, (values.get(key) ?? new Set()).add(value));
  }
  return [...values].map(([key, set]) => [key, [...set]]);
}

/** The lowest and highest seeded price, in paise. */
export function priceBounds(category?: Category): { min: number; max: number } {
  const prices = DEMO_PRODUCTS.filter((p) => !category || p.category === category).map((p) => p.price);
  return { min: Math.min(...prices) * PRICE_SPREAD.low, max: Math.max(...prices) * PRICE_SPREAD.high };
}

/** Words people type: those of a product's name (three characters or more) and its brand. */
export function searchWords(product: DemoProduct): string[] {
  const words = [...product.name.toLowerCase().split(/[^\p{L}\p{N}]+/u), product.brand.toLowerCase()];
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** One slip of the thumb: a letter changed, dropped, added, or two swapped. */
export function withTypo(word: string, d: Dice): string {
  const at = d.int(0, word.length - 1);
  const letter = () => LETTERS[d.int(0, LETTERS.length - 1)] as string;
  switch (d.int(0, 3)) {
    case 0:
      return word.slice(0, at) + letter() + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + letter() + word.slice(at);
    default:
      return at + 1 < word.length ? word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2) : word.slice(0, -1);
  }
}

/** Mostly the first page; crawlers and the patient go deeper. */
export function drawPage(d: Dice, last: number): string {
  return String(d.chance(0.5) ? 1 : d.int(2, last));
}

/** A price range in whole thousands of rupees: sometimes only a floor or only a ceiling. */
export function drawPriceRange(d: Dice, category: Category | undefined, params: URLSearchParams): void {
  const { min, max } = priceBounds(category);
  const thousand = 1000_00;
  const [low, high] = [d.int(min, max), d.int(min, max)].sort((a, b) => a - b).map((paise) => Math.round(paise / thousand) * thousand) as [
    number,
    number,
  ];
  if (!d.chance(0.2)) params.set('minPrice', String(low));
  if (!d.chance(0.2)) params.set('maxPrice', String(high));
}

export function listingPath(d: Dice): string {
  const params = new URLSearchParams();
  const category = d.chance(0.85) ? d.pick(CATEGORIES) : undefined;
  if (category) params.set('category', category);
  for (const brand of d.some(brandsIn(category), d.int(0, 2))) params.append('brand', brand);
  if (category && d.chance(0.4)) {
    const [key, values] = d.pick(facetValues(category));
    for (const value of d.some(values, d.int(1, 2))) params.append(key, value);
  }
  if (d.chance(0.3)) drawPriceRange(d, category, params);
  if (d.chance(0.3)) params.set('inStock', 'true');
  params.set('sort', d.pick(SORTS));
  params.set('page', drawPage(d, 20));
  return `/api/products?${params}`;
}

/** Words of one product, as someone looking for it would type them; its category when narrowing. */
export function searchPath(d: Dice): string {
  const product = d.pick(DEMO_PRODUCTS);
  const words = d.some(searchWords(product), d.chance(0.3) ? 2 : 1);
  if (d.chance(0.3)) {
    // The longest word: shorter ones are too short for the server to correct (and for people to mistype).
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    words[words.indexOf(longest)] = withTypo(longest, d);
  }
  const params = new URLSearchParams({ q: words.join(' ') });
  if (d.chance(0.2)) params.set('category', product.category);
  if (d.chance(0.2)) params.set('sort', d.pick(SORTS));
  if (d.chance(0.2)) params.set('page', drawPage(d, 5));
  return `/api/search?${params}`;
}
