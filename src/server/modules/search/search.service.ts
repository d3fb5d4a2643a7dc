import type { ProductList } from '#shared/schemas/catalog.ts';
import type { SearchQuery } from '#shared/schemas/catalog-query.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { SearchIndex } from './search-index.ts';
import { alternatives, queryWords } from './typo-tolerance.ts';

const VOCABULARY_TTL_MS = 60_000;
const WORD = /^[\p{L}\p{N}]+$/u;

export function createSearchService({ index, catalog }: { index: SearchIndex; catalog: CatalogService }) {
  // One load at a time: concurrent searches after expiry share the same in-flight read.
  let vocabulary: { terms: Promise<string[]>; loadedAt: number } | undefined;

  function sortedVocabulary(): Promise<string[]> {
    if (!vocabulary || Date.now() - vocabulary.loadedAt > VOCABULARY_TTL_MS) {
      const terms = index.vocabulary().then((all) => [...new Set(all.filter((term) => WORD.test(term)))].sort());
      vocabulary = { terms, loadedAt: Date.now() };
      terms.catch(() => {
        vocabulary = undefined;
      });
    }
    return vocabulary.terms;
  }

  return {
    /** Ranked, filtered, faceted results; the same shape as the product list. */
    async search(query: SearchQuery): Promise<ProductList> {
      const words = queryWords(query.q);
      if (words.length === 0) return catalog.list(query);
      const terms = await sortedVocabulary();
      const groups = words.map((word) => alternatives(terms, word));
      if (groups.some((group) => group.length === 0)) {
        return { items: [], total: 0, page: query.page, pageSize: query.pageSize, facets: [] };
      }
      return catalog.list(query, index.match(groups));
    },

    /** Call after products change so new words become searchable with typos at once. */
    invalidate(): void {
      vocabulary = undefined;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
