import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { ProductQuerySchema } from '#shared/schemas/catalog-query.ts';
import type { Sort } from '#shared/schemas/catalog.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor, laptopSpecs, monitorSpecs } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { CHANGE_LOG_MARGIN_MS, createChangeFeed } from '../catalog-changes.ts';
import { CHANGE_WAIT_MS, createCatalogService } from '../catalog.service.ts';
import { createCatalogIndex } from './catalog-index.ts';
import type { IndexFilter, IndexResult, SearchHits, SlotHints } from './listing-query.ts';

/** An index kept by its own change feed, as each process keeps one. */
function indexWithFeed(
  t: TestApp,
  pollMs = 0,
  reloadAbove?: number,
  marginMs?: number,
  log: (error: unknown) => void = (error) => console.error(error),
) {
  const feed = createChangeFeed(t.database.db, { pollMs, reloadAbove, marginMs, log });
  const index = createCatalogIndex(t.database.db, t.services.delivery.place);
  const deliveries: Array<{ all: boolean; products: number }> = [];
  feed.listen(async (change) => {
    await index.apply(change);
    deliveries.push({ all: change.all, products: change.all ? 0 : change.productIds.length });
  });
  return { feed, index, deliveries };
}

/** A pseudo-random sequence that is the same on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const everything: IndexFilter = { brands: [], attributes: {} };

/**
 * An answer with its facet rows in one order: an index numbers spec values in the order it first
 * met them, which depends on the order it read the products in (the service sorts them anyway).
 */
function canonical(result: IndexResult): IndexResult {
  const byValue = <T extends { value: string }>(rows: T[]) =>
    [...rows].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return {
    ...result,
    categories: byValue(result.categories),
    attributes: byValue(result.attributes).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  };
}
const SORTS: Sort[] = ['relevance', 'price_asc', 'price_desc', 'newest'];

