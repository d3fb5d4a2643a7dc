import type { Sort } from '#shared/schemas/catalog.ts';
import { featuredBefore, type ListingColumns, type SlotValues, slotOf } from './listing-columns.ts';
import type { IndexResult, SearchHits } from './listing-query.ts';

/**
 * A search's hits laid over the listing: each hit's slot, in slot order, with its rank beside it,
 * worked out once per hits and listing, so a page, a sort or a filter of the same search reuses
 * it; and the passes over them kept by filter (their upkeep is kept-passes.ts).
 */

/** A search's hits laid over the index: their slots, and their ranks side by side. */
export interface SearchOverlay {
  /** the listing it was worked out for (by number, so a cached search never keeps an old listing alive) */
  listing: number;
  epoch: number;
  slots: Int32Array;
  /** the listing's product id of each slot, as its slots were then (a slot keeps its product) */
  slotIds: Int32Array;
  ranks: Float32Array;
  /** passes over the hits kept by filters (see passKey), while no product among them changes */
  passes: Map<string, KeptPass>;
}

/**
 * A search's pass, kept: a search is asked again with other pages and sorts, and a typo is mostly
 * corrected to the same words, so a common word's 40,000 hits are passed over once, not at every
 * request. It is brought up to date product by product when some of its hits change (see
 * caughtUp), as sellers edit all day and a common word's hits take in most of their edits.
 */
export interface KeptPass {
  /** the listing's change count it was last brought up to */
  checked: number;
  total: number;
  /** the results, as places in the overlay (so in slot order) */
  results: Int32Array;
  /** the counts' rows, named; made again when asked for after a change */
  facets: Pick<IndexResult, 'categories' | 'brands' | 'attributes'> | undefined;
  name: () => Pick<IndexResult, 'categories' | 'brands' | 'attributes'>;
  /** the results' slots in a sort's order, as far as pages asked for so far needed */
  pages: Map<Sort, Int32Array>;
  /** whether the pass's counts have room for a product's codes (a brand or spec value first met since has none) */
  fits: (values: SlotValues) => boolean;
  /** adds a product's part to the counts (by 1) or takes it away (-1), as the pass counted it; whether it is a result */
  count: (values: SlotValues, by: 1 | -1) => boolean;
}

