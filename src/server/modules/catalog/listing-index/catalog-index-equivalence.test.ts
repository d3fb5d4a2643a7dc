import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor, laptopSpecs, monitorSpecs } from '#server/testing/factories.ts';
import { canonical, everything, indexWithFeed, random, SORTS } from '#server/testing/listing-index-world.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { createCatalogIndex } from './catalog-index.ts';
import type { IndexFilter, SearchHits, SlotHints } from './listing-query.ts';

describe.each(testDialects())('the listing index after random edits on %s', (dialect) => {
  let t: TestApp;
  let vendorId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    vendorId = (await createVendor(t.services)).id;
  });
  afterAll(() => t.close());

  const setPrice = (id: number, price: number) =>
    t.database.db.updateTable('products').set({ price, mrp: price }).where('id', '=', id).execute();

  it('after any sequence of edits, answers exactly as an index loaded afresh', async () => {
    const next = random(11);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const { feed, index } = indexWithFeed(t);
    await feed.ready();
    const other = (await createVendor(t.services)).id;
    const ids: number[] = [];
    // Enough that more than 64 stay listed after the edits: the kept index then holds several price bands.
    for (let n = 0; n < 130; n++) {
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
