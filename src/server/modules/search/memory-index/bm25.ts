import type { Corpus } from './corpus.ts';
import { type Postings, SMALL_POSTINGS } from './postings.ts';

/**
 * BM25 over three fields (name, brand, then spec words and copy), and the postings' weights kept
 * for the corpus as it stands.
 */

/** Name, brand, then spec words and copy: BM25 weights as the SQL indexes had them. */
const WEIGHTS = [10, 6, 1] as const;
const K1 = 1.2;
const B = 0.75;

/**
 * Term frequencies are packed in 16 bits per posting: name 5 bits, brand 3, the rest 8. A word
 * more often than that in a field counts as that often, where BM25 has long stopped telling
 * (at 32 bits, 12 MB more at 100,000 products).
 */
export const pack = (name: number, brand: number, text: number) =>
  Math.min(name, 31) | (Math.min(brand, 7) << 5) | (Math.min(text, 255) << 8);

/**
 * Documents added or dropped since a term's weights were worked out, as a share of the corpus,
 * above which they are worked out afresh: below it the corpus statistics have moved by a hair,
 * and only postings added since are weighed.
 */
const STALE_WEIGHTS = 1 / 100;

/**
 * Terms with at least this many postings are weighed when the index loads, not by the first
 * search of each: a common word's weights took 5-20 ms to work out at 1,000,000 products.
 */
export const WEIGHED_AT_LOAD = 4_096;

/** one field's BM25 term weight */
function field(weight: number, frequency: number, length: number, averageLength: number): number {
  return frequency === 0 ? 0 : (weight * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averageLength));
}

/** The fields' average lengths over the documents in the catalogue, as BM25 takes them. */
export const averageLengths = (corpus: Corpus) =>
  corpus.totalLength.map((total) => Math.max(1, total / Math.max(1, corpus.aliveDocs))) as [number, number, number];

/** A term's inverse document frequency. Dead postings left in (at most a sliver) may count a word found everywhere more often than there are products. */
export function idfOf(corpus: Corpus, postings: Postings): number {
  const { aliveDocs } = corpus;
  const found = Math.min(postings.length, aliveDocs);
  return Math.log(1 + (aliveDocs - found + 0.5) / (found + 0.5));
}

/** One posting's BM25 weight: its fields' frequencies (packed) in document `doc`, weighed. */
export function postingWeight(
  corpus: Corpus,
  packed: number,
  doc: number,
  idf: number,
  average: readonly [number, number, number],
): number {
  const [nameLengths, brandLengths, textLengths] = corpus.lengths as [Uint16Array, Uint16Array, Uint16Array];
  return (
    idf *
    (field(WEIGHTS[0], packed & 0x1f, nameLengths[doc] as number, average[0]) +
      field(WEIGHTS[1], (packed >>> 5) & 0x7, brandLengths[doc] as number, average[1]) +
      field(WEIGHTS[2], packed >>> 8, textLengths[doc] as number, average[2]))
  );
}

/**
 * A term's postings' weights, worked out once for the corpus as it stands: a common word's
 * 40,000 postings are weighed again only after the catalogue changed, not at every search.
 */
export function weightsOf(corpus: Corpus, postings: Postings): Float32Array {
  const { docs: postingDocs, tfs, at, length } = postings;
  if (postings.room <= SMALL_POSTINGS) {
    // A few postings in the slabs (a model number) are weighed afresh at each search, not kept:
    // an array for each of the thousands of terms prefixes and typos once read (26,000 after
    // 20 s of random searches at 100,000 products) lived on, and died, in the old generation.
    const weights = new Float32Array(length);
    const average = averageLengths(corpus);
    const idf = idfOf(corpus, postings);
    for (let p = 0; p < length; p++) weights[p] = postingWeight(corpus, tfs[at + p] as number, postingDocs[at + p] as number, idf, average);
    return weights;
  }
  const { statistics, aliveDocs } = corpus;
  const known = postings.weights;
  const fresh =
    known !== undefined && postings.weighedCleared === postings.cleared && statistics - postings.weighed <= aliveDocs * STALE_WEIGHTS;
  if (known !== undefined && fresh && postings.weighedLength === length) return known;
  // Still fresh: only the postings added since are weighed (with today's statistics).
  const from = fresh ? postings.weighedLength : 0;
  const weights = known !== undefined && known.length >= length ? known : new Float32Array(postings.room);
  if (from > 0) weights.set((known as Float32Array).subarray(0, from));
  const average = averageLengths(corpus);
  const idf = idfOf(corpus, postings);
  for (let p = from; p < length; p++)
    weights[p] = postingWeight(corpus, tfs[at + p] as number, postingDocs[at + p] as number, idf, average);
  postings.weights = weights;
  postings.weighedLength = length;
  if (from === 0) {
    postings.weighed = statistics;
    postings.weighedCleared = postings.cleared;
  }
  return weights;
}
