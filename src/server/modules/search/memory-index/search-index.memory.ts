import { type CatalogChange, letRequestsThrough } from '#server/modules/catalog/catalog-changes.ts';
import type { SearchHits, SlotHints } from '#server/modules/catalog/listing-index/listing-query.ts';
import { type SearchIndex, type TermGroups, WHOLE } from '../search-index.ts';
import { closeTerms, likeliest, MIN_LENGTH_FOR_TYPOS } from '../typo-tolerance.ts';

/** A product's searchable text, as the catalogue stores it. */
export interface SearchableRow {
  id: number;
  name: string;
  brand: string;
  search_text: string;
}

/** Name, brand, then spec words and copy: BM25 weights as the SQL indexes had them. */
const WEIGHTS = [10, 6, 1] as const;
const K1 = 1.2;
const B = 0.75;
/**
 * Term frequencies are packed in 16 bits per posting: name 5 bits, brand 3, the rest 8. A word
 * more often than that in a field counts as that often, where BM25 has long stopped telling
 * (at 32 bits, 12 MB more at 100,000 products).
 */
const pack = (name: number, brand: number, text: number) => Math.min(name, 31) | (Math.min(brand, 7) << 5) | (Math.min(text, 255) << 8);

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** The words of a text, as queries are split (see typo-tolerance's queryWords): accents dropped, lower case. */
export function words(text: string): string[] {
  // Most catalogue text is plain ASCII, which has no accents to drop: loading 100,000 products skips the work.
  const plain = ASCII.test(text) ? text : text.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** FNV-1a: tells whether a product's text changed (stock and price changes leave it alone). */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return value >>> 0;
}

interface Postings {
  /**
   * The documents, ascending, and each one's frequencies (see pack), side by side from `at`: in
   * arrays of the term's own (`at` 0), or, while few, in slabs shared with other terms (see giveRoom)
   */
  docs: Int32Array;
  tfs: Uint16Array;
  at: number;
  length: number;
  /** postings there is room for from `at` */
  room: number;
  /** how many documents had been forgotten when these were last cleared of them */
  cleared: number;
  /**
   * each posting's BM25 weight (idf included), in single precision as hits' ranks are: the first `weighedLength` worked out at `weighed`
   * (see `statistics`), with the postings as they were cleared at `weighedCleared`; none kept
   * for postings in the slabs (see weightsOf)
   */
  weights: Float32Array | undefined;
  weighed: number;
  weighedLength: number;
  weighedCleared: number;
}

/**
 * Postings this short live in shared slabs rather than arrays of their own, each term at its
 * offset. Most terms are a product's own model number, found in one product: 95,000 of them at
 * 100,000 products. An array buffer each (two, with the frequencies) cost some 400 bytes apiece
 * and made every full garbage collection visit millions of buffers at 1,000,000 products; a view
 * of a slab each, 200 bytes of heap (19 MB at 100,000 products).
 */
const SMALL_POSTINGS = 16;
const SLAB_LENGTH = 65_536;
let slabDocs = new Int32Array(SLAB_LENGTH);
let slabTfs = new Uint16Array(SLAB_LENGTH);
let slabUsed = 0;

/** Moves the postings into room for `room`: in the slabs while few, else arrays of their own. */
function giveRoom(postings: Postings, room: number): void {
  let docs: Int32Array;
  let tfs: Uint16Array;
  let at = 0;
  if (room > SMALL_POSTINGS) {
    docs = new Int32Array(room);
    tfs = new Uint16Array(room);
  } else {
    if (slabUsed + room > SLAB_LENGTH) {
      slabDocs = new Int32Array(SLAB_LENGTH);
      slabTfs = new Uint16Array(SLAB_LENGTH);
      slabUsed = 0;
    }
    docs = slabDocs;
    tfs = slabTfs;
    at = slabUsed;
    slabUsed += room;
  }
  const end = postings.at + postings.length;
  docs.set(postings.docs.subarray(postings.at, end), at);
  tfs.set(postings.tfs.subarray(postings.at, end), at);
  postings.docs = docs;
  postings.tfs = tfs;
  postings.at = at;
  postings.room = room;
}

/** Room for `needed` postings: as they are, or twice the room with them copied. */
function roomFor(postings: Postings, needed: number): void {
  if (needed > postings.room) giveRoom(postings, Math.max(needed, postings.room * 2));
}

const NO_DOCS = new Int32Array(0);
const NO_TFS = new Uint16Array(0);

function newPostings(): Postings {
  const postings: Postings = {
    docs: NO_DOCS,
    tfs: NO_TFS,
    at: 0,
    length: 0,
    room: 0,
    cleared: 0,
    weights: undefined,
    weighed: -1,
    weighedLength: 0,
    weighedCleared: -1,
  };
  giveRoom(postings, 1);
  return postings;
}

/**
 * Documents replaced since a term's postings were last cleared of them, as a share of its
 * postings, above which they are cleared: below it, a search reads a few dead postings (which it
 * leaves out) rather than copying a common word's 400,000 after every edit.
 */
const DEAD_POSTINGS = 1 / 64;
/**
 * Documents added or dropped since a term's weights were worked out, as a share of the corpus,
 * above which they are worked out afresh: below it the corpus statistics have moved by a hair,
 * and only postings added since are weighed.
 */
const STALE_WEIGHTS = 1 / 100;

const LETTERS = /^\p{L}+$/u;

/** one field's BM25 term weight */
function field(weight: number, frequency: number, length: number, averageLength: number): number {
  return frequency === 0 ? 0 : (weight * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averageLength));
}

