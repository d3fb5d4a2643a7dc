import type { ListingQuery } from './listing-query.ts';

/** The home page's two shelves of eight: featured products, and the newest. */
export const HOME_SHELVES = {
  featured: { page: 1, pageSize: 8, sort: 'relevance', brand: [], featured: true },
  newest: { page: 1, pageSize: 8, sort: 'newest', brand: [] },
} as const satisfies Record<string, ListingQuery>;

/** A shelf's listing query (the page and the server's rendering ask for exactly this). */
export function shelfQuery(shelf: keyof typeof HOME_SHELVES): ListingQuery {
  return { ...HOME_SHELVES[shelf], brand: [] };
}
