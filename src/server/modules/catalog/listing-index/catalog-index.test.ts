import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { ProductQuerySchema } from '#shared/schemas/catalog-query.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor, monitorSpecs } from '#server/testing/factories.ts';
import { canonical, everything, indexWithFeed } from '#server/testing/listing-index-world.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { CHANGE_LOG_MARGIN_MS } from '../catalog-changes.ts';
import { CHANGE_WAIT_MS, createCatalogService } from '../catalog.service.ts';
import type { IndexFilter } from './listing-query.ts';

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
});