describe.each(testDialects())('the listing index under catalogue changes on %s', (dialect) => {
  let t: TestApp;
  let vendorId: number;
  let cheap: number;
  let dear: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    vendorId = (await createVendor(t.services)).id;
    cheap = (await createProduct(t.services, { vendorId, name: 'Index Cheap', price: rupees(30_000) })).id;
    dear = (await createProduct(t.services, { vendorId, name: 'Index Dear', price: rupees(90_000) })).id;
  });
  afterAll(() => t.close());

  const setPrice = (id: number, price: number) =>
    t.database.db.updateTable('products').set({ price, mrp: price }).where('id', '=', id).execute();

  it('takes in an edit product by product, without reading the catalogue again', async () => {
    const { feed, index, deliveries } = indexWithFeed(t);
    await feed.ready();
    expect(index.query(everything, 'price_asc', 1, 10).ids).toEqual([cheap, dear]);

    await setPrice(cheap, rupees(120_000));
    feed.changed();
    await feed.settled();
    expect(index.query(everything, 'price_asc', 1, 10).ids).toEqual([dear, cheap]);
    expect(deliveries).toEqual([
      { all: true, products: 0 },
      { all: false, products: 1 },
    ]);

    // Looking again finds nothing new: a change is delivered once, though the log is read again within its margin.
    feed.changed();
    await feed.settled();
    expect(deliveries).toHaveLength(2);
    await setPrice(cheap, rupees(30_000));
    feed.close();
  });

  it('sees a change made elsewhere without word of it, by looking every poll', async () => {
    const { feed, index } = indexWithFeed(t, 50);
    await feed.ready();
    await setPrice(dear, rupees(10_000)); // no feed.changed(): another machine, and Redis is away
    await expect.poll(() => index.query(everything, 'price_asc', 1, 10).ids, { timeout: 2_000, interval: 20 }).toEqual([dear, cheap]);
    await setPrice(dear, rupees(90_000));
    await expect.poll(() => index.query(everything, 'price_asc', 1, 10).ids, { timeout: 2_000, interval: 20 }).toEqual([cheap, dear]);
    feed.close();
  });

  it('still takes in a change whose transaction committed after a later one had been read', async () => {
    const { feed, index } = indexWithFeed(t);
    await feed.ready();
    await setPrice(dear, rupees(95_000));
    feed.changed();
    await feed.settled();
    // A transaction that began earlier commits now: its change is logged with its earlier time.
    await setPrice(cheap, rupees(99_000));
    const latest = await t.database.db
      .selectFrom('catalog_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('catalog_changes')
      .set({ changed_at: Date.now() - CHANGE_LOG_MARGIN_MS / 2 })
      .where('id', '=', Number(latest.id))
      .execute();
    feed.changed();
    await feed.settled();
    expect(index.query(everything, 'price_asc', 1, 10).ids).toEqual([dear, cheap]);
    await setPrice(cheap, rupees(30_000));
    await setPrice(dear, rupees(90_000));
    feed.close();
  });

  it('reads everything again once after a bulk write, not at every look while its rows are in the margin', async () => {
    const { feed, index, deliveries } = indexWithFeed(t, 0, 20);
    await feed.ready();
    const before = index.size;
    const vendor = (await createVendor(t.services)).id;
    const { db } = t.database;
    await db.transaction().execute((tx) =>
      t.services.catalog.createMany(
        Array.from({ length: 30 }, (_, n) => ({
          vendorId: vendor,
          name: `Bulk ${n}`,
          slug: `bulk-${n}-${vendor}`,
          brand: 'Bulk',
          category: 'Monitor' as const,
          description: 'Imported',
          price: rupees(10_000),
          mrp: rupees(10_000),
          stock: 1,
          images: [],
          specs: monitorSpecs(),
          status: 'active' as const,
        })),
        tx,
      ),
    );
    feed.changed();
    await feed.settled();
    expect(index.size).toBe(before + 30);
    const loads = deliveries.filter((delivery) => delivery.all).length;
    for (let n = 0; n < 3; n++) {
      feed.changed();
      await feed.settled();
    }
    expect(deliveries.filter((delivery) => delivery.all)).toHaveLength(loads);
    // An edit after it is a change of one product again.
    await setPrice(cheap, rupees(31_000));
    feed.changed();
    await feed.settled();
    expect(deliveries.at(-1)).toEqual({ all: false, products: 1 });
    await setPrice(cheap, rupees(30_000));
    feed.close();
  });

  it('after a bulk write, still takes in a transaction that committed late within its margin', async () => {
    const { feed, index, deliveries } = indexWithFeed(t, 0, 20, 400);
    await feed.ready();
    const vendor = (await createVendor(t.services)).id;
    await t.database.db.transaction().execute((tx) =>
      t.services.catalog.createMany(
        Array.from({ length: 30 }, (_, n) => ({
          vendorId: vendor,
          name: `Late ${n}`,
          slug: `late-${n}-${vendor}`,
          brand: 'Late',
          category: 'Monitor' as const,
          description: 'Imported',
          price: rupees(10_000),
          mrp: rupees(10_000),
          stock: 1,
          images: [],
          specs: monitorSpecs(),
          status: 'active' as const,
        })),
        tx,
      ),
    );
    feed.changed();
    await feed.settled();
    const loads = deliveries.filter((delivery) => delivery.all).length;
    // A transaction open during that load commits now, its change logged inside the bulk's window.
    await setPrice(cheap, rupees(125_000));
    const latest = await t.database.db
      .selectFrom('catalog_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const window = await t.database.db
      .selectFrom('catalog_changes')
      .select((eb) => eb.fn.max('changed_at').as('at'))
      .where('id', '<', Number(latest.id))
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('catalog_changes')
      .set({ changed_at: Number(window.at) - 100 })
      .where('id', '=', Number(latest.id))
      .execute();
    feed.changed();
    await feed.settled();
    expect(index.query(everything, 'price_desc', 1, 1).ids).not.toEqual([cheap]); // not seen yet: older than the look's start
    await new Promise((resolve) => setTimeout(resolve, 450));
    feed.changed();
    await feed.settled();
    expect(index.query(everything, 'price_desc', 1, 1).ids).toEqual([cheap]);
    expect(deliveries.filter((delivery) => delivery.all)).toHaveLength(loads); // without another full load
    await setPrice(cheap, rupees(30_000));
    feed.close();
  });

  it('retries a change a view failed to take in, and loads everything after repeated failures instead of stalling', async () => {
    const failures: unknown[] = [];
    const { feed, index, deliveries } = indexWithFeed(t, 0, undefined, undefined, (error) => failures.push(error));
    let failing = 0;
    feed.listen(() => {
      if (failing > 0) {
        failing--;
        throw new Error('a view failed');
      }
    });
    await feed.ready();
    failing = 1;
    await setPrice(cheap, rupees(140_000));
    feed.changed();
    await feed.settled(); // the failed look
    feed.changed();
    await feed.settled(); // made again, from where it started
    expect(index.query(everything, 'price_desc', 1, 1).ids).toEqual([cheap]);

    failing = 3;
    const loads = deliveries.filter((delivery) => delivery.all).length;
    await setPrice(cheap, rupees(30_000));
    for (let n = 0; n < 4; n++) {
      feed.changed();
      await feed.settled();
    }
    expect(deliveries.filter((delivery) => delivery.all)).toHaveLength(loads + 1);
    expect(index.query(everything, 'price_desc', 1, 1).ids).not.toEqual([cheap]);
    expect(failures).toHaveLength(4);
    feed.close();
  });

  it('answers a price range from the price order exactly as a pass over every product would', async () => {
    const tie = (await createProduct(t.services, { vendorId, name: 'Index Tie', price: rupees(30_000) })).id;
    const { feed, index } = indexWithFeed(t);
    await feed.ready();
    const all = index.query(everything, 'price_asc', 1, 100);
    const prices = new Map(
      (await t.database.db.selectFrom('products').select(['id', 'price']).execute()).map((row) => [row.id, Number(row.price)]),
    );
    const bounds = [undefined, rupees(29_999), rupees(30_000), rupees(30_001), rupees(89_999), rupees(90_000), rupees(90_001)];
    for (const minPrice of bounds) {
      for (const maxPrice of bounds) {
        if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) continue;
        const expected = all.ids.filter((id) => {
          const price = prices.get(id) as number;
          return (minPrice === undefined || price >= minPrice) && (maxPrice === undefined || price <= maxPrice);
        });
        const found = index.query({ ...everything, minPrice, maxPrice }, 'price_asc', 1, 100);
        expect(found.ids, `${minPrice}–${maxPrice}`).toEqual(expected);
        expect(found.total).toBe(expected.length);
        expect(found.brands.reduce((sum, row) => sum + row.count, 0)).toBe(expected.length);
      }
    }
    // Both products at exactly ₹30,000 are in a range that starts or ends there.
    expect(index.query({ ...everything, minPrice: rupees(30_000), maxPrice: rupees(30_000) }, 'newest', 1, 10).ids.sort()).toEqual(
      [cheap, tie].sort(),
    );
    await t.database.db.deleteFrom('product_attributes').where('product_id', '=', tie).execute();
    await t.database.db.deleteFrom('products').where('id', '=', tie).execute();
    feed.close();
  });

  it('gives the products closest in price in the same category, ties by id, as the SQL ordering would', async () => {
    const { feed, index } = indexWithFeed(t);
    await feed.ready();
    const made: number[] = [];
    for (const [n, price] of [29_000, 30_000, 30_000, 31_000, 31_000, 45_000, 15_000].entries()) {
      made.push((await createProduct(t.services, { vendorId, name: `Index Related ${n}`, price: rupees(price) })).id);
    }
    feed.changed();
    await feed.settled();
    const { db } = t.database;
    for (const id of [cheap, dear, ...made]) {
      const product = await db.selectFrom('products').select(['category', 'price']).where('id', '=', id).executeTakeFirstOrThrow();
      for (const limit of [1, 2, 4, 20]) {
        const expected = await db
          .selectFrom('products')
          .innerJoin('vendors', 'vendors.id', 'products.vendor_id')
          .select('products.id')
          .where('products.status', '=', 'active')
          .where('products.hidden_reason', 'is', null)
          .where('vendors.status', '=', 'active')
          .where('products.category', '=', product.category)
          .where('products.id', '!=', id)
          .orderBy(sql`abs(products.price - ${product.price})`)
          .orderBy('products.id')
          .limit(limit)
          .execute();
        expect(index.related(id, limit), `${id} × ${limit}`).toEqual(expected.map((row) => row.id));
      }
    }
    expect(index.related(999_999, 4)).toEqual([]);
    for (const id of made) {
      await db.deleteFrom('product_attributes').where('product_id', '=', id).execute();
      await db.deleteFrom('products').where('id', '=', id).execute();
    }
    feed.close();
  });

  it('never keeps a listing waiting for index maintenance longer than the change wait', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // A catalogue with production's change wait (the test app's is longer).
    const catalog = createCatalogService({ db: t.database.db, dialect, places: t.services.delivery });
    await catalog.settled();
    // Hold the next delivery, as a slow database or a full rebuild of a large catalogue would.
    let holding = true;
    catalog.listen(async () => {
      if (holding) await held;
    });
    await setPrice(cheap, rupees(31_000));
    catalog.changed();
    const started = performance.now();
    const listed = await catalog.list(ProductQuerySchema.parse({ sort: 'price_asc' }));
    expect(performance.now() - started).toBeLessThan(CHANGE_WAIT_MS + 200);
    expect(listed.total).toBeGreaterThanOrEqual(2);
    holding = false;
    release();
    await catalog.settled();
    catalog.close();
  });

  it('brings a kept search pass up to date when one of its hits takes a brand or spec value never seen before', async () => {
    const { feed, index } = indexWithFeed(t);
    await feed.ready();
    const hits = { ids: Int32Array.from([cheap, dear]), ranks: Float32Array.from([1, 2]) };
    const search: IndexFilter = { ...everything, match: hits };
    const { brand } = await t.database.db.selectFrom('products').select('brand').where('id', '=', dear).executeTakeFirstOrThrow();
    const before = index.query(search, 'relevance', 1, 10);
    expect(before.brands.map((row) => row.value)).not.toContain('Zebronics');
    await t.database.db.updateTable('products').set({ brand: 'Zebronics' }).where('id', '=', dear).execute();
    feed.changed();
    await feed.settled();
    const after = index.query(search, 'relevance', 1, 10);
    expect(after.brands).toContainEqual({ value: 'Zebronics', count: 1 });
    expect(canonical(after)).toEqual(canonical(index.queryByPass(search, 'relevance', 1, 10)));
    await t.database.db.updateTable('products').set({ brand }).where('id', '=', dear).execute();
    feed.close();
  });

  it('after any sequence of edits, answers exactly as an index loaded afresh', async () => {
    const next = random(11);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const { feed, index } = indexWithFeed(t);
    await feed.ready();
    const other = (await createVendor(t.services)).id;
    const ids: number[] = [];
    for (let n = 0; n < 80; n++) {
      const category = pick(['Laptop', 'Monitor'] as const);
      const created = await createProduct(t.services, {
        vendorId: n % 3 === 0 ? other : vendorId,
        category,
        brand: pick(['Lenovo', 'Dell', 'HP']),
        price: rupees(20_000 + Math.floor(next() * 50) * 1_000),
        stock: Math.floor(next() * 3),
        specs: category === 'Laptop' ? laptopSpecs({ ramGb: pick([8, 16, 32]) }) : monitorSpecs({ sizeIn: pick([24, 27]) }),
        featured: next() < 0.2,
      });
      ids.push(created.id);
    }
    const { db } = t.database;
    // Some of the other seller's products are sold by the first too, in stock or not: where the
    // other does not deliver, the first's offer in stock keeps them listed.
    const shared = ids.filter((_, n) => n % 3 === 0 && n % 2 === 0);
    for (const id of shared)
      await t.services.catalog.addOffer(vendorId, id, {
        price: rupees(80_000),
        mrp: rupees(80_000),
        stock: Math.floor(next() * 2),
        dispatchDays: 2,
      });
    const [assam, manipur, bengaluru] = await Promise.all(
      ['781001', '795001', '560103'].map((pincode) => t.services.delivery.knownPlace(pincode)),
    );
    /** The other seller's delivery settings, saved as its profile is (which logs a catalogue change). */
    const reach = (shipsToSpecialZones: boolean, pincode: string, state: string) =>
      t.services.vendors.updateProfile(other, {
        name: 'Index Other Seller',
        phone: '9845012345',
        gstin: null,
        pickup_address: JSON.stringify({
          name: 'Other',
          phone: '9845012345',
          line1: '1 Road',
          line2: '',
          city: 'Somewhere',
          state,
          pincode,
        }),
        low_stock_threshold: 5,
        ships_to_special_zones: Number(shipsToSpecialZones),
      });
    await reach(false, '560002', 'Karnataka');
    const edits = [
      (id: number) => setPrice(id, rupees(20_000 + Math.floor(next() * 50) * 1_000)),
      (id: number) =>
        db
          .updateTable('products')
          .set({ stock: Math.floor(next() * 3) })
          .where('id', '=', id)
          .execute(),
      (id: number) =>
        db
          .updateTable('products')
          .set({ status: pick(['active', 'draft'] as const) })
          .where('id', '=', id)
          .execute(),
      (id: number) =>
        db
          .updateTable('products')
          .set({ featured: next() < 0.5 ? 1 : 0 })
          .where('id', '=', id)
          .execute(),
      (id: number) =>
        db
          .updateTable('products')
          .set({ brand: pick(['Lenovo', 'Dell', 'HP', 'Acer']) })
          .where('id', '=', id)
          .execute(),
      (id: number) =>
        db
          .updateTable('products')
          .set({ hidden_reason: next() < 0.5 ? 'Misleading' : null })
          .where('id', '=', id)
          .execute(),
      (id: number) =>
        db
          .updateTable('product_attributes')
          .set({ value: pick(['8', '16', '32']) })
          .where('product_id', '=', id)
          .where('key', '=', 'ram')
          .execute()
          .then(() => db.updateTable('products').set({ updated_at: new Date().toISOString() }).where('id', '=', id).execute()),
      (id: number) => db.deleteFrom('products').where('id', '=', id).execute(),
      // The first seller's offer of a shared product goes in or out of stock.
      () => t.services.catalog.setFieldsForVendor(vendorId, pick(shared), { stock: Math.floor(next() * 2) }),
    ];
    const priceRanges: Array<[number | undefined, number | undefined]> = [
      [0, undefined],
      [rupees(25_000), rupees(50_000)],
      [undefined, rupees(42_000)],
      [rupees(31_000), undefined],
      [rupees(33_000), rupees(33_000)],
      [rupees(20_000), rupees(70_000)],
    ];
    // A search's hits (some tied in rank), the same object at every round, as the search service
    // keeps them: the index keeps its passes over them while none of their products changes.
    const searched = ids.filter(() => next() < 0.6);
    const keptHits = { ids: Int32Array.from(searched), ranks: Float32Array.from(searched, () => Math.floor(next() * 3)) };
    const hitsCopy = () => ({ ids: Int32Array.from(keptHits.ids), ranks: Float32Array.from(keptHits.ranks) });
    // The same hits as the search index gives them, with their documents and the slot hints all its
    // hits share: those laid over this index keep theirs across the rounds' edits, and those laid
    // over each round's fresh index (another listing, other slots) must not take the old ones.
    const documentsOf = (hits: SearchHits) => Int32Array.from(hits.ids, (id) => searched.indexOf(id));
    const hinted: SearchHits = {
      ...hitsCopy(),
      docs: documentsOf(keptHits),
      slotHints: { listing: -1, slots: new Int32Array(searched.length) },
    };
    const freshHints: SlotHints = { listing: -1, slots: new Int32Array(searched.length) };
    // A rare word's: fewer than a 32nd of the products, which are put in slot order by sorting them.
    const rareFirst = (await createProduct(t.services, { vendorId, price: rupees(50_000) })).id;
    const rareSecond = (await createProduct(t.services, { vendorId, price: rupees(40_000) })).id;
    const rareHits = { ids: Int32Array.from([rareSecond, rareFirst]), ranks: Float32Array.from([2, 3]) };
    // Taken in before the first search: hits the listing does not have are dropped from them for good.
    feed.changed();
    await feed.settled();
    expect(index.query({ ...everything, match: keptHits }, 'relevance', 1, 1).total).toBe(searched.length);
    for (let round = 0; round < 6; round++) {
      // Searches asked before the edits, so their kept passes must see them.
      for (const sort of SORTS) index.query({ ...everything, match: keptHits }, sort, 1, 5);
      for (let n = 0; n < 12; n++) await pick(edits)(pick(ids));
      // The rare word's cheaper hit at every round: its kept passes must see the change.
      await setPrice(rareFirst, rupees(round % 2 === 0 ? 30_000 : 60_000));
      // In stock at every other round: the better-ranked result comes and goes.
      await db
        .updateTable('products')
        .set({ stock: round % 2 === 0 ? 0 : 5 })
        .where('id', '=', rareFirst)
        .execute();
      if (round === 3) await t.services.vendors.setStatus(other, 'suspended');
      if (round === 5) await t.services.vendors.setStatus(other, 'active');
      // Moved to Assam (which it then reaches, Manipur not), then shipping everywhere, then back.
      if (round === 1) await reach(false, '781001', 'Assam');
      if (round === 2) await reach(true, '781001', 'Assam');
      if (round === 4) await reach(false, '560002', 'Karnataka');
      feed.changed();
      await feed.settled();
      const fresh = createCatalogIndex(db, t.services.delivery.place);
      await fresh.apply({ all: true });
      const filters: IndexFilter[] = [
        everything,
        { ...everything, category: 'Monitor' },
        { ...everything, brands: ['Dell'] },
        { ...everything, category: 'Laptop', brands: ['Lenovo', 'HP'] },
        { ...everything, inStock: true, minPrice: rupees(30_000) },
        { ...everything, featured: true },
        { brands: [], attributes: { ram: ['16', '32'] }, category: 'Laptop' },
        // Answered from kept counts: in stock, brands, one spec's values, together or alone.
        { ...everything, inStock: true },
        { ...everything, category: 'Laptop', inStock: true, brands: ['Dell', 'HP'] },
        { brands: ['Lenovo'], attributes: { ram: ['16'] }, category: 'Laptop' },
        { brands: ['HP', 'Dell', 'HP'], attributes: { ram: ['8', '32', '8'] }, inStock: true },
        { brands: ['Nobody'], attributes: { ram: ['16'] }, inStock: true },
        { brands: ['Dell'], attributes: { ram: ['64'] } },
        { brands: [], attributes: { screenSize: ['27'] }, category: 'Laptop' },
        { brands: ['Dell'], attributes: { panel: ['IPS'] }, category: 'Laptop', inStock: true },
        // Delivered to a PIN code: in stock (outside the special zones), and from a seller who reaches it.
        { ...everything, deliverTo: assam },
        { ...everything, deliverTo: manipur, category: 'Laptop', brands: ['Dell', 'HP'] },
        { brands: [], attributes: { ram: ['16'] }, deliverTo: manipur },
        { ...everything, category: 'Monitor', deliverTo: bengaluru },
      ];
      expect(fresh.size).toBeGreaterThan(2 * 32);
      const searches = [
        ...[...filters.slice(0, 7), ...filters.slice(9, 11), ...filters.slice(-4)].map((filter) => ({ ...filter, match: keptHits })),
        { ...everything, match: rareHits },
        { ...everything, inStock: true, match: rareHits },
      ];
      for (const filter of searches) {
        for (const sort of SORTS) {
          // Small pages first: they are answered from pages kept since before the edits.
          for (const [page, pageSize] of [
            [1, 1],
            [1, 2],
            [2, 3],
            [3, 2],
            [1, 100],
          ] as const) {
            const described = `search ${JSON.stringify({ ...filter, match: undefined })} ${sort} page ${page} of ${pageSize}`;
            const answer = index.query(filter, sort, page, pageSize);
            expect(canonical(answer), described).toEqual(canonical(index.queryByPass(filter, sort, page, pageSize)));
            const copied =
              filter.match === keptHits ? hitsCopy() : { ids: Int32Array.from(rareHits.ids), ranks: Float32Array.from(rareHits.ranks) };
            expect(canonical(answer), `${described}, fresh`).toEqual(
              canonical(fresh.query({ ...filter, match: copied }, sort, page, pageSize)),
            );
            if (filter.match !== keptHits) continue;
            expect(canonical(index.query({ ...filter, match: hinted }, sort, page, pageSize)), `${described}, with slot hints`).toEqual(
              canonical(answer),
            );
            const freshHinted = { ...hitsCopy(), docs: documentsOf(keptHits), slotHints: freshHints };
            expect(
              canonical(fresh.query({ ...filter, match: freshHinted }, sort, page, pageSize)),
              `${described}, fresh, with slot hints`,
            ).toEqual(canonical(answer));
          }
        }
      }
      for (const filter of filters) {
        for (const sort of SORTS) {
          const answer = index.query(filter, sort, 1, 100);
          expect(canonical(answer), `${JSON.stringify(filter)} ${sort}`).toEqual(canonical(fresh.query(filter, sort, 1, 100)));
          // Pages answered from kept counts (narrowed by stock, brands, one spec, a price range, or
          // not at all) agree with a pass over the products, and so do price ranges cutting bands anywhere.
          expect(canonical(index.queryByPass(filter, sort, 1, 100)), `${JSON.stringify(filter)} ${sort}, by a pass`).toEqual(
            canonical(answer),
          );
          for (const [minPrice, maxPrice] of priceRanges) {
            const ranged = { ...filter, minPrice: minPrice ?? filter.minPrice, maxPrice };
            // Both the index kept since the start (bands cut when there were few products) and the fresh one.
            for (const [name, which] of [
              ['kept', index],
              ['fresh', fresh],
            ] as const) {
              expect(canonical(which.query(ranged, sort, 2, 7)), `${name} ${JSON.stringify(ranged)} ${sort}`).toEqual(
                canonical(which.queryByPass(ranged, sort, 2, 7)),
              );
            }
          }
        }
      }
    }
    feed.close();
  });
});
