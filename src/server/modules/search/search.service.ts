import { LRUCache } from 'lru-cache';
import type { ProductList } from '#shared/schemas/catalog.ts';
import type { SearchQuery } from '#shared/schemas/catalog-query.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { SearchIndex, TermGroups } from './search-index.ts';
import { alternatives, queryWords } from './typo-tolerance.ts';

const VOCABULARY_TTL_MS = 60_000;
const WORD = /^[\p{L}\p{N}]+$/u;
/** Hits kept for repeated searches (other pages, sorts, filters), counted in product ids. */
const MAX_CACHED_HITS = 200_000;

export function createSearchService({ index, catalog }: { index: SearchIndex; catalog: CatalogService }) {
  // One load at a time: concurrent searches share the same in-flight read.
  let vocabulary: { terms: Promise<string[]>; loadedAt: number; refreshing: boolean } | undefined;
  const hitsByQuery = new LRUCache<string, Promise<Map<number, number>>>({
    maxSize: MAX_CACHED_HITS,
    // A pending match counts as one until it settles; then it is re-set with its real size.
    sizeCalculation: () => 1,
  });

  function loadVocabulary(): Promise<string[]> {
    return index.vocabulary().then((all) => [...new Set(all.filter((term) => WORD.test(term)))].sort());
  }

  function sortedVocabulary(): Promise<string[]> {
    if (!vocabulary) {
      const terms = loadVocabulary();
      vocabulary = { terms, loadedAt: Date.now(), refreshing: false };
      terms.catch(() => {
        vocabulary = undefined;
      });
    } else if (Date.now() - vocabulary.loadedAt > VOCABULARY_TTL_MS && !vocabulary.refreshing) {
      // Aged out, not invalidated: keep answering with the current words while new ones load.
      const current = vocabulary;
      current.refreshing = true;
      loadVocabulary().then(
        (terms) => {
          if (vocabulary === current) vocabulary = { terms: Promise.resolve(terms), loadedAt: Date.now(), refreshing: false };
        },
        () => {
          current.refreshing = false;
        },
      );
    }
    return vocabulary.terms;
  }

  // Finding a typo's alternatives scans the vocabulary; the answer holds until the vocabulary changes.
  const alternativesOf = new LRUCache<string, { terms: readonly string[]; alternatives: string[] }>({ max: 5000 });
  function cachedAlternatives(terms: readonly string[], word: string): string[] {
    const known = alternativesOf.get(word);
    if (known && known.terms === terms) return known.alternatives;
    const found = alternatives(terms, word);
    alternativesOf.set(word, { terms, alternatives: found });
    return found;
  }

  function hits(groups: TermGroups): Promise<Map<number, number>> {
    const key = JSON.stringify(groups);
    let found = hitsByQuery.get(key);
    if (!found) {
      const pending = index.match(groups);
      found = pending;
      hitsByQuery.set(key, pending);
      pending.then(
        (map) => {
          if (hitsByQuery.peek(key) === pending) hitsByQuery.set(key, pending, { size: Math.max(1, map.size) });
        },
        () => hitsByQuery.delete(key),
      );
    }
    return found;
  }

  return {
    /** Ranked, filtered, faceted results; the same shape as the product list. */
    async search(query: SearchQuery): Promise<ProductList> {
      const words = queryWords(query.q);
      if (words.length === 0) return catalog.list(query);
      const terms = await sortedVocabulary();
      const groups = words.map((word) => cachedAlternatives(terms, word));
      if (groups.some((group) => group.length === 0)) {
        return { items: [], total: 0, page: query.page, pageSize: query.pageSize, facets: [] };
      }
      return catalog.list(query, await hits(groups));
    },

    /**
     * Call after products change (other than stock) so new words become searchable with typos at
     * once and hits are matched again.
     */
    invalidate(): void {
      vocabulary = undefined;
      hitsByQuery.clear();
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
