import { LRUCache } from 'lru-cache';
import { isCategory } from '#shared/categories.ts';
import { understandQuery } from '#shared/query-understanding.ts';
import { type SearchQuery, SearchQuerySchema } from '#shared/schemas/catalog-query.ts';
import type { ProductList, SearchSuggestions } from '#shared/schemas/catalog.ts';
import { letRequestsThrough } from '#server/modules/catalog/catalog-changes.ts';
import type { CatalogService, ListOptions } from '#server/modules/catalog/catalog.service.ts';
import type { SearchHits } from '#server/modules/catalog/listing-index/listing-query.ts';
import { LARGE_CATALOGUE } from '#server/worker-memory.ts';
import { createMemorySearchIndex } from './memory-index/search-index.memory.ts';
import { words } from './memory-index/words.ts';
import { type TermGroups, termMatches } from './search-index.ts';
import { queryWords } from './typo-tolerance.ts';

/**
 * Hits kept for repeated searches (other pages, sorts, filters), counted in product ids, per
 * product indexed: about 8 bytes each once laid over the listing (rank, and the listing index's
 * slot in its overlay of them; the id and search document are let go then), so some 40 MB at
 * 100,000 products with 50 a product (128 MB with 80 before 26 November, with both). A common word finds some 40 % of
 * the products. Random searches over 100,000 products with 2 edits a second, one worker: at
 * 4,000,000 ids one in nine was found afresh (0.33 ms of server time a search), at 8,000,000 one
 * in twenty, almost only those never asked before (0.30 ms), and 16,000,000 bought nothing more.
 * Half as many (40 a product) saved a worker some 40-60 MB at 100,000 products, but product
 * pages fell from 26,700-29,200 a second to 16,900-19,700 in the benchmark (26 November), and at
 * 1,000,000 products search from 3,197 a second (p99 121 ms) to 1,679 (p99 374 ms). 60 a product
 * (the default since 26 November, 08:00) is kept past LARGE_CATALOGUE products, where workers are
 * given memory by the catalogue's size; up to it, where a worker is held to 512 MB, 50 (26
 * November, night): in the benchmark at 100,000 products a worker's peak was 503 MB against
 * 512-523 with 60, search as fast (5,844 a second against 5,984-6,152). `SEARCH_HITS_PER_PRODUCT`
 * sets one number for every size: see the README's "Memory".
 */
function hitsPerProductFor(products: number): number {
  return products <= LARGE_CATALOGUE ? 50 : 60;
}

/** The room for kept hits in a catalogue of up to 100,000 products (see roomForCatalogue). */
const MIN_CACHED_PRODUCTS = 100_000;
/**
 * How far the corpus may move (documents added or forgotten, as a share of those indexed) before
 * kept hits are found afresh: their ranks were worked out with the corpus statistics of their
 * time, which edits elsewhere move by a hair. Each entry draws its own share between this and
 * twice it, so that kept hits do not all go stale at the same moment. At 2 edits a second, half
 * of them renames, 1 % is some 8 minutes at 100,000 products and over an hour at 1,000,000. (A
 * product whose own words changed and which the query still finds has its rank worked out again
 * at once: see `stillGood`.)
 */
const STALE_STATISTICS = 1 / 100;
/** Products whose words changed, remembered to check kept hits against; hits older than them all are found afresh. */
const CHANGES_KEPT = 2_000;

/**
 * Words found in at least this share of the products are searched for before a worker takes
 * requests (see `warm`): met afresh, one cost 10-90 ms at 1,000,000 products, and the connections
 * queued behind it waited as long.
 */
const COMMON_WORD_SHARE = 1 / 32;
/** How long a worker spends at most on them, and the share of the kept hits they may fill. */
const WARM_MS = 60_000;
const WARM_HITS_SHARE = 3 / 4;

/** Products, and brands and categories, the search box suggests at most. */
const SUGGESTED_PRODUCTS = 6;
const SUGGESTED_GROUPS = 3;

/** A query's hits, kept: see `hits`. */
interface KeptHits {
  /** the search index's load they were found in */
  version: number;
  /** the change (of `sequence`) they were last checked up to */
  checked: number;
  /** the corpus statistics they were ranked with, and how far those may move before they are found afresh */
  statistics: number;
  staleAt: number;
  hits: SearchHits;
}

