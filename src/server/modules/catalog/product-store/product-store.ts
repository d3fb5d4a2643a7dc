import { type Offer, type Product, ProductSchema } from '#shared/schemas/catalog.ts';
import type { Db } from '#server/db/database.ts';
import { compileResponseSerializer } from '#server/plugins/compiled-serializer.ts';
import { LARGE_CATALOGUE } from '#server/worker-memory.ts';
import { type CatalogChange, letRequestsThrough } from '../catalog-changes.ts';
import * as feed from '../catalog-feed.repository.ts';
import * as repository from '../catalog.repository.ts';
import { offersOn, productsWithOtherSellers } from '../offers.repository.ts';
import { compress, decodedLength, decodeInto } from './lz4.ts';

const serializeProduct = compileResponseSerializer(ProductSchema);

/**
 * Slabs of this size hold the products' JSON: large enough that a product never spans two and
 * that glibc maps each one apart from its heap (MALLOC_MMAP_THRESHOLD_), so a slab let go of is
 * given back to the system at once.
 */
const SLAB_BYTES = 8 * 2 ** 20;

const COMMA = 0x2c;

/** A dictionary of this much of the catalogue's own JSON: LZ4 reaches 64 KB back, and more gained nothing. */
const DICTIONARY_BYTES = 16 * 1024;

/** Products decoded lately, kept decoded: about 7,000 products. */
const RECENT_BYTES = 8 * 2 ** 20;

/**
 * Products' JSON as UTF-8 in slabs outside the V8 heap, found by product id through typed arrays.
 * The collector never walks or moves them, and the heap, without them, keeps that much less room
 * and garbage around what it holds. A product written again goes at the end of the newest slab
 * and leaves a hole where it was; a slab that is more hole than product has its products moved to
 * the newest slab and is dropped.
 *
 * With a `dictionary`, each product is kept compressed (LZ4, against other products' JSON, so the
 * keys, the categories' spec names and the shops are said once): 2.4 times smaller at 100,000
 * products, 3 µs to decode one. Without, as it is.
 */
