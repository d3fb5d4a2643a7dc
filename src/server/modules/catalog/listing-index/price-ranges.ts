import type { ListingColumns } from './listing-columns.ts';
import type { ListingOrders, Orders, SortedSlots } from './sorted-slots.ts';

/** Where each scope's prices are cut into bands, fixed at a full load (see PRICE_BANDS). */
export interface ListingPriceBands {
  /** price band cuts of every product on sale, and of each category's */
  cuts: Float64Array;
  cutsByCategory: Float64Array[];
}

/**
 * Price bands: each scope's prices are cut into this many bands of about as many products at a
 * full load, and cells are also kept per band (with a brand or a spec value, not both), so a price
 * range is the sum of the bands it covers plus a pass over the products of the two bands it cuts.
 */
export const PRICE_BANDS = 32;

/** How many cuts are below a price (`orAt`: at or below it). The band a price falls in is cutsBelow(cuts, price, true). */
export function cutsBelow(cuts: Float64Array, price: number, orAt: boolean): number {
  let low = 0;
  let high = cuts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const cut = cuts[middle] as number;
    if (cut < price || (orAt && cut === price)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Cut points between PRICE_BANDS bands of a price order: the prices found at even steps along it, each once. */
export function bandCuts(listing: ListingColumns, byPrice: SortedSlots): Float64Array {
  const cuts: number[] = [];
  for (let band = 1; band < PRICE_BANDS; band++) {
    const at = Math.floor((byPrice.length * band) / PRICE_BANDS);
    if (at <= 0 || at >= byPrice.length) continue;
    const price = listing.price[byPrice.slots[at] as number] as number;
    if (cuts.length === 0 || price > (cuts[cuts.length - 1] as number)) cuts.push(price);
  }
  return Float64Array.from(cuts);
}

/** A price range holding at most this share of its scope is read off the price order. */
export const NARROW_PRICE_RANGE = 0.2;

/** The first place in the price order whose price is at least `price` (`after`: above it). */
export function firstPriced(listing: ListingColumns, byPrice: SortedSlots, price: number, after: boolean): number {
  let low = 0;
  let high = byPrice.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const at = listing.price[byPrice.slots[middle] as number] as number;
    if (at < price || (after && at === price)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first place in a descending price order whose price is at most `price`. */
export function firstPricedDescending(listing: ListingColumns, byPrice: SortedSlots, price: number): number {
  let low = 0;
  let high = byPrice.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((listing.price[byPrice.slots[middle] as number] as number) > price) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * How a price range falls on a scope's price bands: those it covers whole, from the first starting
 * at or above its floor to the last ending at or below its ceiling (none when firstBand >
 * lastBand), and its products outside them, in the bands it cuts (all of them when it covers none).
 */
export function bandsWithin(
  listing: ListingColumns & ListingOrders & ListingPriceBands,
  categoryCode: number,
  minPrice: number,
  maxPrice: number,
): { firstBand: number; lastBand: number; cut: Int32Array[] } {
  const cuts = categoryCode >= 0 ? (listing.cutsByCategory[categoryCode] as Float64Array) : listing.cuts;
  const byPrice = (categoryCode >= 0 ? (listing.ordersByCategory[categoryCode] as Orders) : listing.orders).price_asc;
  const firstBand = minPrice === -Infinity ? 0 : cutsBelow(cuts, minPrice, false) + 1;
  const lastBand = maxPrice === Infinity ? cuts.length : cutsBelow(cuts, maxPrice, true) - 1;
  const from = firstPriced(listing, byPrice, minPrice, false);
  const to = Math.max(from, firstPriced(listing, byPrice, maxPrice, true));
  if (firstBand > lastBand) return { firstBand, lastBand, cut: [byPrice.slots.subarray(from, to)] };
  const lowEnd = firstBand === 0 ? from : firstPriced(listing, byPrice, cuts[firstBand - 1] as number, false);
  const highStart = lastBand === cuts.length ? to : firstPriced(listing, byPrice, cuts[lastBand] as number, false);
  return { firstBand, lastBand, cut: [byPrice.slots.subarray(from, lowEnd), byPrice.slots.subarray(highStart, to)] };
}
