import { CATEGORIES } from '#shared/categories.ts';
import type { Db } from '#server/db/database.ts';
import { letRequestsThrough } from '../catalog-changes.ts';
import type { ListingRow } from '../catalog-feed.repository.ts';
import * as repository from '../catalog-feed.repository.ts';
import { offersOn, productsWithOtherSellers } from '../offers.repository.ts';
import { logChange } from './change-log.ts';
import { count } from './facet-cells.ts';
import { slotOf, valuesAt, writeColumns } from './listing-columns.ts';
import { emptyListing, type Listing } from './listing.ts';
import { bandCuts } from './price-ranges.ts';
import { type PlaceOf, sellerReach, setOtherSellers, setVendors } from './sellers-and-reach.ts';
import { brandOrders, move, ordersMoved, STORED_SORTS } from './sorted-slots.ts';

/** A listing loaded in full from the database, and kept up to date product by product from the change log. */

/** Reads every product on sale: the first load, and a rebuild on request. */
export async function loadAll(db: Db, placeOf: PlaceOf): Promise<Listing> {
  // Attributes first, by product: rows are streamed and folded in at once, so a load never
  // holds 100,000 row objects.
  const pairsOf = new Map<number, string>();
  let read = 0;
  for await (const row of repository.listingAttributes(db)) {
    const pairs = pairsOf.get(row.product_id);
    pairsOf.set(row.product_id, `${pairs === undefined ? '' : `${pairs}|`}${row.key}=${row.value}`);
    if (++read % 10_000 === 0) await letRequestsThrough();
  }
  const listing = emptyListing(1024);
  for await (const row of repository.listingRows(db)) {
    const slot = writeColumns(listing, row, pairsOf.get(row.id));
    listing.live[slot] = 1;
    if (slot % 5_000 === 0) await letRequestsThrough();
  }
  const vendors = await repository.activeVendors(db);
  setVendors(listing, vendors, await sellerReach(vendors, placeOf));
  setOtherSellers(listing, await offersOn(db, await productsWithOtherSellers(db)));
  const all = Int32Array.from({ length: listing.size }, (_, slot) => slot);
  for (const sort of STORED_SORTS) {
    listing.orders[sort].fill(all.slice());
    await letRequestsThrough();
  }
  for (const [code, orders] of listing.ordersByCategory.entries()) {
    const own = all.filter((slot) => listing.category[slot] === code);
    for (const sort of STORED_SORTS) orders[sort].fill(own.slice());
    await letRequestsThrough();
  }
  const byBrand = new Map<number, number[]>();
  for (const slot of all) {
    for (const key of [-1, listing.category[slot] as number].map(
      (categoryCode) => (categoryCode + 1) * 65_536 + (listing.brand[slot] as number),
    )) {
      const slots = byBrand.get(key);
      if (slots) slots.push(slot);
      else byBrand.set(key, [slot]);
    }
  }
  for (const [key, slots] of byBrand) {
    const orders = brandOrders(listing, Math.floor(key / 65_536) - 1, key % 65_536);
    for (const sort of STORED_SORTS) orders[sort].fill(Int32Array.from(slots));
    await letRequestsThrough();
  }
  listing.cuts = bandCuts(listing, listing.orders.price_asc);
  listing.cutsByCategory = listing.ordersByCategory.map((orders) => bandCuts(listing, orders.price_asc));
  for (let slot = 0; slot < listing.size; slot++) {
    count(listing, slot, 1);
    if (slot % 20_000 === 0) await letRequestsThrough();
  }
  return listing;
}

/** Brings the given products up to date: on sale ones from `rows`, the rest taken off. Synchronous, so no query sees half of it. */
export function applyRows(
  listing: Listing,
  productIds: readonly number[],
  rows: readonly ListingRow[],
  pairsOf: ReadonlyMap<number, string>,
): void {
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  for (const id of productIds) {
    const row = rowOf.get(id);
    const slot = slotOf(listing, id);
    const wasLive = slot !== undefined && listing.live[slot] === 1;
    if (slot !== undefined) logChange(listing, slot, valuesAt(listing, slot));
    if (!row) {
      if (wasLive) {
        move(listing, slot, STORED_SORTS, 'remove');
        count(listing, slot, -1);
        listing.live[slot] = 0;
      }
      continue;
    }
    // Orders are left, with the old values, before the columns change; a new category or brand means all of them.
    const sameScopes =
      wasLive && listing.category[slot] === CATEGORIES.indexOf(row.category) && listing.brand[slot] === listing.brands.code(row.brand);
    const moved = sameScopes ? ordersMoved(listing, slot, row) : STORED_SORTS;
    if (wasLive) {
      move(listing, slot, moved, 'remove');
      count(listing, slot, -1);
    }
    const written = writeColumns(listing, row, pairsOf.get(id));
    if (written !== slot) logChange(listing, written, undefined);
    listing.live[written] = 1;
    move(listing, written, moved, 'insert');
    count(listing, written, 1);
  }
}