export function createArena(slabBytes = SLAB_BYTES, dictionary: Buffer | null = null, recentBytes = RECENT_BYTES) {
  const slabs: Array<Buffer | undefined> = [];
  /** bytes of each slab no product uses any more */
  const holes: number[] = [];
  /** bytes written to each slab */
  const used: number[] = [];
  const unusedSlabs: number[] = [];
  let current = -1;
  // By product id. A length of 0 is a product not on sale (no product's JSON is empty).
  let slabOf = new Uint32Array(1024);
  let startOf = new Uint32Array(1024);
  let lengthOf = new Uint32Array(1024);
  // Products decoded lately, as JSON in a ring: a listing's products are mostly among the few
  // thousand at the head of its orders, so most are copied from here rather than decoded again.
  // A product's place there counts every byte the ring was ever given (1 more; 0 is none), and
  // is good while the ring has not come round over it since.
  const recent = Buffer.allocUnsafeSlow(dictionary ? recentBytes : 0);
  let recentWritten = 0;
  let recentAt = new Float64Array(1024);

  function room(id: number): void {
    if (id < lengthOf.length) return;
    let size = lengthOf.length;
    while (size <= id) size *= 2;
    const grow = (old: Uint32Array) => {
      const grown = new Uint32Array(size);
      grown.set(old);
      return grown;
    };
    slabOf = grow(slabOf);
    startOf = grow(startOf);
    lengthOf = grow(lengthOf);
    const at = new Float64Array(size);
    at.set(recentAt);
    recentAt = at;
  }

  function newSlab(bytes: number): number {
    const index = unusedSlabs.pop() ?? slabs.length;
    // Never read before it is written: no need to fill it with zeros first.
    slabs[index] = Buffer.allocUnsafeSlow(Math.max(bytes, slabBytes));
    holes[index] = 0;
    used[index] = 0;
    return index;
  }

  /** Where `bytes` more fit: the newest slab, or a new one. */
  function slabFor(bytes: number): number {
    if (current < 0 || (used[current] as number) + bytes > (slabs[current] as Buffer).length) current = newSlab(bytes);
    return current;
  }

  function remove(id: number): void {
    const length = id < lengthOf.length ? (lengthOf[id] as number) : 0;
    if (length === 0) return;
    const slab = slabOf[id] as number;
    lengthOf[id] = 0;
    recentAt[id] = 0;
    holes[slab] = (holes[slab] as number) + length;
    if (slab !== current && (holes[slab] as number) * 2 > (used[slab] as number)) moveOut(slab);
  }

  /** The products of a slab mostly holes, moved to the newest one; the slab is dropped. */
  function moveOut(slab: number): void {
    const from = slabs[slab] as Buffer;
    for (let id = 0; id < lengthOf.length; id++) {
      const length = lengthOf[id] as number;
      if (length === 0 || slabOf[id] !== slab) continue;
      const to = slabFor(length);
      const start = startOf[id] as number;
      from.copy(slabs[to] as Buffer, used[to], start, start + length);
      slabOf[id] = to;
      startOf[id] = used[to] as number;
      used[to] = (used[to] as number) + length;
    }
    slabs[slab] = undefined;
    unusedSlabs.push(slab);
  }

  /** Room for `bytes` of a product, in place of what it had: where to write them. */
  function reserve(id: number, bytes: number): number {
    remove(id);
    room(id);
    const slab = slabFor(bytes);
    const start = used[slab] as number;
    slabOf[id] = slab;
    startOf[id] = start;
    lengthOf[id] = bytes;
    used[slab] = start + bytes;
    return start;
  }

  // A product's JSON decoded before it is made a string: one buffer, grown as needed.
  let decoded = Buffer.allocUnsafeSlow(4096);

  function length(id: number): number {
    const stored = id < lengthOf.length ? (lengthOf[id] as number) : 0;
    return stored === 0 || !dictionary ? stored : decodedLength(slabs[slabOf[id] as number] as Buffer, startOf[id] as number);
  }

  /** Decodes a product's JSON into `to` at `at`, or copies it from the ring; the bytes written (0 when it is not on sale). */
  function copy(id: number, to: Buffer, at: number): number {
    const stored = id < lengthOf.length ? (lengthOf[id] as number) : 0;
    if (stored === 0) return 0;
    const start = startOf[id] as number;
    const slab = slabs[slabOf[id] as number] as Buffer;
    if (!dictionary) return slab.copy(to, at, start, start + stored);
    const bytes = length(id);
    const place = (recentAt[id] as number) - 1;
    if (place >= 0 && place >= recentWritten - recent.length) {
      const from = place % recent.length;
      return recent.copy(to, at, from, from + bytes);
    }
    decodeInto(slab, start, start + stored, dictionary, to, at);
    if (bytes <= recent.length) {
      // A product never wraps round the ring's end: the rest of it is skipped.
      if ((recentWritten % recent.length) + bytes > recent.length) recentWritten += recent.length - (recentWritten % recent.length);
      to.copy(recent, recentWritten % recent.length, at, at + bytes);
      recentAt[id] = recentWritten + 1;
      recentWritten += bytes;
    }
    return bytes;
  }

  return {
    /** Writes a product's JSON, in place of what it had. */
    set(id: number, json: string): void {
      if (!dictionary) {
        const bytes = Buffer.byteLength(json);
        const start = reserve(id, bytes);
        (slabs[slabOf[id] as number] as Buffer).write(json, start, bytes, 'utf8');
        return;
      }
      const bytes = compress(json, dictionary);
      const start = reserve(id, bytes.length);
      bytes.copy(slabs[slabOf[id] as number] as Buffer, start);
    },

    remove,

    has(id: number): boolean {
      return id < lengthOf.length && lengthOf[id] !== 0;
    },

    /** A product's JSON as a string, or undefined. */
    get(id: number): string | undefined {
      const bytes = length(id);
      if (bytes === 0) return undefined;
      if (bytes > decoded.length) decoded = Buffer.allocUnsafeSlow(Math.max(bytes, decoded.length * 2));
      return decoded.toString('utf8', 0, copy(id, decoded, 0));
    },

    copy,

    /** A product's JSON's length in bytes, decoded (0 when it is not on sale). */
    length,

    /** Bytes held in slabs, compressed, and of them the holes (the profile's report). */
    size(): { bytes: number; holes: number } {
      let bytes = 0;
      let unused = 0;
      slabs.forEach((slab, index) => {
        if (!slab) return;
        bytes += slab.length;
        unused += (holes[index] as number) + slab.length - (used[index] as number);
      });
      return { bytes, holes: unused };
    },
  };
}

type Arena = ReturnType<typeof createArena>;

function encode(row: repository.ProductSelection, offers: Offer[] | undefined): string {
  return serializeProduct(repository.toProduct(row, offers));
}

/**
 * An arena for a full load, its dictionary the JSON of its first products with their descriptions
 * left out: what products share is their keys, categories, specs and shops, where a description
 * is a product's own (the benchmark's products repeat 60 demo descriptions word for word, which a
 * dictionary holding them would compress away as a real catalogue's would not be).
 */
function arenaFor(first: Array<{ row: repository.ProductSelection; json: string }>): Arena {
  const sample = first.map(({ row }) => serializeProduct({ ...repository.toProduct(row), description: '' })).join('');
  const arena = createArena(SLAB_BYTES, Buffer.from(sample).subarray(-DICTIONARY_BYTES));
  for (const { row, json } of first) arena.set(row.id, json);
  return arena;
}

