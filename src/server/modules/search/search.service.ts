import type { ProductList } from '#shared/schemas/catalog.ts';
import type { SearchQuery } from '#shared/schemas/catalog-query.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { SearchIndex } from './search-index.ts';
import { alternatives, queryWords } from './typo-tolerance.ts';

const VOCABULARY_TTL_MS = 60_000;
const WORD = /^[\p{L}\p{N}]+$/u;

export function createSearchService({ index, catalog }: { index: SearchIndex; catalog: CatalogService }) {
  let vocabulary: { terms: string[]; loadedAt: number } | undefined;

  async function sortedVocabulary(): Promise<string[]> {
    if (!vocabulary || Date.now() - vocabulary.loadedAt > VOCABULARY_TTL_MS) {
      const terms = (await index.vocabulary()).filter((term) => WORD.test(term));
      vocabulary = { terms: [...new Set(terms)].sort(), loadedAt: Date.now() };
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
