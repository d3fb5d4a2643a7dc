import { type Category, CATEGORIES, CATEGORY_LABELS } from '#shared/categories.ts';
import { formatPrice } from '#shared/money.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { savedEntries } from '#web/lib/stored-list.ts';
import { specRows } from './spec-rows.ts';

/** The most products compared at once, all of one category. */
export const COMPARE_MAX = 4;

/** What the comparison keeps of a product (in localStorage); prices and specs are fetched fresh. */
export interface CompareItem {
  id: number;
  name: string;
  category: Category;
  image?: string;
}

export type CompareOutcome =
  | { kind: 'added'; items: CompareItem[] }
  /** already there: nothing changes */
  | { kind: 'already'; items: CompareItem[] }
  /** four already: the fifth is refused */
  | { kind: 'full'; items: CompareItem[] }
  /** another category's products are being compared: the shopper may replace them (replaceComparison) */
  | { kind: 'other-category'; items: CompareItem[]; comparing: Category };

/** Adds a product to the comparison if it fits: one category, at most COMPARE_MAX. */
export function addToComparison(items: readonly CompareItem[], item: CompareItem): CompareOutcome {
  if (items.some((existing) => existing.id === item.id)) return { kind: 'already', items: [...items] };
  const comparing = items[0]?.category;
  if (comparing !== undefined && comparing !== item.category) return { kind: 'other-category', items: [...items], comparing };
  if (items.length >= COMPARE_MAX) return { kind: 'full', items: [...items] };
  return { kind: 'added', items: [...items, item] };
}

/** What `count` products of a category are called: "laptop" for one, "laptops" for more (or none). */
export function categoryNoun(count: number, category: Category): string {
  const labels = CATEGORY_LABELS[category];
  return (count === 1 ? labels.singular : labels.plural).toLowerCase();
}

/** A count of one category's products in words: "1 laptop", "3 laptops". */
export function countOf(count: number, category: Category): string {
  return `${count} ${categoryNoun(count, category)}`;
}

/** The comparison started again with this product alone (the shopper chose to replace another category's). */
export function replaceComparison(item: CompareItem): CompareItem[] {
  return [item];
}

export function removeFromComparison(items: readonly CompareItem[], id: number): CompareItem[] {
  return items.filter((item) => item.id !== id);
}

/**
 * The comparison as saved in the browser. Whatever is not a product of the first one's category,
 * a repeat, or beyond COMPARE_MAX is dropped; corrupt data reads as an empty comparison.
 */
export function parseSavedComparison(raw: string | null): CompareItem[] {
  let items: CompareItem[] = [];
  for (const entry of savedEntries(raw)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, name, category, image } = entry as Record<string, unknown>;
    if (!Number.isSafeInteger(id) || (id as number) <= 0 || typeof name !== 'string' || !CATEGORIES.includes(category as Category))
      continue;
    const outcome = addToComparison(items, {
      id: id as number,
      name,
      category: category as Category,
      ...(typeof image === 'string' ? { image } : {}),
    });
    items = outcome.items;
  }
  return items;
}

export interface ComparedRow {
  label: string;
  /** one per product, in the comparison's order */
  values: string[];
  /** not every product has the same value */
  differs: boolean;
}

/** The rows of the comparison table, each marked when its products' values are not all the same. */
export function compareRows(rows: ReadonlyArray<{ label: string; values: readonly string[] }>): ComparedRow[] {
  return rows.map(({ label, values }) => ({ label, values: [...values], differs: values.some((value) => value !== values[0]) }));
}

const stockText = (stock: number) => (stock <= 0 ? 'Out of stock' : stock <= 5 ? `Only ${stock} left` : 'In stock');

/**
 * The comparison's rows for these products, side by side: price, rating, availability, sellers
 * and brand, then every specification any of them has ("—" where one lacks it), each marked when
 * the products differ in it.
 */
export function comparisonRows(products: readonly Product[]): ComparedRow[] {
  const specs = products.map((product) => new Map(specRows(product.category, product.specs)));
  const labels = [...new Set(specs.flatMap((rows) => [...rows.keys()]))];
  return compareRows([
    { label: 'Price', values: products.map((product) => formatPrice(product.price)) },
    {
      label: 'Customer rating',
      values: products.map(({ rating }) => (rating ? `${rating.average.toFixed(1)} out of 5 (${rating.count})` : 'Not rated yet')),
    },
    { label: 'Availability', values: products.map((product) => stockText(product.stock)) },
    { label: 'Sellers', values: products.map(({ sellerCount }) => `${sellerCount} ${sellerCount === 1 ? 'seller' : 'sellers'}`) },
    { label: 'Brand', values: products.map((product) => product.brand) },
    ...labels.map((label) => ({ label, values: specs.map((rows) => rows.get(label) ?? '—') })),
  ]);
}