/** A search's place (in the overlay) of one of its hits' slots. */
export function placeOf(search: SearchOverlay, slot: number): number {
  let low = 0;
  let high = search.slots.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((search.slots[middle] as number) < slot) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether a slot is one of a search's hits. */
export function holds(search: SearchOverlay, slot: number): boolean {
  return search.slots[placeOf(search, slot)] === slot;
}

/** Whether `a` (a place in the overlay) ranks before `b`: by rank, ties featured-then-newest. */
export function rankedBefore(listing: ListingColumns, search: SearchOverlay, a: number, b: number): number {
  return (
    (search.ranks[b] as number) - (search.ranks[a] as number) ||
    featuredBefore(listing, search.slots[a] as number, search.slots[b] as number)
  );
}

// Worked out once per search hits and index (a page, a sort or a filter of the same search reuses it).
const overlays = new WeakMap<SearchHits, SearchOverlay>();

/** Hits of a search, at least this share of the products, are put in slot order by a sweep over the slots rather than sorted. */
const DENSE_HITS = 1 / 32;
/** Each slot's hit (its place + 1) while a dense search's hits are put in slot order; zeros between. */
let hitOfSlot = new Int32Array(0);
/** Hits out of slot order, as a share of them all, up to which they are sorted and merged into the rest rather than all put in order afresh. */
const OUT_OF_ORDER = 1 / 8;

/**
 * The places of `hitSlots` in slot order. The search index reads the catalogue in the order this
 * index gives slots in (category, then price), so most hits come in slot order already: those
 * past the running largest slot are taken as they come, and the few others (products renamed or
 * added since the load) are sorted and merged in, one pass in memory order where a common word's
 * 400,000 hits were marked on a million slots and swept. Hits far out of order are put in order
 * afresh: a dense search's by a sweep over the slots, the others by a sort. Undefined when they
 * are all in order already.
 */
function slotOrder(listing: ListingColumns, hitSlots: Int32Array): Int32Array | undefined {
  const count = hitSlots.length;
  const inOrder = scratchInts(1, count);
  const rest: number[] = [];
  let taken = 0;
  let largest = -1;
  for (let h = 0; h < count; h++) {
    const slot = hitSlots[h] as number;
    if (slot > largest) {
      inOrder[taken++] = h;
      largest = slot;
    } else {
      rest.push(h);
      if (rest.length > count * OUT_OF_ORDER) break;
    }
  }
  // All in order already (a search of a catalogue no one renamed in since the load): as they are.
  if (rest.length === 0) return undefined;
  const order = scratchInts(2, count);
  if (rest.length <= count * OUT_OF_ORDER) {
    rest.sort((a, b) => (hitSlots[a] as number) - (hitSlots[b] as number));
    let a = 0;
    let b = 0;
    for (let at = 0; at < count; at++) {
      const fromRest =
        b < rest.length && (a >= taken || (hitSlots[rest[b] as number] as number) < (hitSlots[inOrder[a] as number] as number));
      order[at] = fromRest ? (rest[b++] as number) : (inOrder[a++] as number);
    }
    return order;
  }
  if (count >= listing.size * DENSE_HITS) {
    // Each slot marked with its hit, then the slots read in order (no sort of 40,000).
    if (hitOfSlot.length < listing.size) hitOfSlot = new Int32Array(Math.ceil(listing.size * 1.25));
    for (let h = 0; h < count; h++) hitOfSlot[hitSlots[h] as number] = h + 1;
    let at = 0;
    for (let slot = 0; slot < listing.size; slot++) {
      const marked = hitOfSlot[slot] as number;
      if (marked === 0) continue;
      hitOfSlot[slot] = 0;
      order[at++] = marked - 1;
    }
    return order;
  }
  // Each key packs a hit's slot above its place (hits number fewer than 2^22).
  const keys = Float64Array.from(hitSlots, (slot, h) => slot * 2 ** 22 + h).sort();
  for (let at = 0; at < count; at++) order[at] = (keys[at] as number) % 2 ** 22;
  return order;
}

/**
 * Scratch arrays for putting a search's hits in order, reused rather than allocated: a common
 * word's hits are 400,000 at 1,000,000 products, and arrays that size, allocated and dropped at
 * every search met afresh, had garbage collection take a fifth of the time.
 */
const scratchLists: Int32Array[] = [];
let scratchRanks = new Float32Array(0);

/** Scratch list `n`, at least `length` long, as a view of that length. */
function scratchInts(n: number, length: number): Int32Array {
  let list = scratchLists[n];
  if (!list || list.length < length) scratchLists[n] = list = new Int32Array(Math.ceil(length * 1.25));
  return list.subarray(0, length);
}

const NO_IDS = new Int32Array(0);

/** Whether the hits hold their product ids still (see SearchHits). */
const holdsIds = (match: SearchHits) => match.ids.length === match.ranks.length;

/** Products looked for up to which hits' ids are scanned for each (see hitPlaces). */
const FEW_PRODUCTS = 4;
/** Products looked for among hits, flagged by id while they are (see hitPlaces); all zeros between. */
let flagged = new Uint8Array(0);

/**
 * The places among a search's hits of those of the products that are among them. Once laid over
 * the listing, by each product's slot, bisected for among theirs; before, by their ids: a few
 * products looked for one by one, more in one pass with them flagged (a common word's hits asked
 * again after 2,000 renames elsewhere took 2,000 scans of its 400,000 ids, 300 ms, at 1,000,000
 * products). Hits laid over an earlier listing only (loaded afresh since) are read by their slots' ids.
 */
export function hitPlaces(listing: ListingColumns | undefined, match: SearchHits, productIds: readonly number[]): Map<number, number> {
  const places = new Map<number, number>();
  const laid = overlays.get(match);
  if (laid && listing && laid.listing === listing.number) {
    for (const id of productIds) {
      const slot = slotOf(listing, id);
      if (slot === undefined) continue;
      const place = placeOf(laid, slot);
      if (laid.slots[place] === slot) places.set(id, place);
    }
    return places;
  }
  if (holdsIds(match) && productIds.length <= FEW_PRODUCTS) {
    for (const id of productIds) {
      const place = match.ids.indexOf(id);
      if (place >= 0) places.set(id, place);
    }
    return places;
  }
  const largest = productIds.reduce((most, id) => Math.max(most, id), 0);
  if (flagged.length <= largest) flagged = new Uint8Array(Math.ceil((largest + 1) * 1.25));
  for (const id of productIds) flagged[id] = 1;
  const count = match.ranks.length;
  const idAt = holdsIds(match)
    ? (hit: number) => match.ids[hit] as number
    : (hit: number) => (laid as SearchOverlay).slotIds[(laid as SearchOverlay).slots[hit] as number] as number;
  for (let hit = 0; hit < count; hit++) {
    const id = idAt(hit);
    if (id < flagged.length && flagged[id] === 1) places.set(id, hit);
  }
  for (const id of productIds) flagged[id] = 0;
  return places;
}

export function overlay(listing: ListingColumns, match: SearchHits): SearchOverlay {
  const known = overlays.get(match);
  // Hits of the search index let go of their ids once laid over: their slots name them.
  const lettingGo = match.slotHints !== undefined;
  const made = (slots: Int32Array): SearchOverlay => {
    const search: SearchOverlay = {
      listing: listing.number,
      epoch: listing.epoch,
      slots,
      slotIds: listing.ids,
      ranks: match.ranks,
      passes: new Map(),
    };
    overlays.set(match, search);
    if (lettingGo) match.ids = NO_IDS;
    return search;
  };
  if (known && known.listing === listing.number) {
    // The listing grew since (a product new to it): the hits keep their slots (a slot keeps its
    // product), and their passes are made afresh.
    return known.epoch === listing.epoch ? known : made(known.slots);
  }
  // Another listing (loaded afresh): the hits are laid over it by their product ids.
  const keepsIds = holdsIds(match) && !lettingGo;
  const ids = holdsIds(match)
    ? match.ids
    : Int32Array.from((known as SearchOverlay).slots, (slot) => (known as SearchOverlay).slotIds[slot] as number);
  // Hits the listing does not have (not on sale) are dropped first.
  let hitSlots = scratchInts(0, ids.length);
  let found = 0;
  // Looked up by document where the search index gives them, in the order the hits come in
  // (mostly ascending), rather than by product id, all over the listing's id table: at 1,000,000
  // products the look-ups by id of a common word's 400,000 hits missed the processor's caches at
  // almost every one.
  const { docs, slotHints: hints } = match;
  if (hints && hints.listing !== listing.number) {
    hints.slots.fill(0);
    hints.listing = listing.number;
  }
  const hinted = docs && hints?.slots;
  for (let h = 0; h < ids.length; h++) {
    const doc = hinted ? ((docs as Int32Array)[h] as number) : 0;
    let slot = hinted ? (hinted[doc] as number) - 1 : -1;
    if (slot < 0) {
      slot = slotOf(listing, ids[h] as number) ?? -1;
      if (hinted && slot >= 0) hinted[doc] = slot + 1;
    }
    hitSlots[h] = slot;
    if (slot >= 0) found++;
  }
  // The hits' slots are known now: their documents are not needed again (a listing loaded afresh
  // lays them over by product id).
  match.docs = undefined;
  if (found < ids.length) {
    const keptIds = keepsIds ? new Int32Array(found) : NO_IDS;
    const ranks = new Float32Array(found);
    let at = 0;
    for (let h = 0; h < ids.length; h++) {
      const slot = hitSlots[h] as number;
      if (slot < 0) continue;
      hitSlots[at] = slot;
      if (keepsIds) keptIds[at] = ids[h] as number;
      ranks[at++] = match.ranks[h] as number;
    }
    match.ids = keptIds;
    match.ranks = ranks;
  }
  hitSlots = hitSlots.subarray(0, found);
  // The hits are put in slot order (their order means nothing to a search), so a pass over them
  // reads the columns in order. They take the new order, and their ranks serve the overlay too,
  // rather than a copy of 40,000: a rank the search brings up to date later is the overlay's too.
  // An overlay made before is never used again: it was for another listing or epoch, and
  // queries run one at a time.
  const order = slotOrder(listing, hitSlots);
  if (!order) return made(hitSlots.slice());
  const slots = new Int32Array(found);
  const orderedIds = scratchInts(3, found);
  if (scratchRanks.length < found) scratchRanks = new Float32Array(Math.ceil(found * 1.25));
  const ranks = scratchRanks.subarray(0, found);
  for (let at = 0; at < found; at++) {
    const h = order[at] as number;
    slots[at] = hitSlots[h] as number;
    if (keepsIds) orderedIds[at] = match.ids[h] as number;
    ranks[at] = match.ranks[h] as number;
  }
  match.ranks.set(ranks);
  if (keepsIds) match.ids.set(orderedIds);
  return made(slots);
}
