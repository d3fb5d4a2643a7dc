import { letRequestsThrough } from '#server/modules/catalog/catalog-changes.ts';
import { pack, WEIGHED_AT_LOAD, weightsOf } from './bm25.ts';
import { type Corpus, docOf, lowerBound } from './corpus.ts';
import { giveRoom, newPostings, type Postings, roomFor, SMALL_POSTINGS } from './postings.ts';
import { hash, LETTERS, words } from './words.ts';

/** A product's searchable text, as the catalogue stores it. */
export interface SearchableRow {
  id: number;
  name: string;
  brand: string;
  search_text: string;
}

/**
 * Documents replaced since a term's postings were last cleared of them, as a share of its
 * postings, above which they are cleared: below it, a search reads a few dead postings (which it
 * leaves out) rather than copying a common word's 400,000 after every edit.
 */
const DEAD_POSTINGS = 1 / 64;

function grown<T extends Int32Array | Uint8Array | Uint16Array | Uint32Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const larger = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  larger.set(array as never);
  return larger;
}

/** Forgets a product's document: it is dead, left out of searches, until its postings are cleared of it. */
export function forget(corpus: Corpus, productId: number): void {
  const doc = docOf(corpus, productId);
  if (doc === undefined) return;
  corpus.docsById[productId] = 0;
  if (corpus.alive[doc] !== 1) return;
  corpus.alive[doc] = 0;
  corpus.aliveDocs--;
  corpus.forgotten++;
  corpus.statistics++;
  const { totalLength, lengths } = corpus;
  for (let field = 0; field < 3; field++)
    totalLength[field] = (totalLength[field] as number) - ((lengths[field] as Uint16Array)[doc] as number);
}

function addTerm(corpus: Corpus, term: string): Postings {
  const postings = newPostings();
  corpus.terms.set(term, postings);
  corpus.vocabulary.splice(lowerBound(corpus.vocabulary, term), 0, term);
  if (LETTERS.test(term)) {
    corpus.typoWords.splice(lowerBound(corpus.typoWords, term), 0, term);
    corpus.onNewWord(term);
  }
  return postings;
}

/** Indexes a product as a new document; `bulk` leaves the vocabulary to be sorted once at the end. */
export function index(corpus: Corpus, row: SearchableRow, bulk: boolean): void {
  const text = `${row.name}\u0000${row.brand}\u0000${row.search_text}`;
  const known = docOf(corpus, row.id);
  if (known !== undefined && corpus.alive[known] === 1 && corpus.textHash[known] === hash(text)) return;
  forget(corpus, row.id);
  const doc = corpus.docs++;
  const docs = corpus.docs;
  corpus.productOf = grown(corpus.productOf, docs);
  corpus.alive = grown(corpus.alive, docs);
  corpus.textHash = grown(corpus.textHash, docs);
  corpus.slotHints.slots = grown(corpus.slotHints.slots, docs);
  corpus.lengths = corpus.lengths.map((column) => grown(column, docs));
  corpus.productOf[doc] = row.id;
  corpus.alive[doc] = 1;
  corpus.textHash[doc] = hash(text);
  corpus.docsById = grown(corpus.docsById, row.id + 1);
  corpus.docsById[row.id] = doc + 1;
  corpus.aliveDocs++;
  corpus.statistics++;
  const { lengths, totalLength, terms } = corpus;
  const counts = new Map<string, [number, number, number]>();
  [row.name, row.brand, row.search_text].forEach((fieldText, field) => {
    const fieldWords = words(fieldText);
    (lengths[field] as Uint16Array)[doc] = Math.min(fieldWords.length, 65_535);
    totalLength[field] = (totalLength[field] as number) + fieldWords.length;
    for (const word of fieldWords) {
      let count = counts.get(word);
      if (!count) counts.set(word, (count = [0, 0, 0]));
      count[field] = (count[field] as number) + 1;
    }
  });
  for (const [term, [name, brand, rest]] of counts) {
    let postings = terms.get(term);
    if (!postings) {
      if (bulk) terms.set(term, (postings = newPostings()));
      else postings = addTerm(corpus, term);
    }
    roomFor(postings, postings.length + 1);
    postings.docs[postings.at + postings.length] = doc;
    postings.tfs[postings.at + postings.length] = pack(name, brand, rest);
    postings.length++;
  }
}

/** The term's postings with forgotten documents dropped (in place); the term goes once none is left. */
export function live(corpus: Corpus, term: string, postings: Postings): Postings {
  const { forgotten, alive } = corpus;
  // Few enough forgotten since they were last cleared that at most a sliver of these are dead:
  // left for the search to skip (a search of an unchanged catalogue reads them once).
  if (forgotten - postings.cleared <= postings.length * DEAD_POSTINGS) return postings;
  postings.cleared = forgotten;
  const { docs: postingDocs, tfs, at } = postings;
  let kept = 0;
  for (let read = 0; read < postings.length; read++) {
    const doc = postingDocs[at + read] as number;
    if (alive[doc] !== 1) continue;
    if (kept !== read) {
      postingDocs[at + kept] = doc;
      tfs[at + kept] = tfs[at + read] as number;
    }
    kept++;
  }
  postings.length = kept;
  if (kept === 0) {
    corpus.terms.delete(term);
    corpus.removals++;
    for (const list of [corpus.vocabulary, corpus.typoWords]) {
      const at = lowerBound(list, term);
      if (list[at] === term) list.splice(at, 1);
    }
  }
  return postings;
}

/**
 * Sorts the vocabulary once, after a bulk load (`index(corpus, row, true)`), and leaves each
 * common term's postings arrays a sixteenth of room to grow into: doubled as they grew, a quarter
 * of their room was left empty (16 MB at 100,000 products), and their weights are made as long.
 * Cut to their length, the first edit adding to each common word copied its postings into arrays
 * twice as long (a million postings at 1,000,000 products).
 */
export function finishLoad(corpus: Corpus): void {
  for (const postings of corpus.terms.values()) {
    const room = postings.length + (postings.length >>> 4);
    if (postings.room <= SMALL_POSTINGS || postings.room <= room) continue;
    giveRoom(postings, Math.max(room, SMALL_POSTINGS + 1));
  }
  corpus.vocabulary = [...corpus.terms.keys()].sort();
  corpus.typoWords = corpus.vocabulary.filter((term) => LETTERS.test(term));
}

/** Works out the weights of the terms with WEIGHED_AT_LOAD postings or more, a few at a time between yields. */
export async function weighCommonTerms(corpus: Corpus): Promise<void> {
  let weighed = 0;
  for (const postings of [...corpus.terms.values()]) {
    if (postings.length < WEIGHED_AT_LOAD) continue;
    weightsOf(corpus, postings);
    if ((weighed += postings.length) >= 1_000_000) {
      weighed = 0;
      await letRequestsThrough();
    }
  }
}
