import { describe, expect, it } from 'vitest';
import type { CatalogChange } from '#server/modules/catalog/catalog-changes.ts';
import type { SearchableRow } from './documents.ts';
import { createMemorySearchIndex } from './search-index.memory.ts';

/** A change of the given products, as the change feed delivers it (the index reads only name, brand and text). */
function changeOf(rows: SearchableRow[], leftSale: number[] = []): CatalogChange {
  return { all: false, productIds: [...rows.map((row) => row.id), ...leftSale], products: rows as never, attributes: new Map() };
}

function row(id: number, name: string): SearchableRow {
  return { id, name, brand: 'Dell', search_text: `laptop ${id % 7 === 0 ? 'gaming' : 'office'}${id % 100 === 0 ? ' creator' : ''}` };
}

const GROUPS = [[['dell']], [['vostro']], [['latitude']], [['gaming'], ['dell']], [['inspiron']], [['creator']]];

/** The matches as id → rank, for comparing two indexes' answers. */
async function ranks(index: ReturnType<typeof createMemorySearchIndex>, groups: string[][]): Promise<Map<number, number>> {
  const hits = await index.match(groups);
  return new Map(Array.from(hits.ids, (id, at) => [id, hits.ranks[at] as number]));
}

describe('the in-memory search index under edits', () => {
  it('answers as an index loaded afresh after edits: the same products, ranks within a hair, none twice', async () => {
    // Large enough that the edits below move the corpus by well under 1 %: weights are not all worked out afresh.
    let rows = Array.from({ length: 20_000 }, (_, n) => row(n + 1, `Dell Inspiron ${n + 1}`));
    const index = createMemorySearchIndex(async function* () {
      yield* rows;
    });
    await index.apply({ all: true });
    // Every word's weights worked out before the edits.
    for (const groups of GROUPS) await index.match(groups);
    // Renames (each replaces a document, few enough to be left in the postings as dead ones),
    // new products (postings added after the weights were worked out) and products leaving sale.
    // Two of the 200 "creator" products among the renamed, with more words (so other weights):
    // more of that word's postings are dead than it leaves in, so they are cleared.
    const renamed = [...rows.slice(0, 10), rows[99] as SearchableRow, rows[199] as SearchableRow].map((entry) => ({
      ...entry,
      name: `${entry.name} Vostro`,
      search_text: `${entry.search_text} with a longer description of the same laptop`,
    }));
    const added = Array.from({ length: 10 }, (_, n) => row(50_000 + n, `Dell Latitude ${n}`));
    const left = [rows[20]?.id as number, rows[21]?.id as number];
    await index.apply(changeOf([...renamed, ...added], left));
    const renamedIds = new Set(renamed.map((entry) => entry.id));
    rows = [...renamed, ...rows.filter((entry) => !renamedIds.has(entry.id) && !left.includes(entry.id)), ...added];
    const fresh = createMemorySearchIndex(async function* () {
      yield* rows;
    });
    await fresh.apply({ all: true });
    for (const groups of GROUPS) {
      const kept = await ranks(index, groups);
      const expected = await ranks(fresh, groups);
      const hits = await index.match(groups);
      expect(new Set(hits.ids).size, `${JSON.stringify(groups)}: no product twice`).toBe(hits.ids.length);
      expect(
        [...kept.keys()].sort((a, b) => a - b),
        JSON.stringify(groups),
      ).toEqual([...expected.keys()].sort((a, b) => a - b));
      // Within 2 % (the corpus statistics of a moment ago), for products found since as for the rest.
      for (const [id, rank] of expected)
        expect(Math.abs((kept.get(id) as number) - rank), `${JSON.stringify(groups)} ${id}`).toBeLessThanOrEqual(
          Math.abs(rank) * 0.02 + 0.01,
        );
    }
    // Products that left sale are found by no word (the listing index drops them too, but not only).
    expect((await ranks(index, [['inspiron']])).has(left[0] as number)).toBe(false);
  });
});

