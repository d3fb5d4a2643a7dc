import type { SlotHints } from '#server/modules/catalog/listing-index/listing-query.ts';
import type { Postings } from './postings.ts';

/**
 * One load of the catalogue's documents and terms, changed product by product after it. A full
 * load builds a new one beside the one answering searches, and replaces it when done. A product
 * is one document while its words stay the same; indexed again, it is a new document and the old
 * one is forgotten (`alive` 0) until the postings that name it are cleared.
 */
export interface Corpus {
  /** terms dropped since the load: typo stand-ins worked out before one was dropped are worked out again */
  removals: number;
  /** documents forgotten so far (see live) */
  forgotten: number;
  /** by document: its product, whether it is alive, its fields' lengths in words, its text's hash */
  productOf: Int32Array;
  alive: Uint8Array;
  lengths: Uint16Array[];
  textHash: Uint32Array;
  /** the listing's slot of each document, as the listing index last worked it out (see SlotHints) */
  slotHints: SlotHints;
  /** documents in all, and those alive */
  docs: number;
  aliveDocs: number;
  /** changes with every document added or forgotten: the corpus statistics BM25 weights depend on */
  statistics: number;
  /** each field's length in words, summed over the live documents */
  totalLength: number[];
  /** product id → its live document + 1 (0: none); ids are dense, so an array beats a map (3 MB at 100,000 products) */
  docsById: Int32Array;
  terms: Map<string, Postings>;
  /** every term, sorted */
  vocabulary: string[];
  /**
   * The vocabulary's words of letters alone, which typos are looked for among. Model numbers and
   * sizes ("x1", "i7", "16gb", "u2723qe") are found by prefix but not by a near miss: there are
   * tens of thousands of them, and a digit off is another product, not a typo.
   */
  typoWords: string[];
  /** told of each word of letters new to the vocabulary after the load */
  onNewWord: (word: string) => void;
}

export function newCorpus(onNewWord: (word: string) => void): Corpus {
  return {
    removals: 0,
    forgotten: 0,
    productOf: new Int32Array(1024),
    alive: new Uint8Array(1024),
    lengths: [new Uint16Array(1024), new Uint16Array(1024), new Uint16Array(1024)],
    textHash: new Uint32Array(1024),
    slotHints: { listing: -1, slots: new Int32Array(1024) },
    docs: 0,
    aliveDocs: 0,
    statistics: 0,
    totalLength: [0, 0, 0],
    docsById: new Int32Array(1024),
    terms: new Map(),
    vocabulary: [],
    typoWords: [],
    onNewWord,
  };
}

/** A product's live document, if it has one. */
export function docOf(corpus: Corpus, productId: number): number | undefined {
  const { docsById } = corpus;
  const stored = productId < docsById.length ? (docsById[productId] as number) : 0;
  return stored === 0 ? undefined : stored - 1;
}

/** Index of the first term >= word in a sorted list. */
export function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}