/**
 * Terms with at least this many postings are weighed when the index loads, not by the first
 * search of each: a common word's weights took 5-20 ms to work out at 1,000,000 products.
 */
const WEIGHED_AT_LOAD = 4_096;

/** A word standing for up to this many terms is matched by merging their postings (see match). */
const MERGED_TERMS = 8;
/** Postings, as a share of the documents, from which a search adds them up in a table swept in document order (see match). */
const DENSE_POSTINGS = 1 / 32;

/** Index of the first term >= word in a sorted list. */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

function grown<T extends Int32Array | Uint8Array | Uint16Array | Uint32Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const larger = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  larger.set(array as never);
  return larger;
}

/**
 * The documents and postings of one load of the catalogue, changed product by product after it.
 * A full load builds a new one beside the one answering searches, and replaces it when done.
 */
function createDocuments(onNewWord: (word: string) => void) {
  /** terms dropped since the load: typo stand-ins worked out before one was dropped are worked out again */
  let removals = 0;
  /** documents forgotten so far (see live) */
  let forgotten = 0;
  let productOf = new Int32Array(1024);
  let alive = new Uint8Array(1024);
  let lengths = [new Uint16Array(1024), new Uint16Array(1024), new Uint16Array(1024)];
  let textHash = new Uint32Array(1024);
  /** the listing's slot of each document, as the listing index last worked it out (see SlotHints) */
  const slotHints: SlotHints = { listing: -1, slots: new Int32Array(1024) };
  let docs = 0;
  let aliveDocs = 0;
  /** changes with every document added or forgotten: the corpus statistics BM25 weights depend on */
  let statistics = 0;
  const totalLength = [0, 0, 0];
  /** product id → its live document + 1 (0: none); ids are dense, so an array beats a map (3 MB at 100,000 products) */
  let docsById = new Int32Array(1024);
  const docOf = (productId: number): number | undefined => {
    const stored = productId < docsById.length ? (docsById[productId] as number) : 0;
    return stored === 0 ? undefined : stored - 1;
  };
  const terms = new Map<string, Postings>();
  let vocabulary: string[] = [];
  /**
   * The vocabulary's words of letters alone, which typos are looked for among. Model numbers and
   * sizes ("x1", "i7", "16gb", "u2723qe") are found by prefix but not by a near miss: there are
   * tens of thousands of them, and a digit off is another product, not a typo.
   */
  let typoWords: string[] = [];

  function forget(productId: number): void {
    const doc = docOf(productId);
    if (doc === undefined) return;
    docsById[productId] = 0;
    if (alive[doc] !== 1) return;
    alive[doc] = 0;
    aliveDocs--;
    forgotten++;
    statistics++;
    for (let field = 0; field < 3; field++)
      totalLength[field] = (totalLength[field] as number) - ((lengths[field] as Uint16Array)[doc] as number);
  }

  function addTerm(term: string): Postings {
    const postings = newPostings();
    terms.set(term, postings);
    vocabulary.splice(lowerBound(vocabulary, term), 0, term);
    if (LETTERS.test(term)) {
      typoWords.splice(lowerBound(typoWords, term), 0, term);
      onNewWord(term);
    }
    return postings;
  }

  /** Indexes a product as a new document; `bulk` leaves the vocabulary to be sorted once at the end. */
  function index(row: SearchableRow, bulk: boolean): void {
    const text = `${row.name}\u0000${row.brand}\u0000${row.search_text}`;
    const known = docOf(row.id);
    if (known !== undefined && alive[known] === 1 && textHash[known] === hash(text)) return;
    forget(row.id);
    const doc = docs++;
    productOf = grown(productOf, docs);
    alive = grown(alive, docs);
    textHash = grown(textHash, docs);
    slotHints.slots = grown(slotHints.slots, docs);
    lengths = lengths.map((column) => grown(column, docs));
    productOf[doc] = row.id;
    alive[doc] = 1;
    textHash[doc] = hash(text);
    docsById = grown(docsById, row.id + 1);
    docsById[row.id] = doc + 1;
    aliveDocs++;
    statistics++;
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
        else postings = addTerm(term);
      }
      roomFor(postings, postings.length + 1);
      postings.docs[postings.at + postings.length] = doc;
      postings.tfs[postings.at + postings.length] = pack(name, brand, rest);
      postings.length++;
    }
  }

  /** The term's postings with forgotten documents dropped (in place); the term goes once none is left. */
  function live(term: string, postings: Postings): Postings {
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
      terms.delete(term);
      removals++;
      for (const list of [vocabulary, typoWords]) {
        const at = lowerBound(list, term);
        if (list[at] === term) list.splice(at, 1);
      }
    }
    return postings;
  }

  /** Every indexed term the word starts (the word itself included); a whole word's term alone. */
  function withPrefix(word: string): string[] {
    if (word.endsWith(WHOLE)) {
      const term = word.slice(0, -1);
      return terms.has(term) ? [term] : [];
    }
    const found: string[] = [];
    for (let at = lowerBound(vocabulary, word); at < vocabulary.length && (vocabulary[at] as string).startsWith(word); at++)
      found.push(vocabulary[at] as string);
    return found;
  }

  /** Whether some indexed term starts with the word. */
  function hasPrefix(word: string): boolean {
    return (vocabulary[lowerBound(vocabulary, word)] ?? '').startsWith(word);
  }

  /**
   * The groups in the fewest, shortest words that find the same products with the same ranks:
   * each word lengthened to what every indexed term it starts has in common ("lenov" and
   * "lenovo" are both "lenovo", "del" stays "del" for "dell" and "delivery"), less those another
   * of them starts, in order. A whole word stays as it is. A group that finds nothing is empty.
   */
  function canonical(groups: TermGroups): string[][] {
    return groups.map((group) => {
      const prefixes = group.flatMap((word) => {
        if (word.endsWith(WHOLE)) return terms.has(word.slice(0, -1)) ? [word] : [];
        const first = vocabulary[lowerBound(vocabulary, word)];
        if (first === undefined || !first.startsWith(word)) return [];
        const last = vocabulary[lowerBound(vocabulary, `${word}\uffff`) - 1] as string;
        let common = word.length;
        while (common < first.length && first.charCodeAt(common) === last.charCodeAt(common)) common++;
        return [first.slice(0, common)];
      });
      const kept: string[] = [];
      for (const prefix of [...new Set(prefixes)].sort())
        if (kept.length === 0 || !prefix.startsWith(kept[kept.length - 1] as string)) kept.push(prefix);
      return kept;
    });
  }

  // Reused by every search rather than allocated: a common word's 40,000 hits need them whole.
  // Only the entries a search touched are set, and only they are cleared after it.
  let score = new Float64Array(0);
  let groupsMatched = new Uint8Array(0);
  let touched = new Int32Array(0);
  let mergedDocs = new Int32Array(0);
  let mergedRanks = new Float32Array(0);

  const foundHits = (found: number): SearchHits => ({
    ids: new Int32Array(found),
    ranks: new Float32Array(found),
    docs: new Int32Array(found),
    slotHints,
  });

  /** The scratch arrays hits are collected in before their length is known, with room for `most`. */
  function roomToCollect(most: number): void {
    if (mergedDocs.length >= most) return;
    mergedDocs = new Int32Array(Math.ceil(most * 1.25));
    mergedRanks = new Float32Array(mergedDocs.length);
  }

  /** Hits of the first `found` documents and ranks collected in the scratch arrays. */
  function collectedHits(found: number): SearchHits {
    const hits = foundHits(found);
    (hits.docs as Int32Array).set(mergedDocs.subarray(0, found));
    hits.ranks.set(mergedRanks.subarray(0, found));
    for (let h = 0; h < found; h++) hits.ids[h] = productOf[mergedDocs[h] as number] as number;
    return hits;
  }

  /** The fields' average lengths over the documents in the catalogue, as BM25 takes them. */
  const averageLengths = () => totalLength.map((total) => Math.max(1, total / Math.max(1, aliveDocs))) as [number, number, number];

  /** A term's inverse document frequency. Dead postings left in (at most a sliver) may count a word found everywhere more often than there are products. */
  function idfOf(postings: Postings): number {
    const found = Math.min(postings.length, aliveDocs);
    return Math.log(1 + (aliveDocs - found + 0.5) / (found + 0.5));
  }

  /** One posting's BM25 weight: its fields' frequencies (packed) in document `doc`, weighed. */
  function postingWeight(packed: number, doc: number, idf: number, average: readonly [number, number, number]): number {
    const [nameLengths, brandLengths, textLengths] = lengths as [Uint16Array, Uint16Array, Uint16Array];
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
  function weightsOf(postings: Postings): Float32Array {
    const { docs: postingDocs, tfs, at, length } = postings;
    if (postings.room <= SMALL_POSTINGS) {
      // A few postings in the slabs (a model number) are weighed afresh at each search, not kept:
      // an array for each of the thousands of terms prefixes and typos once read (26,000 after
      // 20 s of random searches at 100,000 products) lived on, and died, in the old generation.
      const weights = new Float32Array(length);
      const average = averageLengths();
      const idf = idfOf(postings);
      for (let p = 0; p < length; p++) weights[p] = postingWeight(tfs[at + p] as number, postingDocs[at + p] as number, idf, average);
      return weights;
    }
    const known = postings.weights;
    const fresh =
      known !== undefined && postings.weighedCleared === postings.cleared && statistics - postings.weighed <= aliveDocs * STALE_WEIGHTS;
    if (known !== undefined && fresh && postings.weighedLength === length) return known;
    // Still fresh: only the postings added since are weighed (with today's statistics).
    const from = fresh ? postings.weighedLength : 0;
    const weights = known !== undefined && known.length >= length ? known : new Float32Array(postings.room);
    if (from > 0) weights.set((known as Float32Array).subarray(0, from));
    const average = averageLengths();
    const idf = idfOf(postings);
    for (let p = from; p < length; p++) weights[p] = postingWeight(tfs[at + p] as number, postingDocs[at + p] as number, idf, average);
    postings.weights = weights;
    postings.weighedLength = length;
    if (from === 0) {
      postings.weighed = statistics;
      postings.weighedCleared = postings.cleared;
    }
    return weights;
  }

  function match(groups: TermGroups): SearchHits {
    if (score.length < docs) {
      score = new Float64Array(Math.ceil(docs * 1.5));
      groupsMatched = new Uint8Array(score.length);
      touched = new Int32Array(score.length);
    }

    // Each word's terms (its prefixes' and stand-ins' expansions), rarest word first: only products
    // having the first can be results, so the rest only look at those.
    const expanded = groups
      .map((group) =>
        [...new Set(group.flatMap(withPrefix))].flatMap((term) => {
          const postings = terms.get(term);
          return postings ? [live(term, postings)] : [];
        }),
      )
      .map((postings) => ({ postings, size: postings.reduce((sum, entry) => sum + entry.length, 0) }))
      .sort((a, b) => a.size - b.size);

    // One word standing for a few rare terms (a typo's stand-ins, a short prefix): the hits are
    // their live postings merged in document order, a product in several counted once with its
    // weights summed. No score table, and the hits come in document order, which is mostly the
    // listing index's slot order (see searchableRows).
    const only = expanded.length === 1 ? (expanded[0] as { postings: Postings[] }).postings : undefined;
    if (only && only.length === 1) {
      // One term: its live postings, as they are.
      const entry = only[0] as Postings;
      const weights = weightsOf(entry);
      const { docs: postingDocs, at: start } = entry;
      let found = 0;
      for (let p = 0; p < entry.length; p++) found += alive[postingDocs[start + p] as number] as number;
      const hits = foundHits(found);
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
    if (only && only.length <= MERGED_TERMS && !dense) {
      const weights = only.map(weightsOf);
      // Merged once into scratch arrays (as long as all the postings), then copied at their length.
      roomToCollect(only.reduce((sum, entry) => sum + entry.length, 0));
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
      return collectedHits(found);
    }

    let candidates = 0;
    expanded.forEach(({ postings }, g) => {
      for (const entry of postings) {
        const { docs: postingDocs, at: start, length } = entry;
        const weights = weightsOf(entry);
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

    const all = groups.length;
    let found = 0;
    if (candidates >= docs * DENSE_POSTINGS) {
      // Many: swept for in document order (mostly the listing's slot order), not in the order met.
      // One word's candidates are all hits but dead documents (a sliver): written where they are
      // kept, not collected and copied; several words' into scratch first.
      const direct = all === 1 ? foundHits(candidates) : undefined;
      if (!direct) roomToCollect(candidates);
      const hitDocs = direct ? (direct.docs as Int32Array) : mergedDocs;
      const hitRanks = direct ? direct.ranks : mergedRanks;
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
      if (!direct) return collectedHits(found);
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
    const hits = foundHits(found);
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

  /** Where a document's posting is among a term's (documents ascend: they are added in order, and clearing keeps it), or -1. */
  function postingOf(postings: Postings, doc: number): number {
    const { docs: postingDocs, at } = postings;
    let low = 0;
    let high = postings.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((postingDocs[at + middle] as number) < doc) low = middle + 1;
      else high = middle;
    }
    return low < postings.length && postingDocs[at + low] === doc ? low : -1;
  }

  /**
   * A product's rank for the groups as `match` works it out (each group's terms that the product
   * has, weighed with today's corpus statistics), or undefined when the groups do not find it: what
   * kept hits take for a product whose words changed and which the query still finds.
   */
  function rankOf(groups: TermGroups, productId: number): number | undefined {
    const doc = docOf(productId);
    if (doc === undefined || alive[doc] !== 1) return undefined;
    const average = averageLengths();
    let total = 0;
    for (const group of groups) {
      let matched = false;
      for (const term of new Set(group.flatMap(withPrefix))) {
        const postings = terms.get(term);
        const p = postings ? postingOf(postings, doc) : -1;
        if (!postings || p < 0) continue;
        matched = true;
        // As match adds it up: each posting's weight as kept (in single precision).
        total += Math.fround(postingWeight(postings.tfs[postings.at + p] as number, doc, idfOf(postings), average));
      }
      if (!matched) return undefined;
    }
    return total;
  }

  /**
   * Sorts the vocabulary once, after a bulk load (`index(row, true)`), and leaves each common
   * term's postings arrays a sixteenth of room to grow into: doubled as they grew, a quarter of
   * their room was left empty (16 MB at 100,000 products), and their weights are made as long.
   * Cut to their length, the first edit adding to each common word copied its postings into
   * arrays twice as long (a million postings at 1,000,000 products).
   */
  function finishLoad(): void {
    for (const postings of terms.values()) {
      const room = postings.length + (postings.length >>> 4);
      if (postings.room <= SMALL_POSTINGS || postings.room <= room) continue;
      giveRoom(postings, Math.max(room, SMALL_POSTINGS + 1));
    }
    vocabulary = [...terms.keys()].sort();
    typoWords = vocabulary.filter((term) => LETTERS.test(term));
  }

  return {
    index,
    forget,
    match,
    rankOf,
    withPrefix,
    hasPrefix,
    canonical,
    finishLoad,
    /** works out the weights of the terms with WEIGHED_AT_LOAD postings or more, a few at a time between yields */
    async weighCommonTerms(): Promise<void> {
      let weighed = 0;
      for (const postings of [...terms.values()]) {
        if (postings.length < WEIGHED_AT_LOAD) continue;
        weightsOf(postings);
        if ((weighed += postings.length) >= 1_000_000) {
          weighed = 0;
          await letRequestsThrough();
        }
      }
    },
    has: (term: string) => terms.has(term),
    /** the words (letters alone) in at least `least` products, the commonest first */
    commonWords(least: number): string[] {
      const common = typoWords.filter((term) => (terms.get(term)?.length ?? 0) >= least);
      return common.sort((a, b) => (terms.get(b)?.length ?? 0) - (terms.get(a)?.length ?? 0));
    },
    /** postings of the terms the word starts: about how many products it finds */
    products: (word: string) =>
      withPrefix(word).reduce((sum, term) => {
        const postings = terms.get(term);
        return sum + (postings ? live(term, postings).length : 0);
      }, 0),
    get removals() {
      return removals;
    },
    /** changes with every document added or forgotten (the corpus statistics ranks depend on) */
    get statistics() {
      return statistics;
    },
    /** documents in all, and those still in the catalogue (the rest wait to be dropped) */
    get documents() {
      return { all: docs, alive: aliveDocs };
    },
    docOf,
    get vocabulary() {
      return vocabulary;
    },
    get typoWords() {
      return typoWords;
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