describe('the in-memory search index: a query in its fewest words', () => {
  it('lengthens each word to what the terms it starts share, drops words another one starts, and finds the same products with the same ranks', async () => {
    const rows = [
      { id: 1, name: 'Dell XPS 13', brand: 'Dell', search_text: 'free delivery' },
      { id: 2, name: 'Dell XPS 15', brand: 'Dell', search_text: 'laptop' },
      { id: 3, name: 'Lenovo Legion 5', brand: 'Lenovo', search_text: 'laptop' },
      { id: 4, name: 'Lenovo LOQ', brand: 'Lenovo', search_text: 'laptop delivery' },
    ];
    const index = createMemorySearchIndex(async function* () {
      yield* rows;
    });
    await index.apply({ all: true });
    expect(index.canonical([['lenov'], ['lenovo'], ['le']])).toEqual([['lenovo'], ['lenovo'], ['le']]);
    expect(index.canonical([['del'], ['dell', 'de'], ['lenovo', 'legion', 'l']])).toEqual([['del'], ['del'], ['l']]);
    expect(index.canonical([['xp', 'lap'], ['zzz'], ['dellx']])).toEqual([['laptop', 'xps'], [], []]);
    for (const groups of [[['del']], [['lenov'], ['la']], [['xp', 'lap']], [['l'], ['de']]]) {
      const before = await ranks(index, groups);
      expect(await ranks(index, index.canonical(groups)), JSON.stringify(groups)).toEqual(before);
      for (const [id, rank] of before) expect(index.score(groups, id)).toBeCloseTo(rank, 4);
    }
  });
});

describe('the in-memory search index: a word standing for several terms', () => {
  it("finds each product having any of them once, ranked by the sum of its terms' weights, as the terms searched alone give them", async () => {
    // Common words (their products added up in a table), rare ones (their postings merged), and
    // more rare ones than are merged (added up, found in the order met).
    const rare = ['xenon', 'krypton', 'argon', 'neon', 'radon', 'helium', 'boron', 'carbon', 'cobalt'];
    const rows = Array.from({ length: 400 }, (_, n) => ({
      id: n + 1,
      name: `${['Dell', 'Lenovo', 'Acer', 'Asus'][n % 4]} ${n % 3 === 0 ? 'Vostro' : 'Aspire'} ${n}${n % 41 === 5 ? ` ${rare[n % 9]} ${rare[(n + 1) % 9]}` : ''}`,
      brand: ['Dell', 'Lenovo', 'Acer', 'Asus'][n % 4] as string,
      search_text: n % 5 === 0 ? 'vostro office laptop' : 'laptop',
    }));
    const index = createMemorySearchIndex(async function* () {
      yield* rows;
    });
    await index.apply({ all: true });
    // Some products leave sale: their postings are left in, and must be skipped.
    await index.apply(changeOf([], [3, 30, 33]));
    for (const terms of [
      ['vostro', 'aspire'],
      ['dell', 'vostro'],
      ['acer', 'asus', 'office'],
      ['xenon', 'krypton', 'argon'],
      rare,
      ['dell', ...rare],
    ]) {
      const alone = await Promise.all(terms.map((term) => ranks(index, [[term]])));
      const expected = new Map<number, number>();
      for (const found of alone) for (const [id, rank] of found) expected.set(id, (expected.get(id) ?? 0) + rank);
      const together = await ranks(index, [terms]);
      const hits = await index.match([terms]);
      expect(hits.ids.length, `${terms}: no product twice`).toBe(new Set(hits.ids).size);
      expect(
        [...together.keys()].sort((a, b) => a - b),
        terms.join(),
      ).toEqual([...expected.keys()].sort((a, b) => a - b));
      for (const [id, rank] of expected) expect(together.get(id), `${terms} ${id}`).toBeCloseTo(rank, 3);
      expect(together.has(3) || together.has(30) || together.has(33)).toBe(false);
      expect(together.size, terms.join()).toBeGreaterThan(1);
    }
  });
});

