import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { priceDropSince, WISHLIST_MAX_ITEMS, type Wishlist, type WishlistItem } from '#shared/schemas/wishlist.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { as, registerCustomer, registerVendor, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe('priceDropSince', () => {
  it('is what the price fell by since it was saved, and nothing when it did not fall', () => {
    expect(priceDropSince(rupees(60_000), rupees(55_500))).toBe(rupees(4_500));
    expect(priceDropSince(rupees(60_000), rupees(60_000))).toBe(0);
    expect(priceDropSince(rupees(60_000), rupees(61_000))).toBe(0);
  });
});

describe.each(testDialects())('wishlists on %s', (dialect) => {
  let t: TestApp;
  let asha: TestUser;
  let ravi: TestUser;
  let vendorId: number;
  let laptop: number;
  let monitor: number;
  let addresses = 0;

  const shopper = (name: string) => registerCustomer(t, `${name}@wishlist.in`, name, `10.26.0.${++addresses}`);
  const wishlistOf = async (user: TestUser) => {
    const response = await as(t, user)('GET', '/api/wishlist');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Wishlist>().items;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true' });
    asha = await shopper('asha');
    ravi = await shopper('ravi');
    vendorId = (await createVendor(t.services, { name: 'Wish Traders' })).id;
    laptop = (
      await createProduct(t.services, { vendorId, name: 'Lenovo IdeaPad Slim 5', category: 'Laptop', price: rupees(60_000), stock: 5 })
    ).id;
    monitor = (await createProduct(t.services, { vendorId, name: 'LG UltraGear 27', category: 'Monitor', price: rupees(20_000), stock: 0 }))
      .id;
    await t.services.catalog.settled();
  });
  afterAll(() => t.close());

  it('answers 401 to a shopper who is not signed in, and 403 to a seller', async () => {
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['PUT', `/api/wishlist/${laptop}`],
      ['DELETE', `/api/wishlist/${laptop}`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: TEST_HEADERS });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const seller = await registerVendor(t, 'seller@wishlist.in', 'Seller Traders');
    expect((await as(t, seller)('PUT', `/api/wishlist/${laptop}`)).statusCode).toBe(403);
  });

  it('saves a product once, at its price then, whatever how often it is saved (idempotent)', async () => {
    const first = await as(t, asha)('PUT', `/api/wishlist/${laptop}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<WishlistItem>()).toMatchObject({
      productId: laptop,
      name: 'Lenovo IdeaPad Slim 5',
      savedPrice: rupees(60_000),
      priceDrop: 0,
      product: { id: laptop, price: rupees(60_000), stock: 5 },
    });
    const again = await as(t, asha)('PUT', `/api/wishlist/${laptop}`);
    expect(again.statusCode).toBe(200);
    expect(again.json<WishlistItem>().savedAt).toBe(first.json<WishlistItem>().savedAt);
    // an out-of-stock product may be saved, to wait for it
    expect((await as(t, asha)('PUT', `/api/wishlist/${monitor}`)).statusCode).toBe(200);
    const items = await wishlistOf(asha);
    expect(items.map((item) => item.productId)).toEqual([monitor, laptop]);
    expect(items[0]!.product?.stock).toBe(0);
  });

  it('keeps each wishlist to its owner: another customer never sees or removes it', async () => {
    expect(await wishlistOf(ravi)).toEqual([]);
    expect((await as(t, ravi)('DELETE', `/api/wishlist/${laptop}`)).statusCode).toBe(204);
    expect((await wishlistOf(asha)).map((item) => item.productId)).toContain(laptop);
    expect((await as(t, ravi)('PUT', `/api/wishlist/${monitor}`)).statusCode).toBe(200);
    expect((await wishlistOf(ravi)).map((item) => item.productId)).toEqual([monitor]);
    expect((await wishlistOf(asha)).map((item) => item.productId)).toEqual([monitor, laptop]);
  });

  it('answers 404 for a product that is unknown or not on sale, and saves nothing', async () => {
    const draft = (await createProduct(t.services, { vendorId, name: 'Unreleased Laptop', status: 'draft' })).id;
    await t.services.catalog.settled();
    for (const id of [draft, 999_999]) {
      const response = await as(t, ravi)('PUT', `/api/wishlist/${id}`);
      expect(response.statusCode, String(id)).toBe(404);
    }
    expect((await as(t, ravi)('PUT', '/api/wishlist/abc')).statusCode).toBe(400);
    expect((await wishlistOf(ravi)).map((item) => item.productId)).toEqual([monitor]);
  });

  it('says how much a price dropped since it was saved, from the catalogue’s price now', async () => {
    const rival = await createVendor(t.services, { name: 'Cheaper Traders' });
    await t.services.catalog.addOffer(rival.id, laptop, { price: rupees(55_500), mrp: rupees(60_000), stock: 3, dispatchDays: 1 });
    await t.services.catalog.settled();
    const saved = (await wishlistOf(asha)).find((item) => item.productId === laptop)!;
    expect(saved).toMatchObject({
      savedPrice: rupees(60_000),
      priceDrop: rupees(4_500),
      product: { price: rupees(55_500), stock: 3, vendor: { name: 'Cheaper Traders' } },
    });
    // saved now, at the lower price: nothing has dropped for this one
    const late = await shopper('meena');
    expect((await as(t, late)('PUT', `/api/wishlist/${laptop}`)).json<WishlistItem>()).toMatchObject({
      savedPrice: rupees(55_500),
      priceDrop: 0,
    });
  });

  it('removes an item (again is no error), and shows one no longer on sale by name, without a product', async () => {
    expect((await as(t, ravi)('DELETE', `/api/wishlist/${monitor}`)).statusCode).toBe(204);
    expect((await as(t, ravi)('DELETE', `/api/wishlist/${monitor}`)).statusCode).toBe(204);
    expect(await wishlistOf(ravi)).toEqual([]);

    await t.services.catalog.setHiddenReason(monitor, 'Misleading listing');
    await t.services.catalog.settled();
    const hidden = (await wishlistOf(asha)).find((item) => item.productId === monitor)!;
    expect(hidden).toMatchObject({ name: 'LG UltraGear 27', product: null, priceDrop: 0 });
    expect(hidden.image).toMatch(/^\/catalog\//);
    await t.services.catalog.setHiddenReason(monitor, null);

    // a product its seller deletes (never ordered) leaves the wishlists with it
    const shortLived = (await createProduct(t.services, { vendorId, name: 'Short-lived Laptop' })).id;
    await t.services.catalog.settled();
    expect((await as(t, ravi)('PUT', `/api/wishlist/${shortLived}`)).statusCode).toBe(200);
    expect(await t.services.catalog.deleteForVendor(vendorId, shortLived)).toBe(true);
    expect(await wishlistOf(ravi)).toEqual([]);
  });

  it('refuses a save beyond the limit with 409', async () => {
    const collector = await shopper('collector');
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (let n = 0; n < WISHLIST_MAX_ITEMS; n++)
      ids.push((await createProduct(t.services, { vendorId, name: `Bulk Monitor ${n}`, category: 'Monitor' })).id);
    await t.database.db
      .insertInto('wishlist_items')
      .values(ids.map((productId) => ({ user_id: collector.uid, product_id: productId, saved_price: rupees(50_000), created_at: now })))
      .execute();
    await t.services.catalog.settled();
    const refused = await as(t, collector)('PUT', `/api/wishlist/${laptop}`);
    expect(refused.statusCode).toBe(409);
    // one already in it is still saved again without complaint
    expect((await as(t, collector)('PUT', `/api/wishlist/${ids[0]}`)).statusCode).toBe(200);
  });

  it('never goes past the limit when saves arrive at once: the count and the save are one locked write', async () => {
    const racer = await shopper('racer');
    const now = new Date().toISOString();
    const held: number[] = [];
    for (let n = 0; n < WISHLIST_MAX_ITEMS - 3; n++)
      held.push((await createProduct(t.services, { vendorId, name: `Held Monitor ${n}`, category: 'Monitor' })).id);
    const racing: number[] = [];
    for (let n = 0; n < 10; n++) racing.push((await createProduct(t.services, { vendorId, name: `Racing Laptop ${n}` })).id);
    await t.database.db
      .insertInto('wishlist_items')
      .values(held.map((productId) => ({ user_id: racer.uid, product_id: productId, saved_price: rupees(50_000), created_at: now })))
      .execute();
    await t.services.catalog.settled();
    // Ten saves at once with room for three, and the same product twice: three saved, the rest refused.
    const answers = await Promise.all([...racing, racing[0]!].map((id) => as(t, racer)('PUT', `/api/wishlist/${id}`)));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 409).length + statuses.filter((status) => status === 200).length).toBe(11);
    const count = await t.database.db
      .selectFrom('wishlist_items')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', racer.uid)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(WISHLIST_MAX_ITEMS);
    const saved = new Set(
      answers.filter((response) => response.statusCode === 200).map((response) => response.json<WishlistItem>().productId),
    );
    expect(saved.size).toBe(3);
  });

  it('joins Download my data, and goes with the account', async () => {
    const data = await as(t, asha)('GET', '/api/account/data');
    expect(data.statusCode).toBe(200);
    expect(data.json().wishlist).toEqual(
      expect.arrayContaining([expect.objectContaining({ productId: laptop, savedPrice: rupees(60_000) })]),
    );
    const deleted = await as(t, asha)('DELETE', '/api/account', { password: 'secret-pass-1' });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const left = await t.database.db.selectFrom('wishlist_items').select('product_id').where('user_id', '=', asha.uid).execute();
    expect(left).toEqual([]);
  });
});
