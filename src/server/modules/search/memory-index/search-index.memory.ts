import { type CatalogChange, letRequestsThrough } from '#server/modules/catalog/catalog-changes.ts';
import { type SearchIndex, type TermGroups, WHOLE } from '../search-index.ts';
import { closeTerms, likeliest, MIN_LENGTH_FOR_TYPOS } from '../typo-tolerance.ts';
import { docOf, newCorpus } from './corpus.ts';
import { finishLoad, forget, index, type SearchableRow, weighCommonTerms } from './documents.ts';
import { match, newScratch, rankOf } from './match.ts';
import { canonical, commonWords, hasPrefix, products } from './vocabulary.ts';
import { LETTERS } from './words.ts';

/**
 * The documents and postings of one load of the catalogue (corpus.ts), changed product by product
 * after it, with what searches ask of them. A full load builds a new one beside the one answering
 * searches, and replaces it when done.
 */
function createDocuments(onNewWord: (word: string) => void) {
  const corpus = newCorpus(onNewWord);
  const scratch = newScratch();
  return {
    index: (row: SearchableRow, bulk: boolean) => index(corpus, row, bulk),
    forget: (productId: number) => forget(corpus, productId),
    match: (groups: TermGroups) => match(corpus, scratch, groups),
    rankOf: (groups: TermGroups, productId: number) => rankOf(corpus, groups, productId),
    hasPrefix: (word: string) => hasPrefix(corpus, word),
    canonical: (groups: TermGroups) => canonical(corpus, groups),
    finishLoad: () => finishLoad(corpus),
    weighCommonTerms: () => weighCommonTerms(corpus),
    has: (term: string) => corpus.terms.has(term),
    commonWords: (least: number) => commonWords(corpus, least),
    products: (word: string) => products(corpus, word),
    get removals() {
      return corpus.removals;
    },
    /** changes with every document added or forgotten (the corpus statistics ranks depend on) */
    get statistics() {
      return corpus.statistics;
    },
    /** documents in all, and those still in the catalogue (the rest wait to be dropped) */
    get documents() {
      return { all: corpus.docs, alive: corpus.aliveDocs };
    },
    docOf: (productId: number) => docOf(corpus, productId),
    get vocabulary() {
      return corpus.vocabulary;
    },
    get typoWords() {
      return corpus.typoWords;
    },
  };
}

/**
 * The storefront's search index, in memory: an inverted index of the words of every product on
 * sale, with BM25 ranking over name, brand and the rest, prefix matching, and the sorted
 * vocabulary typo tolerance needs. It is loaded once and then changed product by product from the
 * catalogue's change log; a product whose words change is indexed again as a new document and its
 * old postings are dropped the next time a search reads them.
 */
