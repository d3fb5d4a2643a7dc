import { ATTRIBUTE_KEYS, type Attribute, type ListingColumns } from './listing-columns.ts';
import { cutsBelow, type ListingPriceBands } from './price-ranges.ts';

/** Products by facet value, by code (attribute code 0: no value), kept as products change. */
export interface Counts {
  total: number;
  category: number[];
  brand: number[];
  /** by the key's place in ATTRIBUTE_KEYS */
  attributes: number[][];
}

export function emptyCounts(): Counts {
  return { total: 0, category: [], brand: [], attributes: ATTRIBUTE_KEYS.map(() => []) };
}

/**
 * Counts by code with `by` added to the code's: the same list, or one as long as the codes it
 * counts now. A list grown by setting a code past its end took room for half as many again and 16
 * more (some 200 bytes a list, 17 MB of cells at 100,000 products).
 */
export function bumped(counts: number[], code: number, by: number): number[] {
  if (code < counts.length) {
    counts[code] = (counts[code] as number) + by;
    return counts;
  }
  const grown = new Array<number>(code + 1).fill(0);
  for (let at = 0; at < counts.length; at++) grown[at] = counts[at] as number;
  grown[code] = by;
  return grown;
}

/**
 * A scope's kept counts, by cell: of the products in stock or of all, of one brand or of any, with
 * one spec value or with any. A listing narrowed by nothing but these (in stock, brands, values of
 * one spec) is counted already, as the sum of a few cells; only other filters (a price range, a
 * second spec, a search) need a pass over the products.
 */
export type Cells = Map<number, Counts>;
export const ANY = -1;

/** The kept facet counts of every product on sale, and of each category's. */
export interface ListingCells {
  cells: Cells;
  cellsByCategory: Cells[];
}

/** A spec value's number among cells: its key's place in ATTRIBUTE_KEYS and its code (both small). */
export function valueNumber(keyIndex: number, code: number): number {
  return keyIndex * 65_536 + code;
}

/** A cell's key: in stock or not, a brand or ANY, a spec value number or ANY, a price band or ANY. */
export function cellKey(inStock: boolean, brand: number, value: number, band = ANY): number {
  return (band + 1) * 2 ** 42 + (inStock ? 2 ** 40 : 0) + (brand + 1) * 2 ** 21 + (value + 1);
}

/** Adds a product on sale to the kept counts (`by` 1), or takes it out (-1), by the values its columns hold now. */
export function count(listing: ListingColumns & ListingCells & ListingPriceBands, slot: number, by: 1 | -1): void {
  const category = listing.category[slot] as number;
  const brand = listing.brand[slot] as number;
  const codes = ATTRIBUTE_KEYS.map((key) => (listing.attributes.get(key) as Attribute).codes[slot] as number);
  const values = [ANY];
  codes.forEach((code, keyIndex) => code !== 0 && values.push(valueNumber(keyIndex, code)));
  const stocks = (listing.stock[slot] as number) > 0 ? [false, true] : [false];
  const price = listing.price[slot] as number;
  const scopes: Array<[Cells, Float64Array]> = [
    [listing.cells, listing.cuts],
    [listing.cellsByCategory[category] as Cells, listing.cutsByCategory[category] as Float64Array],
  ];
  for (const [cells, cuts] of scopes) {
    const band = cutsBelow(cuts, price, true);
    // Any band: every brand × value; the product's band: a brand or a value, not both.
    const keys: number[] = [];
    for (const inStock of stocks) {
      for (const ofBrand of [ANY, brand]) for (const value of values) keys.push(cellKey(inStock, ofBrand, value));
      keys.push(cellKey(inStock, ANY, ANY, band), cellKey(inStock, brand, ANY, band));
      for (const value of values) if (value !== ANY) keys.push(cellKey(inStock, ANY, value, band));
    }
    for (const key of keys) {
      let counts = cells.get(key);
      if (!counts) cells.set(key, (counts = emptyCounts()));
      counts.total += by;
      counts.category = bumped(counts.category, category, by);
      counts.brand = bumped(counts.brand, brand, by);
      for (let keyIndex = 0; keyIndex < codes.length; keyIndex++) {
        counts.attributes[keyIndex] = bumped(counts.attributes[keyIndex] as number[], codes[keyIndex] as number, by);
      }
    }
  }
}

/** Counts by code, summed over some cells (`pick`: which list of theirs). */
export function summed(cells: readonly Counts[], pick: (counts: Counts) => number[]): Uint32Array {
  const total = new Uint32Array(Math.max(0, ...cells.map((entry) => pick(entry).length)));
  for (const entry of cells) pick(entry).forEach((value, code) => (total[code] = (total[code] as number) + (value ?? 0)));
  return total;
}
