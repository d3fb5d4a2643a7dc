/**
 * A term's postings: the documents that have it, ascending, each with its fields' frequencies
 * packed in 16 bits (see bm25.ts pack), and its postings' BM25 weights once worked out.
 */

export interface Postings {
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
export const SMALL_POSTINGS = 16;
const SLAB_LENGTH = 65_536;
let slabDocs = new Int32Array(SLAB_LENGTH);
let slabTfs = new Uint16Array(SLAB_LENGTH);
let slabUsed = 0;

/** Moves the postings into room for `room`: in the slabs while few, else arrays of their own. */
export function giveRoom(postings: Postings, room: number): void {
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
export function roomFor(postings: Postings, needed: number): void {
  if (needed > postings.room) giveRoom(postings, Math.max(needed, postings.room * 2));
}

const NO_DOCS = new Int32Array(0);
const NO_TFS = new Uint16Array(0);

export function newPostings(): Postings {
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

/** Where a document's posting is among a term's (documents ascend: they are added in order, and clearing keeps it), or -1. */
export function postingOf(postings: Postings, doc: number): number {
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