/**
 * Every product on sale, in memory, as the JSON the API answers with: a product page is a look-up
 * and a listing page a copy of its products' bytes, with no database read and no serializing per
 * request. Kept up to date from the change feed like the listing and search indexes (a change
 * replaces or drops its products' entries); a full load is built beside the entries in use and
 * swapped in.
 *
 * About 1.1 KB a product, kept in 480 bytes (LZ4), 48 MB at 100,000 products, in slabs outside
 * the V8 heap (see createArena): in the benchmark a worker's peak fell from 649 to 595 MB against
 * the same JSON as strings on the heap (26 November), and from 546-551 to 495 MB compressed, 504
 * with 8 MB of products decoded lately (26 November, evening). Decoding costs a listing's server
 * time about a tenth in one process, a search's a fifth; the ring of products decoded lately
 * answers some 60 % of a listing's products without it. An answer is decoded into one string from them, a
 * product page's 1 KB or a listing's 24 products decoded side by side first and made one string:
 * strings, which the young generation's collections free at once, where answers as buffers
 * outside the heap piled up between collections.
 *
 * Kept as it is, not compressed, in a catalogue of more than LARGE_CATALOGUE products: workers
 * are then given memory by the catalogue's size (worker-memory.ts) and no longer held to 512 MB,
 * and decoding cost listings a fifth of their pace at 1,000,000 products (26 November, evening).
 */
export function createProductStore(db: Db, { compressedUpTo = LARGE_CATALOGUE } = {}) {
  let arena: Arena = createArena();

  return {
    async apply(change: CatalogChange): Promise<void> {
      if (change.all) {
        // Compressed where a worker is to fit in 512 MB; past that, workers are sized to the catalogue.
        const compressed = (await feed.productsOnSale(db)) <= compressedUpTo;
        let loaded = compressed ? undefined : createArena();
        const first: Array<{ row: repository.ProductSelection; json: string }> = [];
        let firstBytes = 0;
        // Products more than one seller offers list every offer; the rest, their row's own.
        const offers = await offersOn(db, await productsWithOtherSellers(db));
        let rows = 0;
        for await (const row of feed.productRows(db)) {
          const json = encode(row, offers.get(row.id));
          if (loaded) loaded.set(row.id, json);
          else {
            first.push({ row, json });
            // The dictionary leaves descriptions out (see arenaFor).
            firstBytes += json.length - row.description.length;
            if (firstBytes >= DICTIONARY_BYTES) loaded = arenaFor(first);
          }
          if (++rows % 2_000 === 0) await letRequestsThrough();
        }
        arena = loaded ?? arenaFor(first);
        return;
      }
      // Synchronous, so no answer sees half of a change.
      for (const id of change.productIds) arena.remove(id);
      for (const row of change.products) arena.set(row.id, encode(row, change.offers?.get(row.id)));
    },

    /** Whether a product is on sale. */
    has(id: number): boolean {
      return Number.isSafeInteger(id) && id >= 0 && arena.has(id);
    },

    /** A product on sale as JSON; undefined when it is not on sale. */
    json(id: number): string | undefined {
      return Number.isSafeInteger(id) && id >= 0 ? arena.get(id) : undefined;
    },

    /**
     * The JSON of those of `ids` on sale, in order, joined by commas, between `open` and `close`
     * (a list's items, and the rest of its answer): the UTF-8 bytes that go out, copied from the
     * arena straight into the answer's own buffer. Never made a string: a listing's 30 KB were
     * decoded into one, joined to the rest into another, flattened and encoded again as it went
     * out, some 90 KB of heap an answer. At 100,000 products the workers made 12-15 % fewer young
     * collections over a run (2,929-3,044 against 3,402-3,467); listings and search kept their
     * pace within the noise (27 November).
     */
    jsonList(ids: readonly number[], open = '', close = ''): Buffer {
      let bytes = Buffer.byteLength(open) + Buffer.byteLength(close);
      let listed = 0;
      for (const id of ids) {
        const length = arena.length(id);
        if (length === 0) continue;
        bytes += length;
        listed++;
      }
      bytes += Math.max(0, listed - 1);
      const answer = Buffer.allocUnsafe(bytes);
      let at = answer.write(open, 0, 'utf8');
      const itemsAt = at;
      for (const id of ids) {
        if (arena.length(id) === 0) continue;
        if (at > itemsAt) answer[at++] = COMMA;
        at += arena.copy(id, answer, at);
      }
      at += answer.write(close, at, 'utf8');
      return at === bytes ? answer : answer.subarray(0, at);
    },

    /** A product on sale; undefined when it is not on sale. */
    product(id: number): Product | undefined {
      const found = Number.isSafeInteger(id) && id >= 0 ? arena.get(id) : undefined;
      return found === undefined ? undefined : (JSON.parse(found) as Product);
    },

    /** Bytes the products' JSON takes outside the heap. */
    size: () => arena.size(),
  };
}

export type ProductStore = ReturnType<typeof createProductStore>;
