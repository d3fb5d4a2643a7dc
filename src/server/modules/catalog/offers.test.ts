import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { CartQuote } from '#shared/schemas/cart.ts';
import type { Product, ProductList } from '#shared/schemas/catalog.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, laptopSpecs } from '#server/testing/factories.ts';
import { as, completeShopDetails, registerCustomer, registerVendor, signIn, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('one product, many sellers, on %s', (dialect) => {
  let t: TestApp;
  let ravi: TestUser & { vendorId: number };
  let sita: TestUser & { vendorId: number };
  let asha: TestUser;
  let addressId: number;
  let inspiron: number;

  const product = async (id = inspiron) => {
    await t.services.catalog.settled();
    return (await t.app.inject({ url: `/api/products/${id}` })).json() as Product;
  };
  const offerStock = async (offerId: number) =>
    (await t.database.db.selectFrom('offers').select('stock').where('id', '=', offerId).executeTakeFirstOrThrow()).stock;
  const sell = (user: TestUser, body: Record<string, unknown>) =>
    as(t, user)('POST', '/api/vendor/offers', { productId: inspiron, ...body });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ravi = await registerVendor(t, 'ravi@offers.in', 'Ravi Computers');
    sita = await registerVendor(t, 'sita@offers.in', 'Sita Electronics');
    for (const shop of [ravi, sita]) await t.services.vendors.setStatus(shop.vendorId, 'active');
    inspiron = (
      await createProduct(t.services, {
        vendorId: ravi.vendorId,
        name: 'Dell Inspiron 15 3530',
        brand: 'Dell',
        price: rupees(52_990),
        mrp: rupees(64_990),
        stock: 3,
      })
    ).id;
    asha = await registerCustomer(t, 'asha@offers.in', 'Asha Rao');
    const address = await as(t, asha)('POST', '/api/account/addresses', {
      name: 'Asha Rao',
      phone: '9845012345',
      line1: '5 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
    });
    addressId = address.json().id;
  });
  afterAll(() => t.close());

  it('lets a second seller offer the same product: one page, the lower price wins the buy box, the other is listed', async () => {
    const before = await product();
    expect(before).toMatchObject({ sellerCount: 1, vendor: { name: 'Ravi Computers' }, price: rupees(52_990) });
    expect(before.offers).toHaveLength(1);

    const offered = await sell(sita, { sku: 'SITA-3530', price: rupees(51_490), mrp: rupees(64_990), stock: 5, dispatchDays: 1 });
    expect(offered.statusCode, offered.body).toBe(201);
    expect(offered.json()).toMatchObject({
      id: inspiron,
      price: rupees(51_490),
      stock: 5,
      sku: 'SITA-3530',
      vendor: { name: 'Sita Electronics' },
    });

    const after = await product();
    expect(after).toMatchObject({ sellerCount: 2, vendor: { name: 'Sita Electronics' }, price: rupees(51_490), stock: 5 });
    expect(after.offers.map((offer) => [offer.vendor.name, offer.price, offer.stock, offer.dispatchDays])).toEqual([
      ['Sita Electronics', rupees(51_490), 5, 1],
      ['Ravi Computers', rupees(52_990), 3, 2],
    ]);
    expect(after.offerId).toBe(after.offers[0]?.id);
    // Listings and search show the product once, at the winning price.
    const listed = (await t.app.inject({ url: '/api/products?brand=Dell' })).json() as ProductList;
    expect(listed.items.map((item) => [item.id, item.price, item.sellerCount])).toEqual([[inspiron, rupees(51_490), 2]]);
    const found = (await t.app.inject({ url: '/api/search?q=inspiron' })).json() as ProductList;
    expect(found.items.map((item) => item.id)).toEqual([inspiron]);
    expect((await t.app.inject({ url: `/api/products?brand=Dell&maxPrice=${rupees(52_000)}` })).json().total).toBe(1);
    // Each shop's page lists what it sells, holding the buy box or not.
    for (const offer of after.offers) {
      const shop = (await t.app.inject({ url: `/api/products?vendor=${offer.vendor.slug}` })).json() as ProductList;
      expect(
        shop.items.map((item) => item.id),
        offer.vendor.name,
      ).toEqual([inspiron]);
      const shopSearch = (await t.app.inject({ url: `/api/search?q=inspiron&vendor=${offer.vendor.slug}` })).json() as ProductList;
      expect(
        shopSearch.items.map((item) => item.id),
        offer.vendor.name,
      ).toEqual([inspiron]);
    }
  });

  it('refuses a second offer from the same seller, an offer below its MRP rule, and sellers who may not sell', async () => {
    expect((await sell(sita, { price: rupees(50_000), mrp: rupees(60_000), stock: 1 })).statusCode).toBe(409);
    const cheap = await sell(ravi, { price: rupees(70_000), mrp: rupees(60_000), stock: 1 });
    expect(cheap.statusCode).toBe(400);
    expect((await sell(asha, { price: rupees(50_000), mrp: rupees(60_000), stock: 1 })).statusCode).toBe(403);
    const missing = await as(t, ravi)('POST', '/api/vendor/offers', {
      productId: 999_999,
      price: rupees(1_000),
      mrp: rupees(1_000),
      stock: 1,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lets each seller change only its own offer: price and stock, not the shared details', async () => {
    const sitaOffer = (await product()).offers[0]!;
    const current = (await as(t, sita)('GET', `/api/vendor/products/${inspiron}`)).json();
    expect(current).toMatchObject({ price: rupees(51_490), stock: 5, sku: 'SITA-3530', sharedDetails: true });
    const edit = (changes: Record<string, unknown>) => ({
      name: current.name,
      brand: current.brand,
      category: current.category,
      description: current.description,
      sku: current.sku,
      price: current.price,
      mrp: current.mrp,
      stock: current.stock,
      specs: current.specs,
      images: current.images,
      status: 'active',
      stockWas: current.stock,
      ...changes,
    });
    const repriced = await as(t, sita)('PUT', `/api/vendor/products/${inspiron}`, edit({ price: rupees(53_490) }));
    expect(repriced.statusCode, repriced.body).toBe(200);
    // Sita is dearer now: Ravi's offer wins the box back.
    expect(await product()).toMatchObject({ vendor: { name: 'Ravi Computers' }, price: rupees(52_990), stock: 3 });
    // A change to the shared details waits for the marketplace; the offer's own part is saved.
    const renamed = await as(t, sita)(
      'PUT',
      `/api/vendor/products/${inspiron}`,
      edit({ price: rupees(53_490), name: 'Dell Inspiron 15 (Sita edition)' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Dell Inspiron 15 3530',
      price: rupees(53_490),
      proposal: { status: 'pending', reason: null },
    });
    expect((await product()).name).toBe('Dell Inspiron 15 3530');
    // Ravi listed it, but Sita sells it too: its details are no longer Ravi's alone either.
    const ravis = (await as(t, ravi)('GET', `/api/vendor/products/${inspiron}`)).json();
    expect(ravis).toMatchObject({ price: rupees(52_990), stock: 3, vendor: { name: 'Ravi Computers' }, sharedDetails: true });
    const raviRename = await as(t, ravi)('PUT', `/api/vendor/products/${inspiron}`, {
      ...edit({ name: 'Dell Inspiron 15 New' }),
      price: ravis.price,
      mrp: ravis.mrp,
      stock: ravis.stock,
      stockWas: ravis.stock,
      sku: undefined,
    });
    expect(raviRename.json()).toMatchObject({ name: 'Dell Inspiron 15 3530', proposal: { status: 'pending' } });
    // Stock of another seller's offer is out of reach: Sita's own stays as it was.
    const stock = await as(t, sita)('PATCH', `/api/vendor/products/${inspiron}/stock`, { stock: 6, stockWas: 5 });
    expect(stock.json()).toMatchObject({ stock: 6 });
    expect(await offerStock(sitaOffer.id)).toBe(6);
    expect((await product()).stock).toBe(3);
  });

  it('moves the buy box when the winning offer runs out, and shows the product out of stock only when every offer has', async () => {
    const ravisOffer = (await product()).offers.find((offer) => offer.vendor.name === 'Ravi Computers')!;
    await as(t, ravi)('PATCH', `/api/vendor/products/${inspiron}/stock`, { stock: 0, stockWas: 3 });
    expect(await product()).toMatchObject({ vendor: { name: 'Sita Electronics' }, price: rupees(53_490), stock: 6 });
    expect((await product()).offers.find((offer) => offer.id === ravisOffer.id)?.stock).toBe(0);
    const sitas = (await product()).offers[0]!;
    await as(t, sita)('PATCH', `/api/vendor/products/${inspiron}/stock`, { stock: 0, stockWas: 6 });
    expect(await product()).toMatchObject({ stock: 0, sellerCount: 2 });
    expect(((await t.app.inject({ url: '/api/products?brand=Dell&inStock=true' })).json() as ProductList).total).toBe(0);
    await as(t, ravi)('PATCH', `/api/vendor/products/${inspiron}/stock`, { stock: 2, stockWas: 0 });
    await as(t, sita)('PATCH', `/api/vendor/products/${inspiron}/stock`, { stock: 4, stockWas: 0 });
    expect(await product()).toMatchObject({ vendor: { name: 'Ravi Computers' }, stock: 2 });
    expect(sitas.vendor.name).toBe('Sita Electronics');
  });

  it('quotes and sells each offer at its own price and stock, one fulfilment per seller, and gives stock back to the right offer on cancel', async () => {
    const offers = (await product()).offers;
    const ravis = offers.find((offer) => offer.vendor.name === 'Ravi Computers')!;
    const sitas = offers.find((offer) => offer.vendor.name === 'Sita Electronics')!;
    const quote = (
      await as(t, asha)('POST', '/api/cart/quote', [
        { productId: inspiron, offerId: sitas.id, quantity: 1 },
        { productId: inspiron, quantity: 5 },
      ])
    ).json() as CartQuote;
    expect(quote.items.map((line) => [line.offerId, line.vendorName, line.unitPrice, line.quantity, line.status])).toEqual([
      [sitas.id, 'Sita Electronics', rupees(53_490), 1, 'ok'],
      [ravis.id, 'Ravi Computers', rupees(52_990), 2, 'insufficient_stock'],
    ]);
    // An offer of another product is not this product's.
    const other = await createProduct(t.services, { vendorId: sita.vendorId, name: 'Dell Vostro 3520' });
    await t.services.catalog.settled();
    const wrong = await as(t, asha)('POST', '/api/checkout/orders', {
      idempotencyKey: crypto.randomUUID(),
      addressId,
      items: [{ productId: other.id, offerId: ravis.id, quantity: 1 }],
    });
    expect(wrong.statusCode).toBe(409);

    const placed = await as(t, asha)('POST', '/api/checkout/orders', {
      idempotencyKey: crypto.randomUUID(),
      addressId,
      items: [
        { productId: inspiron, offerId: sitas.id, quantity: 2 },
        { productId: inspiron, offerId: ravis.id, quantity: 1 },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order.items.map((item) => [item.offerId, item.vendor.name, item.unitPrice, item.quantity])).toEqual([
      [sitas.id, 'Sita Electronics', rupees(53_490), 2],
      [ravis.id, 'Ravi Computers', rupees(52_990), 1],
    ]);
    expect(order.subtotal).toBe(rupees(53_490) * 2 + rupees(52_990));
    expect(order.fulfilments.map((f) => f.vendor.name).sort()).toEqual(['Ravi Computers', 'Sita Electronics']);
    expect([await offerStock(sitas.id), await offerStock(ravis.id)]).toEqual([2, 1]);
    // Each seller sees its own line only.
    const sitaOrders = (await as(t, sita)('GET', '/api/vendor/orders')).json();
    expect(JSON.stringify(sitaOrders)).not.toContain('Ravi Computers');

    const cancelled = await as(t, asha)('POST', `/api/orders/${order.id}/cancel`, { reason: 'Ordered twice by mistake' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect([await offerStock(sitas.id), await offerStock(ravis.id)]).toEqual([4, 2]);
    expect(await product()).toMatchObject({ vendor: { name: 'Ravi Computers' }, stock: 2 });
  });

  it('never sells more than an offer holds when shoppers race for it', async () => {
    const sitas = (await product()).offers.find((offer) => offer.vendor.name === 'Sita Electronics')!;
    const shoppers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => registerCustomer(t, `racer${n}@offers.in`, `Racer ${n}`)));
    const results = await Promise.all(
      shoppers.map(async (shopper) => {
        const address = await as(t, shopper)('POST', '/api/account/addresses', {
          name: 'Racer',
          phone: '9845012345',
          line1: '1 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
        });
        return as(t, shopper)('POST', '/api/checkout/orders', {
          idempotencyKey: crypto.randomUUID(),
          addressId: address.json().id,
          items: [{ productId: inspiron, offerId: sitas.id, quantity: 1 }],
        });
      }),
    );
    expect(results.filter((response) => response.statusCode === 201)).toHaveLength(4);
    expect(results.filter((response) => response.statusCode === 409)).toHaveLength(2);
    expect(await offerStock(sitas.id)).toBe(0);
  });

  it("stops a suspended seller's offer from winning or selling, and lets the other seller keep selling", async () => {
    await as(t, ravi)('PATCH', `/api/vendor/products/${inspiron}/stock`, { stock: 5, stockWas: 2 });
    await as(t, sita)('PATCH', `/api/vendor/products/${inspiron}/stock`, { stock: 5, stockWas: 0 });
    const { name, brand, category, description, mrp, specs, images } = (
      await as(t, sita)('GET', `/api/vendor/products/${inspiron}`)
    ).json() as Product;
    const repriced = await as(t, sita)('PUT', `/api/vendor/products/${inspiron}`, {
      name,
      brand,
      category,
      description,
      mrp,
      specs,
      images,
      sku: 'SITA-3530',
      price: rupees(49_990),
      stock: 5,
      stockWas: 5,
      status: 'active',
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await product()).toMatchObject({ vendor: { name: 'Sita Electronics' }, price: rupees(49_990) });
    const admin = t.services.admin;
    // Reinstating a shop is approving it again: its details must be complete.
    await completeShopDetails(t, sita, 'Sita Electronics');
    await admin.setVendorStatus({ id: asha.uid, email: asha.email }, sita.vendorId, 'suspended');
    expect(await product()).toMatchObject({ vendor: { name: 'Ravi Computers' }, sellerCount: 1 });
    await admin.setVendorStatus({ id: asha.uid, email: asha.email }, sita.vendorId, 'active');
    expect(await product()).toMatchObject({ vendor: { name: 'Sita Electronics' }, sellerCount: 2 });
  });
  it("lets an admin approve one seller's proposed details (the product takes them) and reject another's with a reason the seller sees", async () => {
    await t.services.authService.ensureAdmin({ email: 'asha@admin.in', password: 'admin-pass-123', name: 'Asha Admin' });
    const admin = await signIn(t, { email: 'asha@admin.in', password: 'admin-pass-123' }, 'admin');
    expect((await as(t, sita)('GET', '/api/admin/proposals')).statusCode).toBe(403);
    const queue = (await as(t, admin)('GET', '/api/admin/proposals')).json().items as Array<{
      id: number;
      vendor: { name: string };
      changes: { name: string };
      current: { name: string };
    }>;
    expect(queue.map((item) => [item.vendor.name, item.changes.name, item.current.name])).toEqual([
      ['Sita Electronics', 'Dell Inspiron 15 (Sita edition)', 'Dell Inspiron 15 3530'],
      ['Ravi Computers', 'Dell Inspiron 15 New', 'Dell Inspiron 15 3530'],
    ]);
    const [sitas, ravis] = queue as unknown as [{ id: number }, { id: number }];
    const noReason = await as(t, admin)('POST', `/api/admin/proposals/${ravis.id}/decision`, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(
      (
        await as(t, admin)('POST', `/api/admin/proposals/${ravis.id}/decision`, {
          decision: 'reject',
          reason: "The model name is the maker's",
        })
      ).statusCode,
    ).toBe(204);
    expect((await as(t, admin)('POST', `/api/admin/proposals/${sitas.id}/decision`, { decision: 'approve' })).statusCode).toBe(204);
    expect(
      (await as(t, admin)('POST', `/api/admin/proposals/${sitas.id}/decision`, { decision: 'reject', reason: 'Too late' })).statusCode,
    ).toBe(409);
    expect((await as(t, admin)('POST', '/api/admin/proposals/999999/decision', { decision: 'approve' })).statusCode).toBe(404);

    expect((await product()).name).toBe('Dell Inspiron 15 (Sita edition)');
    expect(((await t.app.inject({ url: '/api/search?q=edition' })).json() as ProductList).items.map((item) => item.id)).toEqual([inspiron]);
    expect((await as(t, ravi)('GET', `/api/vendor/products/${inspiron}`)).json()).toMatchObject({
      proposal: { status: 'rejected', reason: "The model name is the maker's" },
    });
    expect((await as(t, admin)('GET', '/api/admin/proposals')).json().items).toEqual([]);
    const audit = (await as(t, admin)('GET', `/api/admin/audit?entityType=product&entityId=${inspiron}`)).json().items as Array<{
      action: string;
    }>;
    expect(audit.map((entry) => entry.action)).toEqual(['product.proposal.approve', 'product.proposal.reject']);

    // A proposal holds the fields it changes only, so one approved after another leaves that one's changes as they are.
    const ravis2 = (await as(t, ravi)('GET', `/api/vendor/products/${inspiron}`)).json() as Product;
    const { name, brand, category, specs, images, price, mrp, stock } = ravis2;
    await as(t, ravi)('PUT', `/api/vendor/products/${inspiron}`, {
      name,
      brand,
      category,
      specs,
      images,
      price,
      mrp,
      stock,
      stockWas: stock,
      description: 'A 15.6 inch everyday laptop.',
      status: 'active',
    });
    const stored = await t.database.db
      .selectFrom('product_proposals')
      .select(['id', 'changes'])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.changes)).toEqual({ description: 'A 15.6 inch everyday laptop.' });
    expect((await as(t, admin)('POST', `/api/admin/proposals/${stored.id}/decision`, { decision: 'approve' })).statusCode).toBe(204);
    expect(await product()).toMatchObject({ name: 'Dell Inspiron 15 (Sita edition)', description: 'A 15.6 inch everyday laptop.' });
  });
  it("finds a product to sell by its maker's part number or its EAN, which sellers give and shoppers see", async () => {
    const vostro = await createProduct(t.services, {
      vendorId: ravi.vendorId,
      name: 'Dell Vostro 3530 Laptop',
      brand: 'Dell',
      specs: laptopSpecs({ partNumber: 'V3530-7YKN4', ean: '5901234123457' }),
    });
    await t.services.catalog.settled();
    for (const q of ['V3530-7YKN4', 'v3530 7ykn4', '5901234123457']) {
      expect(
        ((await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json() as ProductList).items.map((item) => item.id),
        q,
      ).toEqual([vostro.id]);
    }
    expect((await product(vostro.id)).specs).toMatchObject({ partNumber: 'V3530-7YKN4', ean: '5901234123457' });
    const badEan = await as(t, sita)('POST', '/api/vendor/products', {
      name: 'Sita Laptop',
      brand: 'Sita',
      category: 'Laptop',
      description: '',
      price: rupees(40_000),
      mrp: rupees(45_000),
      stock: 1,
      specs: laptopSpecs({ ean: '5901234123458' }),
      images: [],
      status: 'draft',
    });
    expect(badEan.statusCode).toBe(400);
    expect(badEan.json().error.message).toContain('valid check digit');
  });
  it("takes a line saved without a seller and one naming the buy box's offer as one line of that offer", async () => {
    const buyBox = await product();
    const before = await offerStock(buyBox.offerId as number);
    const placed = await as(t, asha)('POST', '/api/checkout/orders', {
      idempotencyKey: crypto.randomUUID(),
      addressId,
      items: [
        { productId: inspiron, quantity: 1 },
        { productId: inspiron, offerId: buyBox.offerId, quantity: 1 },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as Order).items.map((item) => [item.offerId, item.quantity])).toEqual([[buyBox.offerId, 2]]);
    expect(await offerStock(buyBox.offerId as number)).toBe(before - 2);
    const tooMany = await as(t, asha)('POST', '/api/checkout/orders', {
      idempotencyKey: crypto.randomUUID(),
      addressId,
      items: [
        { productId: inspiron, quantity: 6 },
        { productId: inspiron, offerId: buyBox.offerId, quantity: 5 },
      ],
    });
    expect(tooMany.statusCode).toBe(400);
  });
  it('leaves offers and the buy box as they were when a checkout stops between its writes', async () => {
    const before = await product();
    const winner = before.offerId as number;
    const stockBefore = await offerStock(winner);
    // Stock taken and the buy box moved, then the process dies before the order is written: nothing commits.
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        await t.services.catalog.takeStock([{ productId: inspiron, offerId: winner, quantity: stockBefore }], tx);
        throw new Error('killed between the stock and the order');
      }),
    ).rejects.toThrow('killed');
    expect(await offerStock(winner)).toBe(stockBefore);
    const row = await t.database.db
      .selectFrom('products')
      .select(['vendor_id', 'stock', 'price'])
      .where('id', '=', inspiron)
      .executeTakeFirstOrThrow();
    expect([row.vendor_id, row.stock, Number(row.price)]).toEqual([before.vendor.id, before.stock, before.price]);
    expect(await product()).toMatchObject({ offerId: winner, stock: before.stock });
  });
});
