import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerCustomer, registerVendor, signIn, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('a seller answers the hiding of its product on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser & { vendorId: number };
  let rival: TestUser & { vendorId: number };
  let customer: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.services.authService.ensureAdmin({ email: 'farah@admin.in', password: 'admin-pass-123', name: 'Farah Admin' });
    admin = await signIn(t, { email: 'farah@admin.in', password: 'admin-pass-123' }, 'admin');
    seller = await registerVendor(t, 'gopal@shop.in', 'Gopal Gadgets');
    rival = await registerVendor(t, 'hari@shop.in', 'Hari Hardware');
    await t.services.vendors.setStatus(seller.vendorId, 'active');
    await t.services.vendors.setStatus(rival.vendorId, 'active');
    customer = await registerCustomer(t, 'isha@example.in', 'Isha Buyer');
  });
  afterAll(() => t.close());

  const storefront = (id: number) => t.app.inject({ url: `/api/products/${id}` });

  it('shows the product hidden with its reason, takes the reply (audited, seen by the admins), and never lets the seller unhide it', async () => {
    const product = await createProduct(t.services, { vendorId: seller.vendorId, name: 'Gopal Gaming Laptop 15', stock: 5 });
    const reply = (user: TestUser, body: unknown) => as(t, user)('POST', `/api/vendor/products/${product.id}/moderation-reply`, body);

    const notHidden = await reply(seller, { message: 'Nothing to answer yet' });
    expect(notHidden.statusCode).toBe(409);
    expect(notHidden.json().error.message).toBe('This product is not hidden, so there is no moderation to answer');

    expect(
      (
        await as(t, admin)('POST', `/api/admin/products/${product.id}/moderation`, {
          action: 'hide',
          reason: 'The photos show another model',
        })
      ).statusCode,
    ).toBe(200);
    const listed = (await as(t, seller)('GET', '/api/vendor/products')).json().items.find((item: { id: number }) => item.id === product.id);
    expect(listed).toMatchObject({ status: 'active', hiddenReason: 'The photos show another model', moderationReplies: [] });

    // Only the seller of it, and only with something to say.
    expect((await reply(customer, { message: 'I am not the seller' })).statusCode).toBe(403);
    expect((await reply(rival, { message: 'Not my product at all' })).statusCode).toBe(404);
    const short = await reply(seller, { message: 'ok' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('at least 5 characters');

    const answered = await reply(seller, { message: 'Replaced the photos with our own', asksReview: true });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({
      hiddenReason: 'The photos show another model',
      moderationReplies: [{ message: 'Replaced the photos with our own', asksReview: true, hiddenReason: 'The photos show another model' }],
    });
    const detail = (await as(t, admin)('GET', `/api/admin/products/${product.id}`)).json();
    expect(detail.moderationReplies).toMatchObject([
      { vendor: 'Gopal Gadgets', message: 'Replaced the photos with our own', asksReview: true },
    ]);
    expect(detail.audit[0]).toMatchObject({
      action: 'product.moderation.review-requested',
      actor: { email: 'gopal@shop.in', name: 'Gopal Gadgets Owner' },
      after: { message: 'Replaced the photos with our own' },
    });

    // Nothing the seller does brings it back: an edit, a stock change, archiving and publishing again.
    const current = (await as(t, seller)('GET', `/api/vendor/products/${product.id}`)).json();
    const { name, brand, category, description, price, mrp, stock, specs, images } = current;
    expect(
      (
        await as(t, seller)('PUT', `/api/vendor/products/${product.id}`, {
          name,
          brand,
          category,
          description,
          price,
          mrp,
          stock,
          stockWas: stock,
          specs,
          images,
          status: 'active',
        })
      ).statusCode,
    ).toBe(200);
    expect((await as(t, seller)('PATCH', `/api/vendor/products/${product.id}/stock`, { stock: 9, stockWas: 5 })).statusCode).toBe(200);
    expect((await as(t, seller)('POST', `/api/vendor/products/${product.id}/archive`)).statusCode).toBe(200);
    expect(
      (
        await as(t, seller)('PUT', `/api/vendor/products/${product.id}`, {
          name,
          brand,
          category,
          description,
          price,
          mrp,
          stock: 9,
          stockWas: 9,
          specs,
          images,
          status: 'active',
        })
      ).statusCode,
    ).toBe(200);
    await t.services.catalog.settled();
    expect((await as(t, seller)('GET', `/api/vendor/products/${product.id}`)).json()).toMatchObject({
      status: 'active',
      hiddenReason: 'The photos show another model',
    });
    expect((await storefront(product.id)).statusCode).toBe(404);

    // The admin restores it; the replies stay with the product's history.
    expect((await as(t, admin)('POST', `/api/admin/products/${product.id}/moderation`, { action: 'restore' })).statusCode).toBe(200);
    await t.services.catalog.settled();
    expect((await storefront(product.id)).statusCode).toBe(200);
    expect((await reply(seller, { message: 'Thank you for restoring it' })).statusCode).toBe(409);
  });

  it('counts and lists a hidden product under Hidden, not Active, whatever its offer says; the tabs add up to all of them', async () => {
    const shop = await registerVendor(t, 'jaya@shop.in', 'Jaya Jugaad');
    await t.services.vendors.setStatus(shop.vendorId, 'active');
    const onSale = await createProduct(t.services, { vendorId: shop.vendorId, name: 'Jaya Monitor On Sale', category: 'Monitor' });
    const hiddenActive = await createProduct(t.services, { vendorId: shop.vendorId, name: 'Jaya Laptop Hidden', category: 'Laptop' });
    const hiddenDraft = await createProduct(t.services, {
      vendorId: shop.vendorId,
      name: 'Jaya Desktop Hidden Draft',
      category: 'Desktop',
      status: 'draft',
    });
    const draft = await createProduct(t.services, {
      vendorId: shop.vendorId,
      name: 'Jaya Desktop Draft',
      category: 'Desktop',
      status: 'draft',
    });
    for (const product of [hiddenActive, hiddenDraft]) {
      expect(
        (
          await as(t, admin)('POST', `/api/admin/products/${product.id}/moderation`, {
            action: 'hide',
            reason: 'Counterfeit listing suspected',
          })
        ).statusCode,
      ).toBe(200);
    }
    const list = async (query = '') => {
      const response = await as(t, shop)('GET', `/api/vendor/products${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ items: Array<{ id: number }>; total: number; counts: Record<string, number> }>();
      return { ids: body.items.map((item) => item.id).sort((a, b) => a - b), total: body.total, counts: body.counts };
    };

    const all = await list();
    expect(all.counts).toEqual({ draft: 1, active: 1, archived: 0, hidden: 2 });
    expect(all.total).toBe(4);
    expect(await list('?status=active')).toMatchObject({ ids: [onSale.id], total: 1 });
    expect(await list('?status=draft')).toMatchObject({ ids: [draft.id], total: 1 });
    expect(await list('?status=hidden')).toMatchObject({ ids: [hiddenActive.id, hiddenDraft.id].sort((a, b) => a - b), total: 2 });
    // The counts are the shop's, whatever the search: the tabs keep their numbers.
    expect((await list('?status=hidden&q=laptop')).counts).toEqual(all.counts);
    expect(await list('?status=hidden&q=laptop')).toMatchObject({ ids: [hiddenActive.id], total: 1 });
    expect((await as(t, shop)('GET', '/api/vendor/products?status=removed')).statusCode).toBe(400);

    // Restored, it is counted by its offer's status again.
    expect((await as(t, admin)('POST', `/api/admin/products/${hiddenActive.id}/moderation`, { action: 'restore' })).statusCode).toBe(200);
    expect((await list()).counts).toEqual({ draft: 1, active: 2, archived: 0, hidden: 1 });
  });
});
