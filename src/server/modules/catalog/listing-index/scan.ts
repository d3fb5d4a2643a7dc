import { increment } from './code-counts.ts';

/**
 * The pass: one loop over a listing's candidates that filters them, marks the results and counts
 * every facet at once. It reads typed arrays only, through a plan of one fixed shape (Scan).
 */

/**
 * Which products a listing's filters let through, by slot: one array for every query (they run one
 * at a time), cleared after each, rather than 100 KB allocated outside the heap per request.
 */
let matchedScratch = new Uint8Array(0);

/** The scratch array, at least `size` long; all zeros between queries. */
export function scratch(size: number): Uint8Array {
  if (matchedScratch.length < size) matchedScratch = new Uint8Array(Math.ceil(size * 1.25));
  return matchedScratch;
}

/** What one listing's pass reads and writes: always the same shape, so the pass is compiled once. */
export interface Scan {
  candidates: Int32Array;
  candidateCount: number;
  price: Float64Array;
  minPrice: number;
  maxPrice: number;
  /** set when only products in stock pass (likewise featured, vendor) */
  stock: Int32Array | undefined;
  featured: Uint8Array | undefined;
  vendor: Int32Array | undefined;
  vendorId: number;
  /** with `vendor`: the slots the seller offers without holding the buy box, which pass too */
  otherSeller: Uint8Array | undefined;
  /** the buy box's seller of each slot */
  seller: Int32Array;
  /** set when delivering to a PIN code some sellers are refused at: by vendor id, with the slots another seller rescues (see deliveryReach) */
  refused: Uint8Array | undefined;
  rescued: Uint8Array;
  /** set when searching: hits are checked for sale and category here */
  live: Uint8Array | undefined;
  category: Uint8Array;
  categoryCode: number;
  brand: Uint16Array;
  brandCodes: Uint8Array | undefined;
  selectedCodes: Uint16Array[];
  selectedAccepted: Uint8Array[];
  selectedCounts: Uint32Array[];
  unselectedCodes: Uint16Array[];
  unselectedCounts: Uint32Array[];
  categoryCounts: Uint32Array;
  brandCounts: Uint32Array;
  matched: Uint8Array;
}

/**
 * Arrays of typed arrays, of one elements kind even when empty. An empty array has another kind
 * (and map) than a filled one, and a pass meeting both was compiled again and again ("wrong map"
 * deoptimizations: a pass over 100,000 products took 2.7 ms instead of a fraction of that).
 */
export function objectList<T extends object>(items: readonly T[]): T[] {
  const list: T[] = [EMPTY_LIST_ITEM as T];
  list.pop();
  for (const item of items) list.push(item);
  return list;
}
const EMPTY_LIST_ITEM = new Uint8Array(0);

export const BRAND = -1;

/**
 * The pass over the candidates: counts facets and marks results in `matched`; returns how many.
 * A product failing exactly one facet dimension still counts for that dimension's own values, so a
 * shopper can widen a choice; failing none, it counts everywhere and is a result.
 */
export function scan(pass: Scan): number {
  const {
    candidates,
    candidateCount,
    price,
    minPrice,
    maxPrice,
    stock,
    featured,
    vendor,
    vendorId,
    otherSeller,
    seller,
    refused,
    rescued,
    live,
    category,
    categoryCode,
    brand,
    brandCodes,
  } = pass;
  const { selectedCodes, selectedAccepted, selectedCounts, unselectedCodes, unselectedCounts, categoryCounts, brandCounts, matched } = pass;
  let total = 0;
  for (let o = 0; o < candidateCount; o++) {
    const i = candidates[o] as number;
    const itemPrice = price[i] as number;
    if (itemPrice < minPrice || itemPrice > maxPrice) continue;
    if (stock !== undefined && (stock[i] as number) <= 0) continue;
    if (featured !== undefined && featured[i] !== 1) continue;
    if (vendor !== undefined && vendor[i] !== vendorId && (otherSeller === undefined || otherSeller[i] !== 1)) continue;
    if (refused !== undefined && refused[seller[i] as number] === 1 && rescued[i] !== 1) continue;
    if (live !== undefined && (live[i] !== 1 || (categoryCode >= 0 && category[i] !== categoryCode))) continue;

    let failures = 0;
    let failed = 0;
    if (brandCodes !== undefined && brandCodes[brand[i] as number] !== 1) {
      failures = 1;
      failed = BRAND;
    }
    for (let s = 0; s < selectedCodes.length; s++) {
      if ((selectedAccepted[s] as Uint8Array)[(selectedCodes[s] as Uint16Array)[i] as number] !== 1) {
        if (++failures > 1) break;
        failed = s;
      }
    }
    if (failures > 1) continue;
    if (failures === 1) {
      if (failed === BRAND) increment(brandCounts, brand[i] as number);
      else increment(selectedCounts[failed] as Uint32Array, (selectedCodes[failed] as Uint16Array)[i] as number);
      continue;
    }
    matched[i] = 1;
    total++;
    increment(categoryCounts, category[i] as number);
    increment(brandCounts, brand[i] as number);
    for (let s = 0; s < selectedCodes.length; s++)
      increment(selectedCounts[s] as Uint32Array, (selectedCodes[s] as Uint16Array)[i] as number);
    for (let k = 0; k < unselectedCodes.length; k++)
      increment(unselectedCounts[k] as Uint32Array, (unselectedCodes[k] as Uint16Array)[i] as number);
  }
  return total;
}
