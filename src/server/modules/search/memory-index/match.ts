import type { SearchHits } from '#server/modules/catalog/listing-index/listing-query.ts';
import type { TermGroups } from '../search-index.ts';
import { averageLengths, idfOf, postingWeight, weightsOf } from './bm25.ts';
import { type Corpus, docOf } from './corpus.ts';
import { live } from './documents.ts';
import { type Postings, postingOf } from './postings.ts';
import { withPrefix } from './vocabulary.ts';

/** A query's hits: the products having a term of every group, ranked by the sum of their postings' weights. */

/** A word standing for up to this many terms is matched by merging their postings (see match). */
const MERGED_TERMS = 8;
/** Postings, as a share of the documents, from which a search adds them up in a table swept in document order (see match). */
const DENSE_POSTINGS = 1 / 32;

/**
 * Arrays reused by every search of a corpus rather than allocated: a common word's 40,000 hits
 * need them whole. Only the entries a search touched are set, and only they are cleared after it.
 */
export interface MatchScratch {
  score: Float64Array;
  groupsMatched: Uint8Array;
  touched: Int32Array;
  mergedDocs: Int32Array;
  mergedRanks: Float32Array;
}

export function newScratch(): MatchScratch {
  return {
    score: new Float64Array(0),
    groupsMatched: new Uint8Array(0),
    touched: new Int32Array(0),
    mergedDocs: new Int32Array(0),
    mergedRanks: new Float32Array(0),
  };
}

const foundHits = (corpus: Corpus, found: number): SearchHits => ({
  ids: new Int32Array(found),
  ranks: new Float32Array(found),
  docs: new Int32Array(found),
  slotHints: corpus.slotHints,
});

/** The scratch arrays hits are collected in before their length is known, with room for `most`. */
function roomToCollect(scratch: MatchScratch, most: number): void {
  if (scratch.mergedDocs.length >= most) return;
  scratch.mergedDocs = new Int32Array(Math.ceil(most * 1.25));
  scratch.mergedRanks = new Float32Array(scratch.mergedDocs.length);
}

/** Hits of the first `found` documents and ranks collected in the scratch arrays. */
function collectedHits(corpus: Corpus, scratch: MatchScratch, found: number): SearchHits {
  const { productOf } = corpus;
  const { mergedDocs, mergedRanks } = scratch;
  const hits = foundHits(corpus, found);
  (hits.docs as Int32Array).set(mergedDocs.subarray(0, found));
  hits.ranks.set(mergedRanks.subarray(0, found));
  for (let h = 0; h < found; h++) hits.ids[h] = productOf[mergedDocs[h] as number] as number;
  return hits;
}

/** A word's live postings, with how many there are in all. */
interface Expanded {
  postings: Postings[];
  size: number;
}

/**
 * The products the groups find, each with its rank, the cheapest of four ways: one term's
 * postings as they are; a few rare terms' merged in document order; or every group's added up
 * in the score table, swept in document order when many, else read back in the order met.
 */
export function match(corpus: Corpus, scratch: MatchScratch, groups: TermGroups): SearchHits {
  if (scratch.score.length < corpus.docs) {
    scratch.score = new Float64Array(Math.ceil(corpus.docs * 1.5));
    scratch.groupsMatched = new Uint8Array(scratch.score.length);
    scratch.touched = new Int32Array(scratch.score.length);
  }
  const { docs, alive, productOf } = corpus;

  // Each word's terms (its prefixes' and stand-ins' expansions), rarest word first: only products
  // having the first can be results, so the rest only look at those.
  const expanded: Expanded[] = groups
    .map((group) =>
      [...new Set(group.flatMap((word) => withPrefix(corpus, word)))].flatMap((term) => {
        const postings = corpus.terms.get(term);
        return postings ? [live(corpus, term, postings)] : [];
      }),
    )
    .map((postings) => ({ postings, size: postings.reduce((sum, entry) => sum + entry.length, 0) }))
    .sort((a, b) => a.size - b.size);

  // One word standing for a few rare terms (a typo's stand-ins, a short prefix): the hits are
  // their live postings merged in document order, a product in several counted once with its
  // weights summed. No score table, and the hits come in document order, which is mostly the
  // listing index's slot order (see searchableRows).
  const only = expanded.length === 1 ? (expanded[0] as Expanded).postings : undefined;
  if (only && only.length === 1) {
    // One term: its live postings, as they are.
    const entry = only[0] as Postings;
    const weights = weightsOf(corpus, entry);
    const { docs: postingDocs, at: start } = entry;
    let found = 0;
    for (let p = 0; p < entry.length; p++) found += alive[postingDocs[start + p] as number] as number;
    const hits = foundHits(corpus, found);
    let next = 0;
    for (let p = 0; p < entry.length; p++) {
      const doc = postingDocs[start + p] as number;
      if (alive[doc] !== 1) continue;
      (hits.docs as Int32Array)[next] = doc;
      hits.ids[next] = productOf[doc] as number;
      hits.ranks[next++] = weights[p] as number;
    }
    return hits;
  }
  // Postings of a few terms finding a good share of the catalogue are added up in the score table
  // and swept for in document order instead: a merge looked at every term for every product
  // found (five common typo stand-ins, 690,000 products: 54-97 ms at 1,000,000 products).
  const postingsRead = expanded.reduce((sum, { size }) => sum + size, 0);
  const dense = postingsRead >= docs * DENSE_POSTINGS;
  if (only && only.length <= MERGED_TERMS && !dense) return merged(corpus, scratch, only);
  return scored(corpus, scratch, expanded, groups.length);
}

