import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { ProductQuerySchema } from '#shared/schemas/catalog-query.ts';
import { type ProductList, ProductListSchema, ProductSchema } from '#shared/schemas/catalog.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor, desktopSpecs, laptopSpecs, monitorSpecs } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('catalog API on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const s = t.services;
    const vendor = await createVendor(s, { name: 'Nehru Place Computers', slug: 'nehru-place' });
    const add = async (key: string, o: Parameters<typeof createProduct>[1]) => {
      ids[key] = (await createProduct(s, { vendorId: vendor.id, ...o })).id;
    };
    await add('thinkpad', {
      name: 'Lenovo ThinkPad E14',
      brand: 'Lenovo',
      price: rupees(62_990),
      mrp: rupees(79_990),
      specs: laptopSpecs({ ramGb: 16, displaySizeIn: 14 }),
      createdAt: '2026-10-01T00:00:00.000Z',
    });
    await add('xps', {
      name: 'Dell XPS 13',
      brand: 'Dell',
      price: rupees(1_29_999),
      specs: laptopSpecs({ ramGb: 32, displaySizeIn: 13.3 }),
      featured: true,
      createdAt: '2026-09-01T00:00:00.000Z',
    });
    await add('pavilion', {
      name: 'HP Pavilion 15',
      brand: 'HP',
      price: rupees(54_990),
      stock: 0,
      specs: laptopSpecs({ ramGb: 8, displaySizeIn: 15.6 }),
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    await add('optiplex', {
      name: 'Dell OptiPlex 7010 Tower',
      brand: 'Dell',
      category: 'Desktop',
      price: rupees(58_500),
      specs: desktopSpecs({ ramGb: 16 }),
      createdAt: '2026-08-01T00:00:00.000Z',
    });
    await add('ultragear', {
      name: 'LG UltraGear 27GR75Q',
      brand: 'LG',
      category: 'Monitor',
      price: rupees(24_999),
      specs: monitorSpecs({ refreshRateHz: 165, sizeIn: 27 }),
      createdAt: '2026-07-01T00:00:00.000Z',
    });
    await add('odyssey', {
      name: 'Samsung Odyssey G5 32',
      brand: 'Samsung',
      category: 'Monitor',
      price: rupees(27_499),
      specs: monitorSpecs({ refreshRateHz: 144, sizeIn: 31.5, panel: 'VA' }),
      createdAt: '2026-06-01T00:00:00.000Z',
    });
    await add('draft', { name: 'Draft Laptop Never Shown', brand: 'Lenovo', status: 'draft' });
    await add('archived', { name: 'Archived Monitor', brand: 'LG', category: 'Monitor', status: 'archived' });
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products${query}` });
    return { status: response.statusCode, body: response.json() as ProductList & { error?: { code: string; message: string } } };
  };
  const names = (body: ProductList) => body.items.map((item) => item.name);

  it('lists only active products with the documented shape and defaults', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.total).toBe(6);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(24);
    expect(names(body)).not.toContain('Draft Laptop Never Shown');
    expect(names(body)).not.toContain('Archived Monitor');
    const xps = body.items.find((item) => item.name === 'Dell XPS 13');
    expect(xps).toMatchObject({
      brand: 'Dell',
      category: 'Laptop',
      price: 12_999_900,
      mrp: 12_999_900,
      stock: 10,
      vendor: { name: 'Nehru Place Computers', slug: 'nehru-place' },
      specs: { ramGb: 32, displaySizeIn: 13.3 },
    });
    expect(xps?.images.length).toBeGreaterThan(0);
    // relevance without a query puts featured products first
    expect(body.items[0]?.name).toBe('Dell XPS 13');
  });

  it('filters by category, repeated brand, price range and stock', async () => {
    expect(names((await list('?category=Monitor')).body).sort()).toEqual(['LG UltraGear 27GR75Q', 'Samsung Odyssey G5 32']);
    expect(names((await list('?brand=Dell&brand=HP')).body).sort()).toEqual(['Dell OptiPlex 7010 Tower', 'Dell XPS 13', 'HP Pavilion 15']);
    expect(names((await list(`?minPrice=${rupees(55_000)}&maxPrice=${rupees(63_000)}`)).body).sort()).toEqual([
      'Dell OptiPlex 7010 Tower',
      'Lenovo ThinkPad E14',
    ]);
    const inStock = (await list('?category=Laptop&inStock=true')).body;
    expect(names(inStock)).not.toContain('HP Pavilion 15');
    expect(inStock.total).toBe(2);
    expect(names((await list('?featured=true')).body)).toEqual(['Dell XPS 13']);
  });

  it('filters by spec facets and counts each facet without its own selection', async () => {
    const { body } = await list('?category=Laptop&ram=16&ram=32');
    expect(names(body).sort()).toEqual(['Dell XPS 13', 'Lenovo ThinkPad E14']);
    const ram = body.facets.find((facet) => facet.key === 'ram');
    expect(ram?.values).toEqual([
      { value: '8', label: '8 GB', count: 1 },
      { value: '16', label: '16 GB', count: 1 },
      { value: '32', label: '32 GB', count: 1 },
    ]);
    const brand = body.facets.find((facet) => facet.key === 'brand');
    expect(brand?.values).toEqual([
      { value: 'Dell', label: 'Dell', count: 1 },
      { value: 'Lenovo', label: 'Lenovo', count: 1 },
    ]);
    const monitors = (await list('?category=Monitor&refreshRate=165')).body;
    expect(names(monitors)).toEqual(['LG UltraGear 27GR75Q']);
    expect(monitors.facets.map((facet) => facet.key)).toEqual(['category', 'brand', 'screenSize', 'resolution', 'panel', 'refreshRate']);
  });

  it('gives category facet counts across the whole catalogue', async () => {
    const { body } = await list('');
    expect(body.facets.find((facet) => facet.key === 'category')?.values).toEqual([
      { value: 'Laptop', label: 'Laptops', count: 3 },
      { value: 'Desktop', label: 'Desktops', count: 1 },
      { value: 'Monitor', label: 'Monitors', count: 2 },
    ]);
  });

  it('sorts by price both ways and by newest', async () => {
    const asc = (await list('?sort=price_asc')).body.items.map((item) => item.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list('?sort=price_desc')).body.items.map((item) => item.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(names((await list('?sort=newest')).body).slice(0, 2)).toEqual(['HP Pavilion 15', 'Lenovo ThinkPad E14']);
  });

  it('paginates with a stable order and a total', async () => {
    const first = (await list('?sort=price_asc&pageSize=4&page=1')).body;
    const second = (await list('?sort=price_asc&pageSize=4&page=2')).body;
    expect(first.total).toBe(6);
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(2);
    expect(new Set([...names(first), ...names(second)]).size).toBe(6);
    expect((await list('?page=9')).body.items).toEqual([]);
  });

  it.each([
    ['?sort=cheapest', 'sort must be one of: relevance, price_asc, price_desc, newest, rating'],
    ['?page=0', 'page must be at least 1'],
    ['?page=-1', 'page must be a whole number'],
    ['?pageSize=0', 'pageSize must be at least 1'],
    ['?pageSize=101', 'pageSize must be at most 100'],
    ['?minPrice=cheap', 'minPrice must be a whole number'],
    ['?maxPrice=12.5', 'maxPrice must be a whole number'],
    ['?category=Phone', 'category must be one of: Laptop, Desktop, Monitor'],
    ['?inStock=maybe', 'inStock must be true or false'],
    [`?minPrice=${rupees(2000)}&maxPrice=${rupees(1000)}`, 'minPrice must not be greater than maxPrice'],
    // the listing offers one rating filter, "4★ & above"
    ['?rating=9', 'rating must be 4 (4★ & above)'],
    ['?rating=abc', 'rating must be 4 (4★ & above)'],
    ['?rating=4&rating=3', 'rating must be 4 (4★ & above)'],
    // a parameter that takes one value, given twice
    ['?page=1&page=2', 'page: give this parameter once'],
    ['?sort=newest&sort=rating', 'sort: give this parameter once'],
    ['?category=Laptop&category=Monitor', 'category: give this parameter once'],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('returns one active product, 404 for unknown, draft or archived ones, 400 for a malformed id', async () => {
    const ok = await t.app.inject({ url: `/api/products/${ids.thinkpad}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: ids.thinkpad, name: 'Lenovo ThinkPad E14', status: 'active' });

    for (const id of [999_999, ids.draft, ids.archived]) {
      const missing = await t.app.inject({ url: `/api/products/${id}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
    }
    for (const bad of ['abc', '0', '-3', '1.5', '1%20OR%201=1']) {
      const malformed = await t.app.inject({ url: `/api/products/${bad}` });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Product id must be a positive whole number' });
    }
  });

  it('lists related products of the same category, closest in price first', async () => {
    const response = await t.app.inject({ url: `/api/products/${ids.thinkpad}/related` });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((item: { name: string }) => item.name)).toEqual(['HP Pavilion 15', 'Dell XPS 13']);
  });

  it('counts active products per category', async () => {
    const response = await t.app.inject({ url: '/api/categories' });
    expect(response.json()).toEqual({
      items: [
        { category: 'Laptop', label: 'Laptops', count: 3 },
        { category: 'Desktop', label: 'Desktops', count: 1 },
        { category: 'Monitor', label: 'Monitors', count: 2 },
      ],
    });
  });

  it('hides and refuses to sell the products of a pending or suspended vendor', async () => {
    const suspended = await createVendor(t.services, { status: 'suspended' });
    const pending = await createVendor(t.services, { status: 'pending' });
    const a = await createProduct(t.services, { vendorId: suspended.id, name: 'Suspended Seller Laptop' });
    const b = await createProduct(t.services, { vendorId: pending.id, name: 'Pending Seller Laptop' });
    expect((await list('')).body.total).toBe(6);
    expect((await t.app.inject({ url: `/api/products/${a.id}` })).statusCode).toBe(404);
    const search = await t.app.inject({ url: '/api/search?q=seller' });
    expect(search.json().total).toBe(0);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ],
    });
    expect(quote.json().items.map((item: { status: string }) => item.status)).toEqual(['unavailable', 'unavailable']);
    expect(quote.json().total).toBe(0);
  });

  // Listings and product pages are put together from JSON kept in memory (product-store.ts).
  it('answers with JSON of the documented schema, the same as the service gives', async () => {
    for (const query of ['', '?category=Laptop&sort=price_asc', '?brand=Dell&brand=LG&page=1&pageSize=2', '?category=Monitor&page=9']) {
      const response = await t.app.inject({ url: `/api/products${query}` });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      // Parsing drops keys outside the schema, so an answer equal to its parse has none.
      const parsed = ProductListSchema.parse(response.json());
      expect(response.json()).toEqual(parsed);
      const params = Object.fromEntries([...new URLSearchParams(query)].map(([key]) => [key, new URLSearchParams(query).getAll(key)]));
      const single = Object.fromEntries(Object.entries(params).map(([key, values]) => [key, ['brand'].includes(key) ? values : values[0]]));
      expect(parsed).toEqual(await t.services.catalog.list(ProductQuerySchema.parse(single)));
    }
    const product = await t.app.inject({ url: `/api/products/${ids.xps}` });
    expect(product.json()).toEqual(ProductSchema.parse(product.json()));
    expect(product.json()).toEqual(await t.services.catalog.get(ids.xps as number));
  });

  it('shows the new name of a vendor on its products at once', async () => {
    const vendor = await createVendor(t.services, { name: 'Lamington Road Traders', slug: 'lamington-road' });
    const { id } = await createProduct(t.services, { vendorId: vendor.id, name: 'Acer Aspire Lite', brand: 'Acer' });
    expect((await t.app.inject({ url: `/api/products/${id}` })).json().vendor.name).toBe('Lamington Road Traders');
    await t.services.vendors.updateProfile(vendor.id, {
      name: 'Lamington Road Computers',
      phone: '9876543210',
      gstin: null,
      pickup_address: null,
      low_stock_threshold: 5,
    });
    expect((await t.app.inject({ url: `/api/products/${id}` })).json().vendor.name).toBe('Lamington Road Computers');
    const listed = (await list('?brand=Acer')).body.items.map((item) => item.vendor.name);
    expect(listed).toEqual(['Lamington Road Computers']);
  });
});
