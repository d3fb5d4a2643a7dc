import { savedEntries, storedList } from '#web/lib/stored-list.ts';

/** How many products the shopper opened last are remembered. */
export const RECENTLY_VIEWED_MAX = 12;

/** The product just opened goes first; a product seen before moves up rather than repeating. */
export function recordView(ids: readonly number[], id: number): number[] {
  return [id, ...ids.filter((seen) => seen !== id)].slice(0, RECENTLY_VIEWED_MAX);
}

/** The saved list (ids, newest first): anything that is not a product id, or a repeat, is dropped; corrupt data reads as none. */
export function parseRecentlyViewed(raw: string | null): number[] {
  const ids = savedEntries(raw).filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0);
  return [...new Set(ids)].slice(0, RECENTLY_VIEWED_MAX);
}

/** Kept in this browser only (ids only: products are fetched afresh, so prices are today's). */
export const recentlyViewed = storedList('cb.recently-viewed', parseRecentlyViewed);

/** Remembers that the shopper opened this product. */
export function rememberView(id: number): void {
  recentlyViewed.update((ids) => recordView(ids, id));
}

/** Forgets one product (it is no longer on sale), or all of them. */
export function forgetViewed(id?: number): void {
  recentlyViewed.update((ids) => (id === undefined ? [] : ids.filter((seen) => seen !== id)));
}
