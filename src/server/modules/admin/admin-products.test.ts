import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor, laptopSpecs } from '#server/testing/factories.ts';
import { as, registerCustomer, registerVendor, signIn, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('admin product editing and archiving on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let vendor: TestUser & { vendorId: number };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.services.authService.ensureAdmin({ email: 'ravi@admin.in', password: 'admin-pass-123', name: 'Ravi Admin' });
    admin = await signIn(t, { email: 'ravi@admin.in', password: 'admin-pass-123' }, 'admin');
    customer = await registerCustomer(t, 'kiran@example.in', 'Kiran Customer');
    vendor = await registerVendor(t, 'meena@shop.in', 'Meena Machines');
  });
  afterAll(() => t.close());

  /** The whole edit the admin form sends, from the product as GET /api/admin/products/:id gives it. */
  const editOf = ({ name, brand, category, description, price, mrp, stock, specs, status, featured }: Record<string, unknown>) => ({
    name,
    brand,
    category,
    description,
    price,
    mrp,
    stock,
    stockWas: stock,
    specs,
    status,
    featured,
  });
  const auditOf = async (id: number) => (await as(t, admin)('GET', `/api/admin/audit?entityType=product&entityId=${id}`)).json().items;
  const storefront = (id: number) => t.app.inject({ url: `/api/products/${id}` });

  it('refuses the new endpoints to customers and vendors (403) and the signed out (401)', async () => {
    const product = await createProduct(t.services, { name: 'Refusal Test Laptop' });
    const calls: Array<['GET' | 'PUT' | 'POST', string, unknown?]> = [
      ['GET', `/api/admin/products/${product.id}`],
      ['PUT', `/api/admin/products/${product.id}`, { name: 'Taken over' }],
      ['POST', `/api/admin/products/${product.id}/status`, { status: 'archived' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await as(t, customer)(method, url, body)).statusCode, `${method} ${url} as customer`).toBe(403);
      expect((await as(t, vendor)(method, url, body)).statusCode, `${method} ${url} as vendor`).toBe(403);
      expect(
        (await t.app.inject({ method, url, payload: body as object, headers: TEST_HEADERS })).statusCode,
        `${method} ${url} signed out`,
      ).toBe(401);
    }
    expect((await storefront(product.id)).json().name).toBe('Refusal Test Laptop');
    expect(await auditOf(product.id)).toEqual([]);
  });

  it("edits another vendor's product: the store shows the change and the audit keeps the fields before and after", async () => {
    const shop = await createVendor(t.services, { name: 'Pune Peripherals' });
    const product = await createProduct(t.services, {
      vendorId: shop.id,
      name: 'Pune ThinBook 14',
      price: 64_990_00,
      mrp: 69_990_00,
      featured: true,
    });
    const detail = await as(t, admin)('GET', `/api/admin/products/${product.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      product: { id: product.id, name: 'Pune ThinBook 14', price: 64_990_00, status: 'active', sku: null, hiddenReason: null },
      shop: { id: shop.id, status: 'active' },
      audit: [],
    });

    const edit = {
      ...editOf(detail.json().product),
      name: '  Pune ThinBook 14 (2025)  ',
      price: 59_990_00,
      stock: 4,
      specs: laptopSpecs({ ramGb: 32 }),
      reason: 'Vendor asked by phone',
    };
    const saved = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, edit);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().product).toMatchObject({
      name: 'Pune ThinBook 14 (2025)',
      price: 59_990_00,
      mrp: 69_990_00,
      stock: 4,
      featured: true,
      images: detail.json().product.images,
    });

    const seen = (await storefront(product.id)).json();
    expect(seen).toMatchObject({ name: 'Pune ThinBook 14 (2025)', price: 59_990_00, stock: 4, specs: { ramGb: 32 }, featured: true });
    const [entry, ...older] = saved.json().audit;
    expect(older).toEqual([]);
    expect(entry).toMatchObject({
      action: 'product.edit',
      actor: { id: admin.uid, email: 'ravi@admin.in' },
      entityType: 'product',
      entityId: String(product.id),
      reason: 'Vendor asked by phone',
      before: { name: 'Pune ThinBook 14', price: 64_990_00, stock: 10, specs: { ramGb: 16 } },
      after: { name: 'Pune ThinBook 14 (2025)', price: 59_990_00, stock: 4, specs: { ramGb: 32 } },
    });
    // Only what changed is recorded.
    expect(Object.keys(entry.after).sort()).toEqual(['name', 'price', 'specs', 'stock']);
    expect(new Date(entry.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Saving the same values again (from the form as saved) changes nothing and records nothing.
    const again = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, { ...edit, name: 'Pune ThinBook 14 (2025)', stockWas: 4 });
    expect(again.statusCode).toBe(200);
    expect(again.json().audit).toHaveLength(1);
  });

  it('refuses an invalid edit with a 400 and a clear message, writing nothing', async () => {
    const product = await createProduct(t.services, { name: 'Validation Test Laptop', price: 50_000_00 });
    const valid = editOf((await as(t, admin)('GET', `/api/admin/products/${product.id}`)).json().product);
    const cases: Array<[unknown, string]> = [
      [{ ...valid, price: 80_000_00, mrp: 70_000_00 }, 'MRP must be at least the price'],
      [{ ...valid, specs: { ...laptopSpecs(), ramGb: 'lots' } }, 'specs.ramGb'],
      [{ ...valid, category: 'Monitor' }, 'specs.'],
      [{ ...valid, price: 499.5 }, 'price must be a whole number of paise'],
      [{ ...valid, name: 'ab' }, 'Name must be at least 3 characters'],
      [{ ...valid, status: 'sold' }, 'status must be draft, active or archived'],
      [{ ...valid, featured: 'yes' }, 'featured must be true or false'],
      [{ ...valid, stockWas: undefined }, 'stockWas (the stock shown when the product was opened) must be a whole number'],
      [{ ...valid, images: ['/media/v999/someone-else.webp'] }, 'These images are not among'],
    ];
    for (const [body, message] of cases) {
      const response = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().error.message).toContain(message);
    }
    expect((await storefront(product.id)).json()).toMatchObject({ name: 'Validation Test Laptop', price: 50_000_00, category: 'Laptop' });
    expect(await auditOf(product.id)).toEqual([]);
  });

  it('answers 404 for a product that does not exist and 400 for an id that is not one', async () => {
    const edit = {
      name: 'Nobody’s Laptop',
      brand: 'Acme',
      category: 'Laptop',
      description: '',
      price: 100_00,
      mrp: 100_00,
      stock: 1,
      stockWas: 1,
      specs: laptopSpecs(),
      status: 'draft',
    };
    const missing = [
      await as(t, admin)('GET', '/api/admin/products/999999'),
      await as(t, admin)('PUT', '/api/admin/products/999999', edit),
      await as(t, admin)('POST', '/api/admin/products/999999/status', { status: 'archived' }),
    ];
    for (const response of missing) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    }
    expect((await as(t, admin)('GET', '/api/admin/products/abc')).statusCode).toBe(400);
    expect((await as(t, admin)('GET', '/api/admin/audit?entityType=product&entityId=999999')).json().total).toBe(0);
  });

  it('archives a product so it leaves the store, records it, and brings it back', async () => {
    const product = await createProduct(t.services, { name: 'Archive Test Monitor', category: 'Monitor', stock: 7 });
    const archived = await as(t, admin)('POST', `/api/admin/products/${product.id}/status`, {
      status: 'archived',
      reason: 'Discontinued by the maker',
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().product).toMatchObject({ status: 'archived', stock: 7 });
    expect((await storefront(product.id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/search?q=archive%20test%20monitor' })).json().total).toBe(0);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: [{ productId: product.id, quantity: 1 }] })).json().items[0]
        .status,
    ).toBe('unavailable');
    expect(archived.json().audit[0]).toMatchObject({
      action: 'product.archive',
      actor: { email: 'ravi@admin.in' },
      before: { status: 'active' },
      after: { status: 'archived' },
      reason: 'Discontinued by the maker',
    });
    expect(
      (await as(t, admin)('GET', '/api/admin/products?status=archived&q=archive%20test')).json().items.map((p: { id: number }) => p.id),
    ).toEqual([product.id]);

    const twice = await as(t, admin)('POST', `/api/admin/products/${product.id}/status`, { status: 'archived' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This product is already archived');

    const draft = await as(t, admin)('POST', `/api/admin/products/${product.id}/status`, { status: 'draft' });
    expect(draft.json().product.status).toBe('draft');
    expect((await storefront(product.id)).statusCode).toBe(404);
    const live = await as(t, admin)('POST', `/api/admin/products/${product.id}/status`, { status: 'active' });
    expect(live.json().product.status).toBe('active');
    expect((await storefront(product.id)).json()).toMatchObject({ name: 'Archive Test Monitor', stock: 7 });
    expect((await auditOf(product.id)).map((e: { action: string }) => e.action)).toEqual([
      'product.publish',
      'product.unarchive',
      'product.archive',
    ]);
    expect((await auditOf(product.id))[1]).toMatchObject({ before: { status: 'archived' }, after: { status: 'draft' }, reason: null });
  });

  it('refuses to publish a product of a shop that is not approved, as it does for the vendor; drafts and archiving work', async () => {
    const product = await createProduct(t.services, {
      vendorId: vendor.vendorId,
      name: 'Meena Pending Desktop',
      category: 'Desktop',
      status: 'draft',
    });
    const publish = await as(t, admin)('POST', `/api/admin/products/${product.id}/status`, { status: 'active' });
    expect(publish.statusCode).toBe(409);
    expect(publish.json().error.message).toBe(
      'Meena Machines is awaiting approval, so its products cannot be published. Save the product as a draft or archive it.',
    );
    const detail = (await as(t, admin)('GET', `/api/admin/products/${product.id}`)).json();
    expect(detail.shop).toMatchObject({ name: 'Meena Machines', status: 'pending' });
    const viaEdit = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, { ...editOf(detail.product), status: 'active' });
    expect(viaEdit.statusCode).toBe(409);
    const asDraft = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, {
      ...editOf(detail.product),
      brand: 'Meena',
      status: 'draft',
    });
    expect(asDraft.json().product).toMatchObject({ brand: 'Meena', status: 'draft' });
    expect((await as(t, vendor)('GET', `/api/vendor/products/${product.id}`)).json()).toMatchObject({ brand: 'Meena', status: 'draft' });
    expect((await as(t, admin)('POST', `/api/admin/products/${product.id}/status`, { status: 'archived' })).json().product.status).toBe(
      'archived',
    );
    expect((await auditOf(product.id)).map((e: { action: string }) => e.action)).toEqual(['product.archive', 'product.edit']);
  });

  it('features a product on the home page, recorded with the rest of the edit', async () => {
    const product = await createProduct(t.services, { name: 'Featured Test Monitor', category: 'Monitor', price: 20_000_00 });
    const featuredIds = async () =>
      (await t.app.inject({ url: '/api/products?featured=true&pageSize=100' })).json().items.map((p: { id: number }) => p.id);
    expect(await featuredIds()).not.toContain(product.id);

    const detail = (await as(t, admin)('GET', `/api/admin/products/${product.id}`)).json();
    expect(detail.product.featured).toBe(false);
    const saved = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, {
      ...editOf(detail.product),
      price: 18_000_00,
      featured: true,
      reason: 'Diwali picks',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().product).toMatchObject({ featured: true, price: 18_000_00 });
    expect(await featuredIds()).toContain(product.id);
    expect((await storefront(product.id)).json().featured).toBe(true);
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({
      action: 'product.edit',
      before: { featured: false, price: 20_000_00 },
      after: { featured: true, price: 18_000_00 },
      reason: 'Diwali picks',
    });
    expect(Object.keys(entry.after).sort()).toEqual(['featured', 'price']);

    // Leaving featured out keeps it; archiving keeps it too.
    const renamed = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, {
      ...editOf(saved.json().product),
      featured: undefined,
      name: 'Featured Test Monitor 27',
    });
    expect(renamed.json().product).toMatchObject({ featured: true, name: 'Featured Test Monitor 27' });
    expect(Object.keys(renamed.json().audit[0].after)).toEqual(['name']);

    const unfeatured = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, {
      ...editOf(renamed.json().product),
      featured: false,
    });
    expect(unfeatured.json().audit[0]).toMatchObject({ before: { featured: true }, after: { featured: false } });
    expect(await featuredIds()).not.toContain(product.id);
  });

  it('keeps sales made while the admin had the product open: stock moves by the admin’s change, never below 0', async () => {
    const product = await createProduct(t.services, { name: 'Stale Form Laptop', stock: 10 });
    const opened = (await as(t, admin)('GET', `/api/admin/products/${product.id}`)).json();
    expect(opened.product.stock).toBe(10);

    // A customer buys 3 while the form is open.
    const address = (
      await as(t, customer)('POST', '/api/account/addresses', {
        name: 'Kiran Customer',
        phone: '9845012345',
        line1: '1 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      })
    ).json();
    const order = await as(t, customer)('POST', '/api/checkout/orders', {
      idempotencyKey: 'admin-stale-form-1',
      addressId: address.id,
      items: [{ productId: product.id, quantity: 3 }],
    });
    expect(order.statusCode, order.body).toBe(201);
    expect((await storefront(product.id)).json().stock).toBe(7);

    // The admin changes the price and adds 5 units to the 10 they were shown: 7 + 5.
    const saved = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, {
      ...editOf(opened.product),
      price: 45_000_00,
      stock: 15,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product.stock).toBe(12);
    expect(saved.json().audit[0]).toMatchObject({ before: { stock: 7, price: 50_000_00 }, after: { stock: 12, price: 45_000_00 } });

    // A form that leaves stock alone keeps it as sold, whatever number it still shows.
    const renamed = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, {
      ...editOf(opened.product),
      name: 'Stale Form Laptop 2',
    });
    expect(renamed.json().product).toMatchObject({ name: 'Stale Form Laptop 2', stock: 12 });
    expect(Object.keys(renamed.json().audit[0].after).sort()).toEqual(['name', 'price']);

    // Taking off more than is left is refused, and nothing is written.
    const tooMany = await as(t, admin)('PUT', `/api/admin/products/${product.id}`, {
      ...editOf(opened.product),
      name: 'Not saved',
      stock: 0,
      stockWas: 15,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Stock changed since you opened this product: now 12, so it cannot go down by 15. Check the stock and save again.',
      details: { stock: 12 },
    });
    expect((await storefront(product.id)).json()).toMatchObject({ name: 'Stale Form Laptop 2', stock: 12 });
    expect(await auditOf(product.id)).toHaveLength(2);
  });
  it("sees every seller's offer of a product and merges a duplicate into it: offers move, order lines stay, the duplicate leaves the store, all audited", async () => {
    const first = await createVendor(t.services, { name: 'Delhi Duplicates' });
    const second = await createVendor(t.services, { name: 'Mumbai Monitors' });
    const kept = await createProduct(t.services, { vendorId: first.id, category: 'Monitor', name: 'Dell S2425H', price: 10_999_00 });
    const duplicate = await createProduct(t.services, {
      vendorId: second.id,
      category: 'Monitor',
      name: 'DELL S2425H 24 inch Monitor',
      price: 10_499_00,
      stock: 7,
    });
    const laptop = await createProduct(t.services, { vendorId: second.id, name: 'Not a monitor' });
    // An order of the duplicate, to show its history survives the merge.
    await t.database.db.transaction().execute(async (tx) => {
      const [offerId] = [...(await t.services.catalog.buyBoxOffers([duplicate.id], tx)).values()];
      await t.services.catalog.takeStock([{ productId: duplicate.id, offerId: offerId as number, quantity: 1 }], tx);
    });

    const before = (await as(t, admin)('GET', `/api/admin/products/${kept.id}`)).json();
    expect(before.offers.map((offer: { vendor: { name: string } }) => offer.vendor.name)).toEqual(['Delhi Duplicates']);
    expect((await as(t, vendor)('POST', `/api/admin/products/${duplicate.id}/merge`, { into: kept.id })).statusCode).toBe(403);
    expect((await as(t, admin)('POST', `/api/admin/products/${duplicate.id}/merge`, { into: duplicate.id })).statusCode).toBe(400);
    expect((await as(t, admin)('POST', `/api/admin/products/${laptop.id}/merge`, { into: kept.id })).statusCode).toBe(409);
    expect((await as(t, admin)('POST', `/api/admin/products/${duplicate.id}/merge`, { into: 999_999 })).statusCode).toBe(404);

    const merged = await as(t, admin)('POST', `/api/admin/products/${duplicate.id}/merge`, {
      into: kept.id,
      reason: 'Same model listed twice',
    });
    expect(merged.statusCode, merged.body).toBe(200);
    // The cheaper seller's offer now wins the kept product's buy box.
    expect(
      merged
        .json()
        .offers.map((offer: { vendor: { name: string }; price: number; stock: number }) => [offer.vendor.name, offer.price, offer.stock]),
    ).toEqual([
      ['Mumbai Monitors', 10_499_00, 6],
      ['Delhi Duplicates', 10_999_00, 10],
    ]);
    await t.services.catalog.settled();
    expect((await storefront(kept.id)).json()).toMatchObject({ sellerCount: 2, price: 10_499_00, vendor: { name: 'Mumbai Monitors' } });
    expect((await storefront(duplicate.id)).statusCode).toBe(404);
    const { status } = await t.database.db.selectFrom('products').select('status').where('id', '=', duplicate.id).executeTakeFirstOrThrow();
    expect(status).toBe('archived');
    expect((await auditOf(duplicate.id))[0]).toMatchObject({
      action: 'product.merge',
      after: { mergedInto: kept.id },
      reason: 'Same model listed twice',
    });
    expect((await auditOf(kept.id))[0]).toMatchObject({
      action: 'product.merge',
      after: { mergedFrom: duplicate.id, sellers: ['Mumbai Monitors'] },
    });
    // With two sellers, price and status are each seller's: the admin changes the details only.
    const shared = (await as(t, admin)('GET', `/api/admin/products/${kept.id}`)).json().product;
    const repriced = await as(t, admin)('PUT', `/api/admin/products/${kept.id}`, { ...editOf(shared), price: 9_999_00 });
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json().error.message).toContain("each seller's own");
    expect((await as(t, admin)('POST', `/api/admin/products/${kept.id}/status`, { status: 'archived' })).statusCode).toBe(409);
    const renamed = await as(t, admin)('PUT', `/api/admin/products/${kept.id}`, { ...editOf(shared), name: 'Dell S2425H 24" FHD Monitor' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A seller offering both cannot be merged into two offers of one product.
    const third = await createProduct(t.services, { vendorId: first.id, category: 'Monitor', name: 'Dell S2425H (again)' });
    const twice = await as(t, admin)('POST', `/api/admin/products/${third.id}/merge`, { into: kept.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('Delhi Duplicates sells both products');
  });
  it("holds a seller's new listing for approval: rejected with a reason the seller sees, sent again by an edit, approved into the store, audited", async () => {
    await t.services.vendors.setStatus(vendor.vendorId, 'active');
    const photo = await t.services.media.upload(
      vendor.vendorId,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1b5cf5' } })
        .png()
        .toBuffer(),
    );
    const body = {
      name: 'Meena Workstation 14',
      brand: 'Meena',
      category: 'Laptop',
      description: 'A laptop for review.',
      sku: 'MW-14',
      price: 55_000_00,
      mrp: 60_000_00,
      stock: 4,
      specs: laptopSpecs(),
      images: [photo.url],
      status: 'active',
    };
    const created = (await as(t, vendor)('POST', '/api/vendor/products', body)).json();
    expect(created).toMatchObject({ status: 'active', review: { status: 'pending', reason: null } });
    await t.services.catalog.settled();
    expect((await storefront(created.id)).statusCode).toBe(404);
    const queue = (await as(t, admin)('GET', '/api/admin/products?status=review')).json();
    expect(queue.items.map((item: { id: number; review: string }) => [item.id, item.review])).toEqual([[created.id, 'pending']]);
    expect((await as(t, vendor)('POST', `/api/admin/products/${created.id}/review`, { decision: 'approve' })).statusCode).toBe(403);
    expect((await as(t, admin)('POST', `/api/admin/products/${created.id}/review`, { decision: 'reject' })).statusCode).toBe(400);

    const rejected = await as(t, admin)('POST', `/api/admin/products/${created.id}/review`, {
      decision: 'reject',
      reason: 'Add the processor to the name',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().product.review).toEqual({ status: 'rejected', reason: 'Add the processor to the name' });
    expect((await as(t, vendor)('GET', `/api/vendor/products/${created.id}`)).json()).toMatchObject({
      review: { status: 'rejected', reason: 'Add the processor to the name' },
    });
    const resent = await as(t, vendor)('PUT', `/api/vendor/products/${created.id}`, {
      ...body,
      name: 'Meena Workstation 14 (Core i5)',
      stockWas: 4,
    });
    expect(resent.json()).toMatchObject({ name: 'Meena Workstation 14 (Core i5)', review: { status: 'pending', reason: null } });

    expect((await as(t, admin)('POST', `/api/admin/products/${created.id}/review`, { decision: 'approve' })).statusCode).toBe(200);
    expect((await as(t, admin)('POST', `/api/admin/products/${created.id}/review`, { decision: 'approve' })).statusCode).toBe(409);
    await t.services.catalog.settled();
    expect((await storefront(created.id)).json()).toMatchObject({ name: 'Meena Workstation 14 (Core i5)', sellerCount: 1 });
    expect((await auditOf(created.id)).map((entry: { action: string }) => entry.action)).toEqual([
      'product.review.approve',
      'product.review.reject',
    ]);
  });
});