describe('the in-memory search index: a mistyped word', () => {
  it('is read as the close word most products have, kept up to date as words come and go', async () => {
    const rows = [
      row(1, 'Acer Core Laptop'),
      row(2, 'Dell Core Desktop'),
      row(3, 'HP Core Mini'),
      row(4, 'Lenovo Cure Edition'),
      row(5, 'Asus Code Pro'),
    ];
    const index = createMemorySearchIndex(async function* () {
      yield* rows;
    });
    await index.apply({ all: true });
    expect(index.alternatives('cire')).toEqual(['core']);
    expect(index.alternatives('coxe')).toEqual(['core']);
    const found = async (word: string) => [...(await index.match(index.canonical([index.alternatives(word)]))).ids].sort();
    expect(await found('cire')).toEqual([1, 2, 3]);
    // More products come to have "cure": the same typo reads as it now.
    await index.apply(changeOf([row(6, 'Cure One'), row(7, 'Cure Two'), row(8, 'Cure Three')]));
    expect(index.alternatives('cire')).toEqual(['cure']);
    expect(await found('cire')).toEqual([4, 6, 7, 8]);
    // A word in no product is not a reading.
    await index.apply(changeOf([], [4, 6, 7, 8]));
    expect(index.alternatives('cire')).toEqual(['core']);
  });

  it('is never read as a word no product has any more, even when only the start of a longer word is left', async () => {
    const rows = [row(1, 'Corex One'), row(2, 'Corex Two'), row(3, 'Corex Three'), row(4, 'Cure Edition')];
    const index = createMemorySearchIndex(async function* () {
      yield* rows;
    });
    await index.apply({ all: true });
    expect(index.alternatives('cire')).toEqual(['cure']);
    await index.apply(changeOf([], [4]));
    expect(index.alternatives('cire')).toEqual(['core']);
    expect([...(await index.match(index.canonical([index.alternatives('cire')]))).ids].sort()).toEqual([1, 2, 3]);
  });

  it('before the last word, is read as the whole word most products have, not the one starting the most words', async () => {
    const rows = [row(1, 'Core A'), row(2, 'Cord B'), row(3, 'Cord C'), row(4, 'Cores D'), row(5, 'Cores E'), row(6, 'Cores F')];
    const index = createMemorySearchIndex(async function* () {
      yield* rows;
    });
    await index.apply({ all: true });
    // "corr" is one letter off "core" and "cord": as a prefix, "core" starts more words (core, cores).
    expect(index.alternatives('corr', true)).toEqual(['cord$']);
    expect(index.alternatives('corr')).toEqual(['core']);
  });
});

describe('the in-memory search index: a whole word', () => {
  it('matches that word alone, where a prefix matches every word it starts', async () => {
    const rows = [row(1, 'Acer Pro 14'), row(2, 'Dell Processor Tower'), row(3, 'HP Professional Monitor'), row(4, 'Asus Vivobook')];
    const index = createMemorySearchIndex(async function* () {
      yield* rows;
    });
    await index.apply({ all: true });
    const found = async (groups: string[][]) => [...(await index.match(index.canonical(groups))).ids].sort();
    expect(await found([['pro$']])).toEqual([1]);
    expect(await found([['pro']])).toEqual([1, 2, 3]);
    expect(await found([['pro$'], ['14']])).toEqual([1]);
    expect(index.canonical([['pro$', 'pro'], ['zzz$'], ['processor$', 'proc']])).toEqual([['pro'], [], ['processor']]);
    expect(index.alternatives('pro', true)).toEqual(['pro$']);
    // Not a word of its own: a typo of the nearest whole word, or nothing.
    expect(index.alternatives('proc', true)).toEqual(['pro$']);
    expect(index.alternatives('procesor', true)).toEqual(['processor$']);
    expect(index.alternatives('xyzq', true)).toEqual([]);
    // Neither a word nor a typo of one (a shortened word, part of a model number): a prefix after all.
    expect(index.alternatives('professio', true)).toEqual(['professio']);
    expect(index.alternatives('1', true)).toEqual(['1']);
    expect(index.alternatives('14', true)).toEqual(['14$']);
    expect(index.alternatives('vivobok', true)).toEqual(['vivobook$']);
    expect(index.score([['pro$']], 2)).toBeUndefined();
    expect(index.score([['pro$']], 1)).toBeGreaterThan(0);
  });
});
