import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuyBoxOffer, buyBox, rankOffers } from '#shared/buy-box.ts';
import { rupees } from '#shared/money.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { allOffersOf, insertOffers, offersOn, refreshBuyBox } from './offers.repository.ts';

/** The offers as written, each with the rule's view of it; what the database gives back must agree with the rule on these. */
type Written = BuyBoxOffer & { name: string };

describe.each(testDialects())('the buy box as the database keeps it, on %s', (dialect) => {
  let t: TestApp;
  let productId: number;
  let listedBy: number;
  let written: Written[];

  const row = async () =>
    t.database.db
      .selectFrom('products')
      .select(['vendor_id', 'price', 'stock', 'offer_count', 'status'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
  const names = (offerIds: readonly number[]) => offerIds.map((id) => written.find((offer) => offer.id === id)?.name);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const lister = await createVendor(t.services);
    listedBy = lister.id;
    productId = (await createProduct(t.services, { vendorId: listedBy, price: rupees(50_000), stock: 10 })).id;
    const [own] = await t.database.db.selectFrom('offers').select('id').where('product_id', '=', productId).execute();
    written = [
      {
        name: 'lister',
        id: own!.id,
        vendorId: listedBy,
        price: rupees(50_000),
        stock: 10,
        dispatchDays: 2,
        status: 'active',
        vendorStatus: 'active',
      },
    ];
    // Ties on price broken by dispatch and then by age, a cheaper offer out of stock, and cheaper
    // offers that do not compete (a suspended seller's, a draft).
    const others: Array<Omit<Written, 'id' | 'vendorId'>> = [
      { name: 'quicker', price: rupees(50_000), stock: 4, dispatchDays: 1, status: 'active', vendorStatus: 'active' },
      { name: 'quicker, later', price: rupees(50_000), stock: 9, dispatchDays: 1, status: 'active', vendorStatus: 'active' },
      { name: 'cheaper, sold out', price: rupees(45_000), stock: 0, dispatchDays: 0, status: 'active', vendorStatus: 'active' },
      { name: 'dearer', price: rupees(50_000) + 1, stock: 50, dispatchDays: 0, status: 'active', vendorStatus: 'active' },
      { name: 'suspended seller', price: rupees(40_000), stock: 5, dispatchDays: 0, status: 'active', vendorStatus: 'suspended' },
      { name: 'draft', price: rupees(39_000), stock: 5, dispatchDays: 0, status: 'draft', vendorStatus: 'active' },
    ];
    const at = new Date().toISOString();
    for (const offer of others) {
      const vendor = await createVendor(t.services, { status: offer.vendorStatus });
      const [inserted] = await insertOffers(t.database.db, [
        {
          product_id: productId,
          vendor_id: vendor.id,
          sku: null,
          price: offer.price,
          mrp: rupees(60_000),
          stock: offer.stock,
          dispatch_days: offer.dispatchDays,
          status: offer.status,
          created_at: at,
          updated_at: at,
        },
      ]);
      written.push({ ...offer, id: inserted!.id, vendorId: vendor.id });
    }
    await refreshBuyBox(t.database.db, productId);
  });
  afterAll(() => t.close());

  it('writes the winner the shared rule picks onto the product row', async () => {
    const expected = buyBox(written, listedBy);
    expect(expected.offer?.name).toBe('quicker');
    expect(await row()).toMatchObject({
      vendor_id: expected.offer!.vendorId,
      stock: expected.offer!.stock,
      offer_count: expected.offerCount,
      status: expected.status,
    });
    expect(Number((await row()).price)).toBe(expected.offer!.price);
  });

  it('lists the offers on sale and every offer in the shared rule’s order', async () => {
    const ranked = rankOffers(written);
    expect(ranked.map((offer) => offer.name)).toEqual([
      'quicker',
      'quicker, later',
      'lister',
      'dearer',
      'cheaper, sold out',
      'draft',
      'suspended seller',
    ]);
    const onSale = (await offersOn(t.database.db, [productId])).get(productId)!;
    expect(names(onSale.map((offer) => offer.id))).toEqual(ranked.slice(0, 5).map((offer) => offer.name));
    expect(names((await allOffersOf(t.database.db, productId)).map((offer) => offer.id))).toEqual(ranked.map((offer) => offer.name));
  });

  it('moves the box as the rule does when the winner sells out, and when nothing is on sale', async () => {
    const quicker = written.find((offer) => offer.name === 'quicker')!;
    await t.database.db.updateTable('offers').set({ stock: 0 }).where('id', '=', quicker.id).execute();
    quicker.stock = 0;
    await refreshBuyBox(t.database.db, productId);
    expect(buyBox(written, listedBy).offer?.name).toBe('quicker, later');
    expect((await row()).vendor_id).toBe(buyBox(written, listedBy).offer!.vendorId);

    // Every offer withdrawn but the draft: the listing seller's archived offer stands in.
    await t.database.db
      .updateTable('offers')
      .set({ status: 'archived' })
      .where('product_id', '=', productId)
      .where('status', '=', 'active')
      .execute();
    for (const offer of written) if (offer.status === 'active') offer.status = 'archived';
    await refreshBuyBox(t.database.db, productId);
    const expected = buyBox(written, listedBy);
    expect(expected).toMatchObject({ offer: { name: 'lister' }, offerCount: 0, status: 'archived' });
    expect(await row()).toMatchObject({ vendor_id: listedBy, offer_count: 0, status: 'archived' });
  });
});
