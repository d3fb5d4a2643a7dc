/** The listing index with its own change feed, and the helpers its tests compare answers with. */

import type { Sort } from '#shared/schemas/catalog.ts';
import { createChangeFeed } from '#server/modules/catalog/catalog-changes.ts';
import { createCatalogIndex } from '#server/modules/catalog/listing-index/catalog-index.ts';
import type { IndexFilter, IndexResult } from '#server/modules/catalog/listing-index/listing-query.ts';
import type { TestApp } from '#server/testing/build-app.ts';

/** An index kept by its own change feed, as each process keeps one. */
export function indexWithFeed(
  t: TestApp,
  pollMs = 0,
  reloadAbove?: number,
  marginMs?: number,
  log: (error: unknown) => void = (error) => console.error(error),
) {
  const feed = createChangeFeed(t.database.db, { pollMs, reloadAbove, marginMs, log });
  const index = createCatalogIndex(t.database.db, t.services.delivery.place);
  const deliveries: Array<{ all: boolean; products: number }> = [];
  feed.listen(async (change) => {
    await index.apply(change);
    deliveries.push({ all: change.all, products: change.all ? 0 : change.productIds.length });
  });
  return { feed, index, deliveries };
}

/** A pseudo-random sequence that is the same on every run. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export const everything: IndexFilter = { brands: [], attributes: {} };

/**
 * An answer with its facet rows in one order: an index numbers spec values in the order it first
 * met them, which depends on the order it read the products in (the service sorts them anyway).
 */
export function canonical(result: IndexResult): IndexResult {
  const byValue = <T extends { value: string }>(rows: T[]) =>
    [...rows].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return {
    ...result,
    categories: byValue(result.categories),
    attributes: byValue(result.attributes).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  };
}
export const SORTS: Sort[] = ['relevance', 'price_asc', 'price_desc', 'newest'];
