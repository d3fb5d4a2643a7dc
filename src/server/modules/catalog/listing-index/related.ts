import { slotOf } from './listing-columns.ts';
import type { Listing } from './listing.ts';
import { firstPriced } from './price-ranges.ts';
import type { Orders } from './sorted-slots.ts';

/**
 * Up to `limit` other products on sale in the product's category, closest in price first (ties by
 * id): read outward from the product's place in the category's price order, so it costs the few
 * products looked at, where the SQL sorted the whole category.
 */
export function related(listing: Listing, id: number, limit: number): number[] {
  const slot = slotOf(listing, id);
  if (slot === undefined || listing.live[slot] !== 1) return [];
  const byPrice = (listing.ordersByCategory[listing.category[slot] as number] as Orders).price_asc;
  const price = listing.price[slot] as number;
  const distance = (at: number) => Math.abs((listing.price[byPrice.slots[at] as number] as number) - price);
  const place = firstPriced(listing, byPrice, price, false);
  // Two walks, down from below the product's price and up from it, taken nearest first; every
  // product as near as the last one kept is gathered, so ties are settled by id below.
  let down = place - 1;
  let up = place;
  const gathered: Array<{ id: number; distance: number }> = [];
  while (down >= 0 || up < byPrice.length) {
    const takeUp = down < 0 || (up < byPrice.length && distance(up) <= distance(down));
    const at = takeUp ? up++ : down--;
    const next = { id: listing.ids[byPrice.slots[at] as number] as number, distance: distance(at) };
    if (gathered.length >= limit + 1 && next.distance > (gathered[gathered.length - 1] as { distance: number }).distance) break;
    gathered.push(next);
  }
  return gathered
    .filter((entry) => entry.id !== id)
    .sort((a, b) => a.distance - b.distance || a.id - b.id)
    .slice(0, limit)
    .map((entry) => entry.id);
}
