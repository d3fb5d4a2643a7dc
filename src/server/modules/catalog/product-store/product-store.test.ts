import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { createArena, createProductStore } from './product-store.ts';

const json = (id: number, text = 'x'.repeat(100)) => JSON.stringify({ id, text });

describe('the products’ JSON outside the heap', () => {
  it('gives back what was written, text beyond Latin-1 included, and nothing for a product not written or removed', () => {
    const arena = createArena(1024);
    arena.set(3, json(3, 'Price ₹1,29,999 — “new” 🙂 café'));
    arena.set(1, json(1));
    expect(arena.get(3)).toBe(json(3, 'Price ₹1,29,999 — “new” 🙂 café'));
    expect(arena.get(1)).toBe(json(1));
    expect(arena.get(2)).toBeUndefined();
    expect(arena.get(5000)).toBeUndefined();
    arena.remove(1);
    expect(arena.get(1)).toBeUndefined();
    expect(arena.has(1)).toBe(false);
    expect(arena.has(3)).toBe(true);
  });

  it('copies a product’s bytes for a list, and one larger than a slab has a slab of its own', () => {
    const arena = createArena(256);
    const large = json(7, 'y'.repeat(1000));
    arena.set(7, large);
    arena.set(8, json(8, 'é'));
    const to = Buffer.alloc(2000);
    const written = arena.copy(7, to, 0);
    expect(to.toString('utf8', 0, written)).toBe(large);
    expect(arena.copy(8, to, written)).toBe(Buffer.byteLength(json(8, 'é')));
    expect(arena.copy(9, to, 0)).toBe(0);
  });

  it('keeps every product as last written through edits, dropping slabs that are mostly holes', () => {
    const arena = createArena(4096);
    const expected = new Map<number, string>();
    // Every product written again several times, some removed and written back.
    for (let round = 0; round < 20; round++) {
      for (let id = 0; id < 200; id++) {
        if ((id + round) % 7 === 0) {
          arena.remove(id);
          expected.delete(id);
        } else if ((id * 31 + round) % 3 === 0 || round === 0) {
          const text = json(id, `${round}:`.repeat(1 + ((id + round) % 40)));
          arena.set(id, text);
          expected.set(id, text);
        }
      }
    }
    for (let id = 0; id < 200; id++) expect(arena.get(id)).toBe(expected.get(id));
    const live = [...expected.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    const { bytes, holes } = arena.size();
    expect(bytes - holes).toBe(live);
    // Holes are at most half of every slab but the newest.
    expect(bytes).toBeLessThanOrEqual(2 * live + 2 * 4096);
  });

  it('keeps products compressed against a dictionary of others, and gives each back byte for byte', () => {
    const product = (id: number) =>
      JSON.stringify({
        id,
        vendor: { id: 4, name: 'Nehru Place Computers', slug: 'nehru-place' },
        name: `Dell Inspiron 15 ${id}`,
        category: 'Laptop',
        description: `Model ${id}: ₹${id * 7},999 — “fast” ${'z'.repeat(id % 90)}`,
        specs: { ramGb: 16, storageGb: 512 },
      });
    const dictionary = Buffer.from([1, 2, 3].map(product).join(''));
    const arena = createArena(4096, dictionary);
    const plain = createArena(4096);
    for (let id = 10; id < 200; id++) {
      arena.set(id, product(id));
      plain.set(id, product(id));
    }
    const to = Buffer.alloc(4096);
    for (let id = 10; id < 200; id++) {
      expect(arena.get(id)).toBe(product(id));
      expect(arena.length(id)).toBe(Buffer.byteLength(product(id)));
      expect(to.toString('utf8', 5, 5 + arena.copy(id, to, 5))).toBe(product(id));
    }
    const written = [...Array(190).keys()].reduce((sum, k) => sum + Buffer.byteLength(product(k + 10)), 0);
    expect(arena.size().bytes - arena.size().holes).toBeLessThan(written / 2);
    expect(arena.size().bytes - arena.size().holes).toBeLessThan(plain.size().bytes - plain.size().holes);
  });

  it('copies products decoded lately from a ring, never one written since or one the ring has come round over', () => {
    const text = (id: number, version: number) => json(id, `v${version} ${'w'.repeat((id * 13) % 150)}`);
    // A ring of 3,000 bytes holds a dozen or so of these.
    const arena = createArena(4096, Buffer.from(text(0, 0)), 3000);
    const version = new Map<number, number>();
    const to = Buffer.alloc(4096);
    // Read, written again at once, read: the new text, not the ring's.
    arena.set(1, text(1, 100));
    expect(arena.get(1)).toBe(text(1, 100));
    arena.set(1, text(1, 101));
    expect(arena.get(1)).toBe(text(1, 101));
    arena.remove(1);
    expect(arena.get(1)).toBeUndefined();
    for (let round = 0; round < 30; round++) {
      for (let id = 1; id < 60; id++) {
        if ((id + round) % 5 === 0) {
          version.set(id, round);
          arena.set(id, text(id, round));
        }
        if (!version.has(id)) continue;
        // Read twice: decoded, then (while the ring still holds it) copied.
        for (let read = 0; read < 2; read++) {
          const at = (id + read) % 9;
          expect(to.toString('utf8', at, at + arena.copy(id, to, at))).toBe(text(id, version.get(id) as number));
        }
        expect(arena.get(id)).toBe(text(id, version.get(id) as number));
      }
    }
    arena.remove(7);
    expect(arena.copy(7, to, 0)).toBe(0);
  });
});

describe.each(testDialects())('the product store on %s', (dialect) => {
  let t: TestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const vendorId = (await createVendor(t.services, { name: 'Lamington Road Traders', slug: 'lamington' })).id;
    for (const [index, name] of ['Acer Aspire 7', 'Dell Inspiron 15', 'HP Victus 16', 'Lenovo IdeaPad Slim 5'].entries()) {
      ids.push(
        (await createProduct(t.services, { vendorId, name, brand: name.split(' ')[0] as string, price: rupees(50_000 + index * 1_000) }))
          .id,
      );
    }
  });
  afterAll(() => t.close());

  it('keeps a catalogue up to the size given compressed and a larger one as it is, answering the same JSON either way', async () => {
    const small = createProductStore(t.database.db, { compressedUpTo: ids.length });
    const large = createProductStore(t.database.db, { compressedUpTo: ids.length - 1 });
    await small.apply({ all: true });
    await large.apply({ all: true });
    const expected = await t.app.inject({ method: 'GET', url: `/api/products/${ids[1]}` });
    expect(small.json(ids[1] as number)).toBe(expected.body);
    expect(large.json(ids[1] as number)).toBe(expected.body);
    expect(small.jsonList(ids)).toEqual(large.jsonList(ids));
    expect(JSON.parse(small.jsonList(ids, '[', ']').toString()).map((product: { id: number }) => product.id)).toEqual(ids);
    // Products not on sale are left out, with their commas; what comes round them is written as UTF-8.
    const answer = large.jsonList([0, ids[0] as number, 999_999, ids[2] as number], '{"note":"₹ ×","items":[', ']}');
    expect(JSON.parse(answer.toString())).toEqual({
      note: '₹ ×',
      items: [JSON.parse(large.json(ids[0] as number) as string), JSON.parse(large.json(ids[2] as number) as string)],
    });
    const stored = (store: typeof small) => store.size().bytes - store.size().holes;
    expect(stored(small)).toBeLessThan(stored(large) * 0.8);
  });
});
