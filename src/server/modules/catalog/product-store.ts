import { type Offer, type Product, ProductSchema } from '#shared/schemas/catalog.ts';
import type { Db } from '#server/db/database.ts';
import { compileResponseSerializer } from '#server/plugins/compiled-serializer.ts';
import { type CatalogChange, letRequestsThrough } from './catalog-changes.ts';
import * as repository from './catalog.repository.ts';
import { offersOn, productsWithOtherSellers } from './offers.repository.ts';

const serializeProduct = compileResponseSerializer(ProductSchema);

/**
 * Slabs of this size hold the products' JSON: large enough that a product never spans two and
 * that glibc maps each one apart from its heap (MALLOC_MMAP_THRESHOLD_), so a slab let go of is
 * given back to the system at once.
 */
const SLAB_BYTES = 8 * 2 ** 20;

const COMMA = 0x2c;

/**
 * Products' JSON as UTF-8 in slabs outside the V8 heap, found by product id through typed arrays.
 * The collector never walks or moves them, and the heap, without them, keeps that much less room
 * and garbage around what it holds. A product written again goes at the end of the newest slab
 * and leaves a hole where it was; a slab that is more hole than product has its products moved to
 * the newest slab and is dropped.
 */
export function createArena(slabBytes = SLAB_BYTES) {
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

  return {
    /** Writes a product's JSON, in place of what it had. */
    set(id: number, json: string): void {
      const bytes = Buffer.byteLength(json);
      const start = reserve(id, bytes);
      (slabs[slabOf[id] as number] as Buffer).write(json, start, bytes, 'utf8');
    },

    remove,

    has(id: number): boolean {
      return id < lengthOf.length && lengthOf[id] !== 0;
    },

    /** A product's JSON as a string, or undefined. */
    get(id: number): string | undefined {
      const length = id < lengthOf.length ? (lengthOf[id] as number) : 0;
      if (length === 0) return undefined;
      const start = startOf[id] as number;
      return (slabs[slabOf[id] as number] as Buffer).toString('utf8', start, start + length);
    },

    /** Copies a product's JSON into `to` at `at`; the bytes written (0 when it is not on sale). */
    copy(id: number, to: Buffer, at: number): number {
      const length = id < lengthOf.length ? (lengthOf[id] as number) : 0;
      if (length === 0) return 0;
      const start = startOf[id] as number;
      return (slabs[slabOf[id] as number] as Buffer).copy(to, at, start, start + length);
    },

    length(id: number): number {
      return id < lengthOf.length ? (lengthOf[id] as number) : 0;
    },

    /** Bytes held in slabs, and of them the holes (the profile's report). */
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
 * Every product on sale, in memory, as the JSON the API answers with: a product page is a look-up
 * and a listing page a copy of its products' bytes, with no database read and no serializing per
 * request. Kept up to date from the change feed like the listing and search indexes (a change
 * replaces or drops its products' entries); a full load is built beside the entries in use and
 * swapped in.
 *
 * About 1.1 KB a product, 105 MB at 100,000 products, in slabs outside the V8 heap (see
 * createArena): in the benchmark a worker's peak fell from 649 to 595 MB against the same JSON as
 * strings on the heap (26 November). An answer is decoded into one string from them, a product
 * page's 1 KB or a listing's 24 products copied side by side first and decoded at once: strings,
 * which the young generation's collections free at once, where answers as buffers outside the
 * heap piled up between collections.
 */
export function createProductStore(db: Db) {
  let arena: Arena = createArena();
  // A listing's products side by side before they are decoded: one buffer, grown as needed.
  let scratch = Buffer.allocUnsafeSlow(64 * 1024);

  return {
    async apply(change: CatalogChange): Promise<void> {
      if (change.all) {
        const loaded = createArena();
        // Products more than one seller offers list every offer; the rest, their row's own.
        const offers = await offersOn(db, await productsWithOtherSellers(db));
        let rows = 0;
        for await (const row of repository.productRows(db)) {
          loaded.set(row.id, encode(row, offers.get(row.id)));
          if (++rows % 2_000 === 0) await letRequestsThrough();
        }
        arena = loaded;
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

    /** The JSON of those of `ids` on sale, in order, joined by commas (a list's items). */
    jsonList(ids: readonly number[]): string {
      let bytes = 0;
      for (const id of ids) bytes += arena.length(id) + 1;
      if (bytes > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.max(bytes, scratch.length * 2));
      let at = 0;
      for (const id of ids) {
        if (arena.length(id) === 0) continue;
        if (at > 0) scratch[at++] = COMMA;
        at += arena.copy(id, scratch, at);
      }
      return scratch.toString('utf8', 0, at);
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
