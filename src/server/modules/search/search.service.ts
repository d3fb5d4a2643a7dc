import { LRUCache } from 'lru-cache';
import type { ProductList } from '#shared/schemas/catalog.ts';
import type { SearchQuery } from '#shared/schemas/catalog-query.ts';
import type { SearchHits } from '#server/modules/catalog/catalog-index.ts';
import type { CatalogService, ListOptions } from '#server/modules/catalog/catalog.service.ts';
import type { TermGroups } from './search-index.ts';
import { createMemorySearchIndex, words } from './search-index.memory.ts';
import { queryWords } from './typo-tolerance.ts';

/**
 * Hits kept for repeated searches (other pages, sorts, filters), counted in product ids, per
 * product indexed: about 12 bytes each with the listing index's overlay of them, so some 96 MB at
 * 100,000 products. A common word finds some 40 % of the products. Random searches over 100,000
 * products with 2 edits a second, one worker: at 4,000,000 ids one in nine was found afresh (0.33
 * ms of server time a search), at 8,000,000 one in twenty, almost only those never asked before
 * (0.30 ms), and 16,000,000 bought nothing more. At 1,000,000 products 8,000,000 held some twenty
 * common words' hits, and most searches found theirs afresh (168 a second).
 */
const CACHED_HITS_PER_PRODUCT = 80;
const MIN_CACHED_HITS = 8_000_000;
/**
 * How long kept hits are used at most. Which products a search finds is kept exact (see `hits`);
 * their ranks were worked out with the corpus statistics of their time, which edits elsewhere move
 * by a hair, and with the words of their time of a product edited since and still found: this
 * bounds both.
 */
const HITS_MAX_AGE_MS = 30_000;
/** Products whose words changed, remembered to check kept hits against; hits older than them all are found afresh. */
const CHANGES_KEPT = 2_000;

/** Whether a product with these words is found by the groups: each group has a term that starts one of them. */
function finds(groups: TermGroups, productWords: readonly string[]): boolean {
  return groups.every((group) => group.some((term) => productWords.some((word) => word.startsWith(term))));
}

/**
 * Search over the in-memory index (search-index.memory.ts), which the catalogue's change feed keeps
 * up to date product by product, after the listing index: a search's hits are then filtered,
 * sorted, paged and counted by the listing index like any listing.
 */
export function createSearchService({ catalog }: { catalog: CatalogService }) {
  /** Products whose words changed, in order (`sequence` counts them all). */
  let changes: Array<{ id: number; words: string[] }> = [];
  let sequence = 0;
  const index = createMemorySearchIndex(catalog.searchableRows, (row) => {
    changes.push({ id: row.id, words: words(`${row.name} ${row.brand} ${row.search_text}`) });
    sequence++;
    if (changes.length > CHANGES_KEPT * 2) changes = changes.slice(-CHANGES_KEPT);
  });
  catalog.listen((change) => index.apply(change));

  // Hits of a query, invalidated by product rather than by any edit: they stay good until a product
  // whose words changed is found by the query now and was not among them, or was and is not found
  // now (stock and prices never matter: the listing index filters and sorts hits as they are now).
  // A product found before and after keeps the rank it had, as ranks keep the corpus statistics of
  // their time: for HITS_MAX_AGE_MS at most. A seller's every edit of a common word's product
  // would otherwise have the word's 40,000 hits found again.
  const keptHits = (maxSize: number) =>
    new LRUCache<string, { version: number; checked: number; hits: SearchHits }>({
      maxSize,
      sizeCalculation: (entry) => Math.max(1, entry.hits.ids.length),
      ttl: HITS_MAX_AGE_MS,
    });
  let hitsByQuery = keptHits(MIN_CACHED_HITS);
  /** Room for CACHED_HITS_PER_PRODUCT per product: made larger (and emptied) when the catalogue has outgrown it by half. */
  function roomForCatalogue(): void {
    const wanted = Math.max(MIN_CACHED_HITS, index.size * CACHED_HITS_PER_PRODUCT);
    if (wanted >= hitsByQuery.maxSize * 1.5) hitsByQuery = keptHits(wanted);
  }

  /** Whether kept hits of `groups`, checked up to change `checked`, still find the same products after every later change. */
  function stillGood(groups: TermGroups, kept: { checked: number; hits: SearchHits }): boolean {
    const unchecked = sequence - kept.checked;
    if (unchecked > changes.length) return false;
    for (let at = changes.length - unchecked; at < changes.length; at++) {
      const change = changes[at] as { id: number; words: string[] };
      if (kept.hits.ids.includes(change.id) !== finds(groups, change.words)) return false;
    }
    kept.checked = sequence;
    return true;
  }

  async function hits(groups: TermGroups): Promise<SearchHits> {
    const key = JSON.stringify(groups);
    const known = hitsByQuery.get(key);
    if (known && known.version === index.version && stillGood(groups, known)) return known.hits;
    const checked = sequence;
    const found = await index.match(groups);
    roomForCatalogue();
    hitsByQuery.set(key, { version: index.version, checked, hits: found });
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
