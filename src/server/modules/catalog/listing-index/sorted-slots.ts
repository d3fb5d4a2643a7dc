import type { ListingRow } from '../catalog-feed.repository.ts';
import { createdTime, featuredBefore, type ListingColumns, ratingColumns } from './listing-columns.ts';

/** The sorts shoppers choose, and `slot`: the order of the columns, which a pass over them reads fastest in. */
export type StoredSort = 'slot' | 'price_asc' | 'price_desc' | 'newest' | 'featured' | 'rating';
export const STORED_SORTS: readonly StoredSort[] = ['slot', 'price_asc', 'price_desc', 'newest', 'featured', 'rating'];

/**
 * Slots of products on sale in one stored order, kept sorted as they change: a change moves its
 * product by bisection and one block copy. Ties are broken by id, so every slot has one place.
 */
export function sortedSlots(compare: (a: number, b: number) => number) {
  let slots = new Int32Array(1024);
  let length = 0;
  /** the first place whose slot does not sort before `slot` */
  const placeOf = (slot: number) => {
    let low = 0;
    let high = length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(slots[middle] as number, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    get slots() {
      return slots;
    },
    get length() {
      return length;
    },
    compare,
    /** All slots at once (a full load). */
    fill(all: Int32Array): void {
      slots = new Int32Array(Math.max(1024, all.length * 2));
      slots.set(all.sort(compare));
      length = all.length;
    },
    insert(slot: number): void {
      if (length === slots.length) {
        const larger = new Int32Array(slots.length * 2);
        larger.set(slots);
        slots = larger;
      }
      const at = placeOf(slot);
      slots.copyWithin(at + 1, at, length);
      slots[at] = slot;
      length++;
    },
    /** Call while the slot's columns still hold the values it was sorted by. */
    remove(slot: number): void {
      const at = placeOf(slot);
      if (slots[at] !== slot) throw new Error(`Slot ${slot} is not where its values place it`);
      slots.copyWithin(at, at + 1, length);
      length--;
    },
  };
}
export type SortedSlots = ReturnType<typeof sortedSlots>;
export type Orders = Record<StoredSort, SortedSlots>;

/** The products on sale in each stored order, of every product and of narrower scopes. */
export interface ListingOrders {
  /** slots on sale in each stored order: of every product, and of each category's (by category code) */
  orders: Orders;
  ordersByCategory: Orders[];
  /** the same of each brand's products, in every category (scope -1) or one: see brandOrders */
  ordersByBrand: Map<number, Orders>;
  newOrders: () => Orders;
}

/** Makes empty stored orders of the listing's columns. Each order reads the columns at compare time, so it sees them however often they grow. */
export function ordersOf(listing: ListingColumns): () => Orders {
  const { price, created, ids } = {
    price: (slot: number) => listing.price[slot] as number,
    created: (slot: number) => listing.created[slot] as number,
    ids: (slot: number) => listing.ids[slot] as number,
  };
  const rating = (slot: number) => listing.rating[slot] as number;
  const ratings = (slot: number) => listing.ratings[slot] as number;
  const newestId = (a: number, b: number) => ids(b) - ids(a);
  return (): Orders => ({
    slot: sortedSlots((a, b) => a - b),
    price_asc: sortedSlots((a, b) => price(a) - price(b) || newestId(a, b)),
    price_desc: sortedSlots((a, b) => price(b) - price(a) || newestId(a, b)),
    newest: sortedSlots((a, b) => created(b) - created(a) || newestId(a, b)),
    featured: sortedSlots((a, b) => featuredBefore(listing, a, b)),
    // Best rated first, the more rated of two alike first; unrated products last.
    rating: sortedSlots((a, b) => rating(b) - rating(a) || ratings(b) - ratings(a) || newestId(a, b)),
  });
}

/** A brand's products in stored orders, of every category (`categoryCode` -1) or of one; made when first asked for. */
export function brandOrders(listing: ListingOrders, categoryCode: number, brand: number): Orders {
  const key = (categoryCode + 1) * 65_536 + brand;
  let orders = listing.ordersByBrand.get(key);
  if (!orders) listing.ordersByBrand.set(key, (orders = listing.newOrders()));
  return orders;
}

/** The stored orders a change of these columns moves a product in. */
export function ordersMoved(listing: ListingColumns, slot: number, row: ListingRow): StoredSort[] {
  const moved: StoredSort[] = [];
  const [rating, ratings] = ratingColumns(row);
  if (listing.rating[slot] !== rating || listing.ratings[slot] !== ratings) moved.push('rating');
  if (listing.price[slot] !== Number(row.price)) moved.push('price_asc', 'price_desc');
  const created = createdTime(row.created_at);
  if (listing.created[slot] !== created) moved.push('newest', 'featured');
  else if (listing.featured[slot] !== row.featured) moved.push('featured');
  return moved;
}

/** Takes a slot out of, or puts it into, the given orders of every product, of its category, and of its brand's in both. */
export function move(
  listing: ListingColumns & ListingOrders,
  slot: number,
  sorts: readonly StoredSort[],
  action: 'remove' | 'insert',
): void {
  const categoryCode = listing.category[slot] as number;
  const brand = listing.brand[slot] as number;
  const scopes = [
    listing.orders,
    listing.ordersByCategory[categoryCode] as Orders,
    brandOrders(listing, -1, brand),
    brandOrders(listing, categoryCode, brand),
  ];
  for (const sort of sorts) for (const orders of scopes) orders[sort][action](slot);
}
