import { describe, expect, it } from 'vitest';
import { createArena } from './product-store.ts';

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
    // Holes are at most half of every slab but the newest (written 126 KB in all).
    expect(bytes).toBeLessThanOrEqual(2 * live + 2 * 4096);
  });
});
