import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryDate } from '#shared/delivery.ts';
import { rupees } from '#shared/money.ts';
import type { DeliveryCheck } from '#shared/schemas/delivery.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { as, registerCustomer, registerVendor, SHOP_DETAILS, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const address = (pincode: string, state: string, city = 'Somewhere') => ({
  name: 'Asha Rao',
  phone: '9845012345',
  line1: '5 Main Road',
  city,
  state,
  pincode,
});

describe.each(testDialects())('pincodes and delivery on %s', (dialect) => {
  let t: TestApp;
  let asha: TestUser;
  let bengaluruShop: number;
  let mumbaiShop: number;
  let laptop: number;
  let monitor: number;
  let costly: number;

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: TEST_HEADERS });
  const check = async (productId: number, pincode: string) => {
    const response = await get(`/api/products/${productId}/delivery?pincode=${pincode}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DeliveryCheck>();
  };
  const pickup = (pincode: string, state: string) => JSON.stringify({ ...address(pincode, state), line2: '' });
  const stockOf = async (id: number) =>
    (await t.database.db.selectFrom('offers').select('stock').where('product_id', '=', id).executeTakeFirstOrThrow()).stock;
  const orderCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const s = t.services;
    bengaluruShop = (await createVendor(s, { name: 'Bengaluru Laptop Hub' })).id;
    mumbaiShop = (await createVendor(s, { name: 'Lamington Road Digital' })).id;
    await t.database.db
      .updateTable('vendors')
      .set({ pickup_address: pickup('560002', 'Karnataka') })
      .where('id', '=', bengaluruShop)
      .execute();
    // The Mumbai shop takes no cash and does not ship to the special zones.
    await t.database.db
      .updateTable('vendors')
      .set({ pickup_address: pickup('400002', 'Maharashtra'), accepts_cod: 0, ships_to_special_zones: 0 })
      .where('id', '=', mumbaiShop)
      .execute();
    laptop = (await createProduct(s, { vendorId: bengaluruShop, name: 'Lenovo IdeaPad Slim 3', price: rupees(45_000), stock: 5 })).id;
    monitor = (
      await createProduct(s, { vendorId: mumbaiShop, category: 'Monitor', name: 'LG 27UL550 4K Monitor', price: rupees(24_000), stock: 5 })
    ).id;
    costly = (await createProduct(s, { vendorId: bengaluruShop, name: 'Apple MacBook Pro 16', price: rupees(2_49_900), stock: 2 })).id;
    asha = await registerCustomer(t, 'asha.delivery@example.in', 'Asha Rao');
  });
  afterAll(() => t.close());

  it('looks a pincode up in India Post’s directory: place, district and state', async () => {
    expect((await get('/api/pincodes/560103')).json()).toEqual({
      pincode: '560103',
      city: 'Bengaluru',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      deliverable: true,
      metro: 'Bengaluru',
    });
    expect((await get('/api/pincodes/781001')).json()).toMatchObject({ city: 'Guwahati', state: 'Assam', metro: null });
    const unknown = await get('/api/pincodes/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("PIN code 999999 is not in India Post's directory. Please check it.");
    const malformed = await get('/api/pincodes/012345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('PIN code must be 6 digits');
    expect(
      Number(
        (
          await t.database.db
            .selectFrom('pincodes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(19_000);
  });

  it('estimates the date from the seller’s pickup pincode, the zone and the dispatch days, with Cash on Delivery', async () => {
    const before = new Date();
    const local = await check(laptop, '560103');
    const after = new Date();
    expect(local.place).toMatchObject({ city: 'Bengaluru', state: 'Karnataka' });
    const [option] = local.options;
    // the factory's offers dispatch in 2 working days; same city is 1 day in transit
    expect([deliveryDate(before, 2, 'local'), deliveryDate(after, 2, 'local')]).toContain(option!.deliverBy);
    expect(option).toMatchObject({ deliverable: true, reason: null, cod: true, codReason: null });
    const farther = (await check(laptop, '302001')).options[0]!;
    expect([deliveryDate(before, 2, 'national'), deliveryDate(after, 2, 'national')]).toContain(farther.deliverBy);
    const special = (await check(laptop, '781001')).options[0]!;
    expect([deliveryDate(before, 2, 'special'), deliveryDate(after, 2, 'special')]).toContain(special.deliverBy);
  });

  it('says why a pincode gets no delivery, or no cash', async () => {
    const nowhere = (await check(laptop, '144009')).options[0]!;
    expect(nowhere).toMatchObject({
      deliverable: false,
      deliverBy: null,
      cod: false,
      reason: 'Not deliverable to 144009: no courier delivers to this PIN code',
    });
    expect((await check(monitor, '781001')).options[0]).toMatchObject({
      deliverable: false,
      reason: 'The seller does not deliver to Assam',
    });
    expect((await check(monitor, '560103')).options[0]).toMatchObject({
      deliverable: true,
      cod: false,
      codReason: 'The seller does not take Cash on Delivery',
    });
    expect((await check(laptop, '744101')).options[0]).toMatchObject({
      deliverable: true,
      cod: false,
      codReason: 'Cash on Delivery is not available in Andaman and Nicobar Islands',
    });
    expect((await check(costly, '560103')).options[0]).toMatchObject({
      deliverable: true,
      cod: false,
      codReason: 'Cash on Delivery is not available at this price: only on orders up to ₹50,000',
    });
    expect((await get(`/api/products/${laptop}/delivery?pincode=999999`)).statusCode).toBe(404);
    expect((await get(`/api/products/${laptop}/delivery`)).statusCode).toBe(400);
  });

  it('refuses an address whose PIN code is unknown or in another state, and saves nothing', async () => {
    const unknown = await as(t, asha)('POST', '/api/account/addresses', address('999999', 'Karnataka'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.issues).toEqual([
      { field: 'pincode', message: "PIN code 999999 is not in India Post's directory. Please check it." },
    ]);
    const elsewhere = await as(t, asha)('POST', '/api/account/addresses', address('560103', 'Kerala'));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.message).toBe('PIN code 560103 is in Karnataka, not Kerala');
    expect((await as(t, asha)('GET', '/api/account/addresses')).json().items).toEqual([]);
  });

  it('re-checks every line at checkout and refuses the undeliverable ones by name, taking no stock', async () => {
    const guwahati = (await as(t, asha)('POST', '/api/account/addresses', address('781001', 'Assam', 'Guwahati'))).json().id as number;
    const before = await orderCount();
    const refused = await as(t, asha)('POST', '/api/checkout/orders', {
      idempotencyKey: `delivery-${Date.now()}`,
      addressId: guwahati,
      items: [
        { productId: laptop, quantity: 1 },
        { productId: monitor, quantity: 1 },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message: 'These items cannot be delivered to 781001: LG 27UL550 4K Monitor (The seller does not deliver to Assam)',
      details: { productIds: [monitor] },
    });
    expect(await orderCount()).toBe(before);
    expect([await stockOf(laptop), await stockOf(monitor)]).toEqual([5, 5]);
    const placed = await as(t, asha)('POST', '/api/checkout/orders', {
      idempotencyKey: `delivery-${Date.now()}-2`,
      addressId: guwahati,
      items: [{ productId: laptop, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('lets a shop change its delivery settings, and checks its pickup PIN code against its state', async () => {
    const seller = await registerVendor(t, 'koramangala@example.in', 'Koramangala Computers');
    const profile = (body: Record<string, unknown>) =>
      as(t, seller)('PUT', '/api/vendor/profile', {
        businessName: 'Koramangala Computers',
        phone: '9845012345',
        lowStockThreshold: 5,
        ...SHOP_DETAILS,
        ...body,
      });
    const wrong = await profile({ pickupAddress: { ...SHOP_DETAILS.pickupAddress, pincode: '400002' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.issues).toEqual([
      { field: 'pickupAddress.pincode', message: 'PIN code 400002 is in Maharashtra, not Karnataka' },
    ]);
    expect((await as(t, seller)('GET', '/api/vendor/profile')).json()).toMatchObject({
      pickupAddress: null,
      acceptsCod: true,
      shipsToSpecialZones: true,
    });
    const saved = await profile({ acceptsCod: false, shipsToSpecialZones: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ acceptsCod: false, shipsToSpecialZones: false, pickupAddress: { pincode: '560002' } });
    // left out, the settings stay as they are
    expect((await profile({})).json()).toMatchObject({ acceptsCod: false, shipsToSpecialZones: false });
  });
});
