import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { ProductList } from '#shared/schemas/catalog.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerVendor, SHOP_DETAILS, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const pickup = (city: string, state: string, pincode: string) => ({ ...SHOP_DETAILS.pickupAddress, city, state, pincode });

describe.each(testDialects())('listings delivered to a PIN code on %s', (dialect) => {
  let t: TestApp;
  let mumbai: TestUser & { vendorId: number };
  const ids: Record<string, number> = {};

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: TEST_HEADERS });
  const list = async (query: string) => {
    const response = await get(`/api/products?pageSize=100&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProductList>();
  };
  /** The products listed, by their names in this test. */
  const named = (found: ProductList) => found.items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id)).sort();
  const facet = (found: ProductList, key: string) =>
    found.facets.find((entry) => entry.key === key)?.values.map(({ value, count }) => [value, count]);

  /** A shop as sellers set one up: registered, its profile saved through the API, then approved. */
  async function shop(email: string, name: string, address: ReturnType<typeof pickup>, shipsToSpecialZones: boolean) {
    const seller = await registerVendor(t, email, name);
    await profile(seller, name, address, shipsToSpecialZones);
    await t.services.vendors.setStatus(seller.vendorId, 'active');
    return seller;
  }
  async function profile(seller: TestUser, name: string, address: ReturnType<typeof pickup>, shipsToSpecialZones: boolean) {
    const saved = await as(t, seller)('PUT', '/api/vendor/profile', {
      businessName: name,
      phone: '9845012345',
      lowStockThreshold: 5,
      ...SHOP_DETAILS,
      pickupAddress: address,
      shipsToSpecialZones,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const s = t.services;
    // Bengaluru ships everywhere; Mumbai and Guwahati do not ship to the special zones.
    const bengaluru = await shop('deliver.blr@example.in', 'Bengaluru Laptop Hub', pickup('Bengaluru', 'Karnataka', '560002'), true);
    mumbai = await shop('deliver.bom@example.in', 'Lamington Road Digital', pickup('Mumbai', 'Maharashtra', '400002'), false);
    const guwahati = await shop('deliver.gau@example.in', 'Fancy Bazar Computers', pickup('Guwahati', 'Assam', '781001'), false);
    const product = async (name: string, vendorId: number, fields: Parameters<typeof createProduct>[1]) => {
      ids[name] = (await createProduct(s, { vendorId, name: `Deliver ${name}`, ...fields })).id;
    };
    await product('bengaluruLaptop', bengaluru.vendorId, { brand: 'Lenovo', price: rupees(45_000), stock: 5 });
    await product('bengaluruSoldOut', bengaluru.vendorId, { brand: 'Lenovo', price: rupees(40_000), stock: 0 });
    await product('mumbaiLaptop', mumbai.vendorId, { brand: 'Dell', price: rupees(55_000), stock: 3 });
    await product('mumbaiMonitor', mumbai.vendorId, { category: 'Monitor', brand: 'LG', price: rupees(24_000), stock: 5 });
    await product('guwahatiLaptop', guwahati.vendorId, { brand: 'HP', price: rupees(50_000), stock: 2 });
    // Mumbai holds the buy box of both; Bengaluru also sells them, in stock for the first only.
    await product('sharedMonitor', mumbai.vendorId, { category: 'Monitor', brand: 'Samsung', price: rupees(20_000), stock: 4 });
    await product('sharedSoldOut', mumbai.vendorId, { category: 'Monitor', brand: 'Dell', price: rupees(30_000), stock: 2 });
    await s.catalog.addOffer(bengaluru.vendorId, ids.sharedMonitor as number, {
      price: rupees(21_000),
      mrp: rupees(21_000),
      stock: 4,
      dispatchDays: 2,
    });
    await s.catalog.addOffer(bengaluru.vendorId, ids.sharedSoldOut as number, {
      price: rupees(31_000),
      mrp: rupees(31_000),
      stock: 0,
      dispatchDays: 2,
    });
  });
  afterAll(() => t.close());

  it('keeps to products in stock where every seller delivers (a PIN code outside the special zones)', async () => {
    const found = await list('deliverTo=560103');
    expect(named(found)).toEqual(['bengaluruLaptop', 'guwahatiLaptop', 'mumbaiLaptop', 'mumbaiMonitor', 'sharedMonitor', 'sharedSoldOut']);
    expect(found).toEqual(await list('inStock=true'));
  });

  it('leaves out, in a special zone, the products of sellers who do not ship there, unless they ship from within its state or another seller in stock does', async () => {
    const assam = await list('deliverTo=781001');
    // Mumbai's own are out; Guwahati's stays (its pickup is in Assam); the shared monitor stays for Bengaluru's offer in stock.
    expect(named(assam)).toEqual(['bengaluruLaptop', 'guwahatiLaptop', 'sharedMonitor']);
    expect(assam.total).toBe(3);
    expect(facet(assam, 'category')).toEqual([
      ['Laptop', 2],
      ['Monitor', 1],
    ]);
    expect(facet(assam, 'brand')).toEqual([
      ['HP', 1],
      ['Lenovo', 1],
      ['Samsung', 1],
    ]);
    const manipur = await list('deliverTo=795001');
    expect(named(manipur)).toEqual(['bengaluruLaptop', 'sharedMonitor']);
  });

  it('counts facets among what delivers, with other filters and sorts', async () => {
    const lenovo = await list('deliverTo=781001&category=Laptop&brand=Lenovo&sort=price_desc');
    expect(named(lenovo)).toEqual(['bengaluruLaptop']);
    // A brand's count is what choosing it would add: Dell's laptop does not reach Assam.
    expect(facet(lenovo, 'brand')).toEqual([
      ['HP', 1],
      ['Lenovo', 1],
    ]);
    const ranged = await list('deliverTo=781001&minPrice=4600000&sort=newest');
    expect(named(ranged)).toEqual(['guwahatiLaptop']);
    expect(facet(ranged, 'category')).toEqual([['Laptop', 1]]);
    const paged = await get('/api/products?deliverTo=781001&sort=price_asc&pageSize=2&page=2');
    expect(paged.json<ProductList>()).toMatchObject({ total: 3, items: [{ id: ids.guwahatiLaptop }] });
  });

  it('filters a search alike', async () => {
    const response = await get('/api/search?q=deliver&deliverTo=781001&category=Laptop');
    expect(response.statusCode, response.body).toBe(200);
    expect(named(response.json<ProductList>())).toEqual(['bengaluruLaptop', 'guwahatiLaptop']);
  });

  it('lists nothing where no post office delivers', async () => {
    const found = await list('deliverTo=144009');
    expect(found).toMatchObject({ items: [], total: 0 });
    expect(found.facets.every((entry) => entry.values.length === 0)).toBe(true);
  });

  it('takes in a shop’s new delivery setting or pickup address at once', async () => {
    await profile(mumbai, 'Lamington Road Digital', pickup('Mumbai', 'Maharashtra', '400002'), true);
    expect(named(await list('deliverTo=781001'))).toEqual([
      'bengaluruLaptop',
      'guwahatiLaptop',
      'mumbaiLaptop',
      'mumbaiMonitor',
      'sharedMonitor',
      'sharedSoldOut',
    ]);
    // Moved to Guwahati and no longer shipping to the special zones: Assam still, Manipur not.
    await profile(mumbai, 'Lamington Road Digital', pickup('Guwahati', 'Assam', '781005'), false);
    expect((await list('deliverTo=781001')).total).toBe(6);
    expect(named(await list('deliverTo=795001'))).toEqual(['bengaluruLaptop', 'sharedMonitor']);
    await profile(mumbai, 'Lamington Road Digital', pickup('Mumbai', 'Maharashtra', '400002'), false);
    expect((await list('deliverTo=781001')).total).toBe(3);
  });

  it('answers a malformed PIN code with 400 and an unknown one with 404, as "Check delivery" does', async () => {
    for (const bad of ['012345', '56010', 'abcdef']) {
      const response = await get(`/api/products?deliverTo=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.message).toContain('PIN code must be 6 digits, not starting with 0');
    }
    const unknown = await get('/api/products?deliverTo=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("PIN code 999999 is not in India Post's directory. Please check it.");
    expect((await get('/api/search?q=deliver&deliverTo=999999')).statusCode).toBe(404);
  });
});