/** One word's few terms: their live postings merged in document order into the scratch arrays (as long as all the postings), then copied at their length. */
function merged(corpus: Corpus, scratch: MatchScratch, only: Postings[]): SearchHits {
  const { alive } = corpus;
  const weights = only.map((entry) => weightsOf(corpus, entry));
  roomToCollect(
    scratch,
    only.reduce((sum, entry) => sum + entry.length, 0),
  );
  const { mergedDocs, mergedRanks } = scratch;
  const at = new Int32Array(only.length);
  let found = 0;
  for (;;) {
    let doc = 2 ** 31 - 1;
    for (let t = 0; t < only.length; t++) {
      const entry = only[t] as Postings;
      const p = at[t] as number;
      if (p < entry.length && (entry.docs[entry.at + p] as number) < doc) doc = entry.docs[entry.at + p] as number;
    }
    if (doc === 2 ** 31 - 1) break;
    let rank = 0;
    for (let t = 0; t < only.length; t++) {
      const entry = only[t] as Postings;
      const p = at[t] as number;
      if (p < entry.length && entry.docs[entry.at + p] === doc) {
        rank += (weights[t] as Float32Array)[p] as number;
        at[t] = p + 1;
      }
    }
    if (alive[doc] !== 1) continue;
    mergedDocs[found] = doc;
    mergedRanks[found++] = rank;
  }
  return collectedHits(corpus, scratch, found);
}

/** Every group's postings added up in the score table: the products of the rarest word are the candidates, and those every word finds the hits. */
function scored(corpus: Corpus, scratch: MatchScratch, expanded: readonly Expanded[], all: number): SearchHits {
  const { docs, alive, productOf } = corpus;
  const { score, groupsMatched, touched } = scratch;
  let candidates = 0;
  expanded.forEach(({ postings }, g) => {
    for (const entry of postings) {
      const { docs: postingDocs, at: start, length } = entry;
      const weights = weightsOf(corpus, entry);
      for (let p = 0; p < length; p++) {
        const doc = postingDocs[start + p] as number;
        // Counted once per word however many of its terms the product has.
        if (groupsMatched[doc] === g) {
          groupsMatched[doc] = g + 1;
          if (g === 0) touched[candidates++] = doc;
        } else if (groupsMatched[doc] !== g + 1) continue;
        score[doc] = (score[doc] as number) + (weights[p] as number);
      }
    }
  });

  let found = 0;
  if (candidates >= docs * DENSE_POSTINGS) {
    // Many: swept for in document order (mostly the listing's slot order), not in the order met.
    // One word's candidates are all hits but dead documents (a sliver): written where they are
    // kept, not collected and copied; several words' into scratch first.
    const direct = all === 1 ? foundHits(corpus, candidates) : undefined;
    if (!direct) roomToCollect(scratch, candidates);
    const hitDocs = direct ? (direct.docs as Int32Array) : scratch.mergedDocs;
    const hitRanks = direct ? direct.ranks : scratch.mergedRanks;
    for (let doc = 0; doc < docs; doc++) {
      const matched = groupsMatched[doc] as number;
      if (matched === 0) continue;
      if (matched === all && alive[doc] === 1) {
        hitDocs[found] = doc;
        hitRanks[found++] = score[doc] as number;
      }
      score[doc] = 0;
      groupsMatched[doc] = 0;
    }
    if (!direct) return collectedHits(corpus, scratch, found);
    const hits =
      found === candidates
        ? direct
        : { ...direct, ids: direct.ids.subarray(0, found), ranks: direct.ranks.subarray(0, found), docs: hitDocs.subarray(0, found) };
    for (let h = 0; h < found; h++) hits.ids[h] = productOf[hitDocs[h] as number] as number;
    return hits;
  }
  for (let t = 0; t < candidates; t++) {
    const doc = touched[t] as number;
    if (groupsMatched[doc] === all && alive[doc] === 1) found++;
  }
  const hits = foundHits(corpus, found);
  let at = 0;
  for (let t = 0; t < candidates; t++) {
    const doc = touched[t] as number;
    if (groupsMatched[doc] === all && alive[doc] === 1) {
      (hits.docs as Int32Array)[at] = doc;
      hits.ids[at] = productOf[doc] as number;
      hits.ranks[at++] = score[doc] as number;
    }
    score[doc] = 0;
    groupsMatched[doc] = 0;
  }
  return hits;
}

/**
 * A product's rank for the groups as `match` works it out (each group's terms that the product
 * has, weighed with today's corpus statistics), or undefined when the groups do not find it: what
 * kept hits take for a product whose words changed and which the query still finds.
 */
export function rankOf(corpus: Corpus, groups: TermGroups, productId: number): number | undefined {
  const doc = docOf(corpus, productId);
  if (doc === undefined || corpus.alive[doc] !== 1) return undefined;
  const average = averageLengths(corpus);
  let total = 0;
  for (const group of groups) {
    let matched = false;
    for (const term of new Set(group.flatMap((word) => withPrefix(corpus, word)))) {
      const postings = corpus.terms.get(term);
      const p = postings ? postingOf(postings, doc) : -1;
      if (!postings || p < 0) continue;
      matched = true;
      // As match adds it up: each posting's weight as kept (in single precision).
      total += Math.fround(postingWeight(corpus, postings.tfs[postings.at + p] as number, doc, idfOf(corpus, postings), average));
    }
    if (!matched) return undefined;
  }
  return total;
}