/** Whether a product with these words is found by the groups: each group has a term that matches one of them. */
function finds(groups: TermGroups, productWords: readonly string[]): boolean {
  return groups.every((group) => group.some((term) => productWords.some((word) => termMatches(term, word))));
}

/**
 * Search over the in-memory index (search-index.memory.ts), which the catalogue's change feed keeps
 * up to date product by product, after the listing index: a search's hits are then filtered,
 * sorted, paged and counted by the listing index like any listing.
 */
export function createSearchService({ catalog, hitsPerProduct }: { catalog: CatalogService; hitsPerProduct?: number | undefined }) {
  const perProduct = (products: number) => hitsPerProduct ?? hitsPerProductFor(products);
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
  // A product found before and after takes its rank of now; the others keep theirs, ranked with the
  // corpus statistics of their time, until the corpus moved by STALE_STATISTICS. A seller's every
  // edit of a common word's product would otherwise have the word's 40,000 hits found again.
  const keptHits = (maxSize: number) =>
    new LRUCache<string, KeptHits>({
      maxSize,
      sizeCalculation: (entry) => Math.max(1, entry.hits.ranks.length),
    });
  const minCachedHits = Math.max(1, MIN_CACHED_PRODUCTS * perProduct(MIN_CACHED_PRODUCTS));
  let hitsByQuery = keptHits(minCachedHits);
  /** Room for the kept hits a product is given: made larger (and emptied) when the catalogue has outgrown it by half. */
  function roomForCatalogue(): void {
    const wanted = Math.max(minCachedHits, index.size * perProduct(index.size));
    if (wanted >= hitsByQuery.maxSize * 1.5) hitsByQuery = keptHits(wanted);
  }

  /**
   * Whether kept hits of `groups`, checked up to change `checked`, still find the same products
   * after every later change; a product among them whose words changed takes its rank of now
   * (the listing index's kept passes see the product changed and drop the pages it may move).
   */
  function stillGood(groups: TermGroups, kept: KeptHits): boolean {
    if (index.statistics - kept.statistics > index.size * kept.staleAt) return false;
    const unchecked = sequence - kept.checked;
    if (unchecked === 0) return true;
    if (unchecked > changes.length) return false;
    const since = changes.slice(changes.length - unchecked);
    const places = catalog.hitPlaces(
      kept.hits,
      since.map(({ id }) => id),
    );
    for (const change of since) {
      const hit = places.get(change.id) ?? -1;
      if (hit >= 0 !== finds(groups, change.words)) return false;
      if (hit < 0) continue;
      const rank = index.score(groups, change.id);
      if (rank === undefined) return false;
      kept.hits.ranks[hit] = rank;
    }
    kept.checked = sequence;
    return true;
  }

  async function hits(groups: TermGroups): Promise<SearchHits> {
    const key = JSON.stringify(groups);
    const known = hitsByQuery.get(key);
    if (known && known.version === index.version && stillGood(groups, known)) return known.hits;
    const checked = sequence;
    const statistics = index.statistics;
    const found = await index.match(groups);
    roomForCatalogue();
    hitsByQuery.set(key, { version: index.version, checked, statistics, staleAt: STALE_STATISTICS * (1 + Math.random()), hits: found });
    return found;
  }

  /** A search's answer as `render` writes a listing: the products a query's words find, or every product without words. */
  async function found<T>(query: SearchQuery, render: (hits?: SearchHits, options?: ListOptions) => Promise<T>, none: () => T): Promise<T> {
    const words = queryWords(query.q);
    if (words.length === 0) return render();
    await catalog.fresh();
    // Kept hits are keyed by the words as the index finds them, so that "lenov", "lenovo" and "lenvo"
    // share theirs: a common word's typos and prefixes are not each found afresh. Only the last
    // word is a prefix, the one still being typed (as Algolia's and Meilisearch's defaults have
    // it): "pro gaming" is about "pro", not "processor" and "professional", and a short word
    // before another no longer stands for every term it starts.
    const groups = index.canonical(words.map((word, at) => index.alternatives(word, at < words.length - 1)));
    if (groups.some((group) => group.length === 0)) return none();
    return render(await hits(groups), { waited: true });
  }

  /**
   * The query with what its words say as filters ("16gb ram laptop under 80000": RAM, price,
   * category) taken out of them and set, where the query does not set those filters itself.
   */
  function understood(query: SearchQuery): SearchQuery {
    const found = understandQuery(query.q);
    if (found.understood.length === 0) return query;
    return {
      ...query,
      q: found.q,
      category: query.category ?? found.category,
      ram: query.ram.length > 0 ? query.ram : found.ram,
      storage: query.storage.length > 0 ? query.storage : found.storage,
      screenSize: query.screenSize.length > 0 ? query.screenSize : found.screenSize,
      minPrice: query.minPrice ?? found.minPrice,
      maxPrice: query.maxPrice ?? found.maxPrice,
    };
  }

  const nothing = (query: SearchQuery): ProductList => ({ items: [], total: 0, page: query.page, pageSize: query.pageSize, facets: [] });

  return {
    /**
     * Searches each common word (the commonest first) as a shopper's first search for it would,
     * so that its hits, and the catalogue-wide pass over them, are kept before the first request:
     * until the time or the share of the kept hits allowed runs out. What it did, for the log.
     */
    async warm(ms = WARM_MS): Promise<{ words: number; hits: number; ms: number }> {
      const started = performance.now();
      await catalog.fresh();
      roomForCatalogue();
      const least = Math.max(1, Math.ceil(index.size * COMMON_WORD_SHARE));
      const common = index.commonWords(least);
      // Then the starts a shopper still typing, or one who left a letter out, sends as the last
      // word: every two-character start found as often (letters or digits: "ge", "16" stand for
      // dozens of terms, and met afresh took 60-175 ms at 1,000,000 products), then the common
      // words' three-letter starts ("por").
      const twoCharacters = [...new Set((await index.vocabulary()).filter((term) => term.length >= 2).map((term) => term.slice(0, 2)))];
      const short = twoCharacters.map((start) => ({ start, products: index.products(start) })).filter(({ products }) => products >= least);
      short.sort((a, b) => b.products - a.products);
      const starts = [...new Set([...short.map(({ start }) => start), ...common.map((word) => word.slice(0, 3))])].filter(
        (start) => !common.includes(start),
      );
      let searched = 0;
      for (const word of [...common, ...starts]) {
        if (performance.now() - started > ms || hitsByQuery.calculatedSize > hitsByQuery.maxSize * WARM_HITS_SHARE) break;
        const query = SearchQuerySchema.parse({ q: word });
        await found(
          query,
          (matched, options) => catalog.listJson(query, matched, options),
          () => undefined,
        );
        searched++;
        await letRequestsThrough();
      }
      return { words: searched, hits: hitsByQuery.calculatedSize, ms: Math.round(performance.now() - started) };
    },

    /** Ranked, filtered, faceted results; the same shape as the product list. What the words say as filters is applied as filters. */
    search(asked: SearchQuery): Promise<ProductList> {
      const query = understood(asked);
      return found(
        query,
        (matched, options) => catalog.list(query, matched, options),
        () => nothing(query),
      );
    },

    /**
     * What the search box offers while a shopper types: the best 6 products the words find (the
     * last word a prefix, typos tolerated), and the brands and categories with most of them.
     */
    async suggestions(q: string): Promise<SearchSuggestions> {
      const words = q.trim();
      if (queryWords(words).length === 0) return { q: words, products: [], brands: [], categories: [] };
      const found = await this.search(SearchQuerySchema.parse({ q: words, pageSize: String(SUGGESTED_PRODUCTS) }));
      const facet = (key: string) =>
        (found.facets.find((entry) => entry.key === key)?.values ?? []).filter(({ count }) => count > 0).sort((a, b) => b.count - a.count);
      return {
        q: words,
        products: found.items.map(({ id, name, brand, category, price, images }) => ({
          id,
          name,
          brand,
          category,
          price,
          image: images[0] ?? null,
        })),
        brands: facet('brand')
          .slice(0, SUGGESTED_GROUPS)
          .map(({ value, count }) => ({ name: value, count })),
        categories: facet('category')
          .slice(0, SUGGESTED_GROUPS)
          .flatMap(({ value, count }) => (isCategory(value) ? [{ category: value, count }] : [])),
      };
    },

    /** The same as `search`, as the JSON the API answers with (UTF-8; see catalog.listJson). */
    searchJson(asked: SearchQuery): Promise<Buffer> {
      const query = understood(asked);
      return found(
        query,
        (matched, options) => catalog.listJson(query, matched, options),
        () => Buffer.from(JSON.stringify(nothing(query))),
      );
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