export function createMemorySearchIndex(
  loadAll: () => AsyncIterable<SearchableRow>,
  /** told of each product indexed afresh because its words changed (not of stock or price changes, nor of products leaving sale) */
  onWordsChanged: (row: SearchableRow) => void = () => {},
): SearchIndex & {
  apply(change: CatalogChange): Promise<void>;
  /**
   * The terms a query word stands for: itself as a prefix, or its likeliest reading (see
   * typo-tolerance), kept up to date as words are added. A `whole` word (any but a query's last)
   * stands for itself or its reading as whole words alone.
   */
  alternatives(word: string, whole?: boolean): string[];
  /** the groups in the fewest, shortest words that find the same products with the same ranks (a group finding nothing is empty) */
  canonical(groups: TermGroups): string[][];
  /** a product's rank for the groups now, as `match` would give it; undefined when they do not find it */
  score(groups: TermGroups, productId: number): number | undefined;
  /** documents added or forgotten so far: how far the corpus statistics ranks depend on have moved */
  readonly statistics: number;
  /** changes when the whole catalogue was read again: every search may find something else */
  readonly version: number;
  /** products indexed */
  readonly size: number;
  /** the words (letters alone) in at least `least` products, the commonest first */
  commonWords(least: number): string[];
  /** about how many products the word finds as a prefix (a product having several of its terms is counted for each) */
  products(word: string): number;
} {
  let version = 0;
  /** letter words added since the typo stand-ins in `standIns` were worked out, by version */
  let added: Array<{ version: number; term: string }> = [];
  const standIns = new Map<string, { version: number; removals: number; terms: string[] }>();
  const newWord = (term: string) => added.push({ version, term });
  let current = createDocuments(newWord);

  /** The indexed words within one edit of the word, or whose start is, remembered and kept up to date as words are added. */
  function closeWords(word: string): string[] {
    const known = standIns.get(word);
    let found: string[];
    const stillGood = known !== undefined && known.removals === current.removals;
    if (stillGood && (added.length === 0 || (added[0] as { version: number }).version > known.version)) {
      // Nothing added since, or more than is remembered: unchanged, or worked out afresh below.
      found = added.length === 0 ? known.terms : closeTerms(current.typoWords, word);
    } else if (stillGood) {
      // Only words added since are new candidates, taken in the vocabulary's order as a full scan would.
      const since = added.filter((entry) => entry.version >= known.version).map((entry) => entry.term);
      found = closeTerms([...new Set([...known.terms, ...since])].sort(), word);
    } else {
      found = closeTerms(current.typoWords, word);
    }
    if (standIns.size > 5_000) standIns.clear();
    standIns.set(word, { version, removals: current.removals, terms: found });
    return found;
  }

  function alternatives(word: string, whole = false): string[] {
    // How many products a term of the groups finds now (dead postings dropped): none, and it is no reading.
    const products = (term: string) => current.products(term);
    if (whole) {
      if (products(word + WHOLE) > 0) return [word + WHOLE];
      // Read afresh each time from the close words kept: edits move how many products have each.
      const close = word.length >= MIN_LENGTH_FOR_TYPOS && LETTERS.test(word) ? closeWords(word).filter(current.has) : [];
      const reading = likeliest(
        close,
        () => true,
        (term) => products(term + WHOLE),
      );
      // Not a word, nor a typo of one ("u2723", "thinkp"): taken as a prefix after all.
      return reading === undefined ? alternatives(word) : [reading + WHOLE];
    }
    if (current.hasPrefix(word)) return [word];
    if (word.length < MIN_LENGTH_FOR_TYPOS || !LETTERS.test(word)) return [];
    const reading = likeliest(closeWords(word), current.has, products);
    return reading === undefined ? [] : [reading];
  }

  return {
    async match(groups) {
      return current.match(groups);
    },
    async vocabulary() {
      return current.vocabulary;
    },
    alternatives,
    canonical: (groups) => current.canonical(groups),
    score: (groups, productId) => current.rankOf(groups, productId),
    get statistics() {
      return current.statistics;
    },
    get version() {
      return version;
    },
    get size() {
      return current.documents.alive;
    },
    commonWords: (least) => current.commonWords(least),
    products: (word) => current.products(word),

    async apply(change) {
      // Documents replaced by edits are dropped lazily; once they outnumber the live ones, load afresh.
      const { all, alive } = current.documents;
      if (change.all || (all > 10_000 && all - alive > alive)) {
        // Built beside the current documents, which keep answering searches until it is done.
        const next = createDocuments(newWord);
        let rows = 0;
        for await (const row of loadAll()) {
          next.index(row, true);
          if (++rows % 2_000 === 0) await letRequestsThrough();
        }
        next.finishLoad();
        await next.weighCommonTerms();
        current = next;
        added = [];
        standIns.clear();
        version++;
        return;
      }
      if (change.all) return;
      // A product leaving sale is left out of every search by the listing index, which a search's
      // hits pass through; only a product whose words changed may be found by other searches now.
      const onSale = new Set(change.products.map((row) => row.id));
      for (const id of change.productIds) if (!onSale.has(id)) current.forget(id);
      for (const row of change.products) {
        const doc = current.docOf(row.id);
        current.index(row, false);
        if (current.docOf(row.id) !== doc) onWordsChanged(row);
      }
      // Stand-ins worked out before the oldest remembered addition are worked out afresh.
      if (added.length > 10_000) added = added.slice(-5_000);
    },
  };
}
