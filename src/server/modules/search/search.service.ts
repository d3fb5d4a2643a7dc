import { LRUCache } from 'lru-cache';
import type { ProductList } from '#shared/schemas/catalog.ts';
import type { SearchQuery } from '#shared/schemas/catalog-query.ts';
import type { SearchHits } from '#server/modules/catalog/catalog-index.ts';
import type { CatalogService, ListOptions } from '#server/modules/catalog/catalog.service.ts';
import type { TermGroups } from './search-index.ts';
import { createMemorySearchIndex } from './search-index.memory.ts';
import { queryWords } from './typo-tolerance.ts';

/** Hits kept for repeated searches (other pages, sorts, filters), counted in product ids. */
const MAX_CACHED_HITS = 200_000;

/**
 * Search over the in-memory index (search-index.memory.ts), which the catalogue's change feed keeps
 * up to date product by product, after the listing index: a search's hits are then filtered,
 * sorted, paged and counted by the listing index like any listing.
 */
export function createSearchService({ catalog }: { catalog: CatalogService }) {
  const index = createMemorySearchIndex(catalog.searchableRows);
  catalog.listen((change) => index.apply(change));

  // Hits of a query stay good until the index changes in a way a search can see (words, not stock).
  const hitsByQuery = new LRUCache<string, { version: number; hits: SearchHits }>({
    maxSize: MAX_CACHED_HITS,
    sizeCalculation: (entry) => Math.max(1, entry.hits.ids.length),
  });

  async function hits(groups: TermGroups): Promise<SearchHits> {
    const key = JSON.stringify(groups);
    const known = hitsByQuery.get(key);
    if (known && known.version === index.version) return known.hits;
    const found = await index.match(groups);
    hitsByQuery.set(key, { version: index.version, hits: found });
    return found;
  }

  /** A search's answer as `render` writes a listing: the products a query's words find, or every product without words. */
  async function found<T>(query: SearchQuery, render: (hits?: SearchHits, options?: ListOptions) => Promise<T>, none: () => T): Promise<T> {
    const words = queryWords(query.q);
    if (words.length === 0) return render();
    await catalog.fresh();
    const groups = words.map((word) => index.alternatives(word));
    if (groups.some((group) => group.length === 0)) return none();
    return render(await hits(groups), { waited: true });
  }

  const nothing = (query: SearchQuery): ProductList => ({ items: [], total: 0, page: query.page, pageSize: query.pageSize, facets: [] });

  return {
    /** Ranked, filtered, faceted results; the same shape as the product list. */
    search: (query: SearchQuery): Promise<ProductList> =>
      found(query, (matched, options) => catalog.list(query, matched, options), () => nothing(query)),

    /** The same as `search`, as the JSON the API answers with (see catalog.listJson). */
    searchJson: (query: SearchQuery): Promise<string> =>
      found(query, (matched, options) => catalog.listJson(query, matched, options), () => JSON.stringify(nothing(query))),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
