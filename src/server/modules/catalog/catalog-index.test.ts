import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { createCatalogIndex, REBUILD_WAIT_MS } from './catalog-index.ts';

/** A gate the test opens and closes: while closed, every rebuild of the index waits at it. */
function gate() {
  let open = true;
  let waiting: Array<() => void> = [];
  return {
    pass: () => (open ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    close: () => void (open = false),
    open: () => {
      open = true;
      for (const resolve of waiting) resolve();
      waiting = [];
    },
  };
}

describe.each(testDialects())('the listing index under catalogue changes on %s', (dialect) => {
  let t: TestApp;
  let cheap: number;
  let dear: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const vendor = await createVendor(t.services);
    cheap = (await createProduct(t.services, { vendorId: vendor.id, name: 'Index Cheap', price: rupees(30_000) })).id;
    dear = (await createProduct(t.services, { vendorId: vendor.id, name: 'Index Dear', price: rupees(90_000) })).id;
  });
  afterAll(() => t.close());

  const filter = { brands: [], attributes: {} };
  const setPrice = (id: number, price: number) => t.database.db.updateTable('products').set({ price, mrp: price }).where('id', '=', id).execute();

  it('answers from the previous index while a rebuild is slow, and from the new one once it is built', async () => {
    const rebuilds = gate();
    const index = createCatalogIndex(t.database.db, { beforeLoad: rebuilds.pass });
    expect((await index.query(filter, 'price_asc', 1, 10)).ids).toEqual([cheap, dear]);

    // A seller makes the cheap one the dearest; the rebuild is held, as a large catalogue's would be.
    await setPrice(cheap, rupees(120_000));
    index.changed(new Set(['products']));
    rebuilds.close();
    const started = performance.now();
    const during = await index.query(filter, 'price_asc', 1, 10);
    expect(performance.now() - started).toBeLessThan(REBUILD_WAIT_MS + 200);
    expect(during.ids).toEqual([cheap, dear]); // a moment old, not waiting

    // More edits while it is held queue up as one more rebuild, not one each.
    await setPrice(dear, rupees(20_000));
    index.changed(new Set(['products']));
    expect((await index.query(filter, 'price_asc', 1, 10)).ids).toEqual([cheap, dear]);

    rebuilds.open();
    await index.settled();
    expect((await index.query(filter, 'price_asc', 1, 10)).ids).toEqual([dear, cheap]);
  });

  it('waits for a quick rebuild, so a small catalogue never lists a stale price', async () => {
    const index = createCatalogIndex(t.database.db);
    await index.query(filter, 'price_asc', 1, 10);
    await setPrice(cheap, rupees(10_000));
    index.changed(new Set(['products']));
    expect((await index.query(filter, 'price_asc', 1, 10)).ids).toEqual([cheap, dear]);
    await setPrice(cheap, rupees(200_000));
    index.changed(new Set(['products']));
    expect((await index.query(filter, 'price_asc', 1, 10)).ids).toEqual([dear, cheap]);
  });
});
