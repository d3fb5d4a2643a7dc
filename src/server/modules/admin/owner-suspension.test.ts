import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerActiveVendor, registerVendor, signInAdmin, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())("a seller's account suspended by an admin, on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser & { vendorId: number };
  let productId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signInAdmin(t, 'asha@admin.in', 'Asha Admin');
    seller = await registerActiveVendor(t, 'ravi@shop.in', 'Ravi Computers');
    ({ id: productId } = await createProduct(t.services, { vendorId: seller.vendorId, name: 'Ravi ThinkPad E14' }));
  });
  afterAll(() => t.close());

  const setAccount = (uid: string, status: 'active' | 'suspended') =>
    as(t, admin)('POST', `/api/admin/users/${uid}/status`, { status, reason: 'Counterfeit stock reported' });
  const shopStatus = async (vendorId: number) =>
    (await t.database.db.selectFrom('vendors').select('status').where('id', '=', vendorId).executeTakeFirstOrThrow()).status;

  /** What a shopper and a crawler see of the shop: store page, sitemap, product page, listing and cart. */
  async function storefront() {
    await t.services.catalog.settled();
    const pages = await t.app.inject({ url: '/sitemaps/pages.xml' });
    const sitemapIndex = await t.app.inject({ url: '/sitemap.xml' });
    const productSitemaps = [...sitemapIndex.body.matchAll(/<loc>[^<]*\/(sitemaps\/products-\d+\.xml)<\/loc>/g)].map((m) => m[1]);
    const productUrls = await Promise.all(productSitemaps.map(async (path) => (await t.app.inject({ url: `/${path}` })).body));
    const listing = (await t.app.inject({ url: '/api/products?vendor=ravi-computers' })).json() as { items: Array<{ id: number }> };
    const quote = (
      await t.app.inject({ method: 'POST', url: '/api/cart/quote', headers: TEST_HEADERS, payload: [{ productId, quantity: 1 }] })
    ).json() as { items: Array<{ status: string }> };
    return {
      storePage: (await t.app.inject({ url: '/api/stores/ravi-computers' })).statusCode,
      storeInSitemap: pages.body.includes('/store/ravi-computers<'),
      productInSitemap: productUrls.some((body) => body.includes(`/product/${productId}<`)),
      productPage: (await t.app.inject({ url: `/api/products/${productId}` })).statusCode,
      listed: listing.items.some((item) => item.id === productId),
      cartLine: quote.items[0]?.status,
    };
  }

  const onSale = { storePage: 200, storeInSitemap: true, productInSitemap: true, productPage: 200, listed: true, cartLine: 'ok' };

  it('takes the shop off sale with the account, ends its sessions, and puts it back on sale on reactivation', async () => {
    expect(await storefront()).toEqual(onSale);
    expect((await as(t, seller)('GET', '/api/vendor/profile')).statusCode).toBe(200);

    const suspended = await setAccount(seller.uid, 'suspended');
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ status: 'suspended', vendor: { status: 'suspended' } });
    expect((await as(t, seller)('GET', '/api/vendor/profile')).statusCode).toBe(401);
    expect(await storefront()).toEqual({
      storePage: 404,
      storeInSitemap: false,
      productInSitemap: false,
      productPage: 404,
      listed: false,
      cartLine: 'unavailable',
    });

    const detail = (await as(t, admin)('GET', `/api/admin/users/${seller.uid}`)).json();
    expect(detail.audit[0]).toMatchObject({
      action: 'user.suspend',
      actor: { email: 'asha@admin.in' },
      before: { status: 'active', shopStatus: 'active' },
      after: { status: 'suspended', shopStatus: 'suspended', statusAfterOwnerReactivation: 'active' },
      reason: 'Counterfeit stock reported',
    });

    const back = await setAccount(seller.uid, 'active');
    expect(back.json()).toMatchObject({ status: 'active', vendor: { status: 'active' } });
    expect(await storefront()).toEqual(onSale);
    expect((await as(t, admin)('GET', `/api/admin/users/${seller.uid}`)).json().audit[0]).toMatchObject({
      action: 'user.reactivate',
      before: { status: 'suspended', shopStatus: 'suspended' },
      after: { status: 'active', shopStatus: 'active' },
    });
  });

  it('gives a pending or already suspended shop back its own status, not active', async () => {
    const pending = await registerVendor(t, 'new@shop.in', 'New Shop');
    await setAccount(pending.uid, 'suspended');
    expect(await shopStatus(pending.vendorId)).toBe('suspended');
    await setAccount(pending.uid, 'active');
    expect(await shopStatus(pending.vendorId)).toBe('pending');

    const shut = await registerActiveVendor(t, 'shut@shop.in', 'Shut Shop');
    expect((await as(t, admin)('PATCH', `/api/admin/vendors/${shut.vendorId}`, { status: 'suspended' })).statusCode).toBe(200);
    await setAccount(shut.uid, 'suspended');
    await setAccount(shut.uid, 'active');
    expect(await shopStatus(shut.vendorId)).toBe('suspended');
  });

  it('keeps the shop off sale while its owner is suspended; a status set meanwhile is the one it returns to', async () => {
    const shop = await registerActiveVendor(t, 'later@shop.in', 'Later Shop');
    await setAccount(shop.uid, 'suspended');
    const early = await as(t, admin)('PATCH', `/api/admin/vendors/${shop.vendorId}`, { status: 'active' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      "This shop's owner account is suspended. Reactivate the account before putting the shop on sale.",
    );
    const approve = await as(t, admin)('POST', `/api/admin/users/${shop.uid}/vendor-decision`, { decision: 'approve' });
    expect(approve.statusCode).toBe(409);
    const kept = await as(t, admin)('PATCH', `/api/admin/vendors/${shop.vendorId}`, { status: 'suspended' });
    expect(kept.json()).toMatchObject({ status: 'suspended' });
    expect(await shopStatus(shop.vendorId)).toBe('suspended');
    await setAccount(shop.uid, 'active');
    expect(await shopStatus(shop.vendorId)).toBe('suspended');
  });

  it('changes nothing when the suspension cannot be written in full', async () => {
    const shop = await registerActiveVendor(t, 'crash@shop.in', 'Crash Shop');
    // The audit entry is the last write of the transaction: failing it must undo the account and the shop.
    const record = t.services.audit.record;
    t.services.audit.record = () => Promise.reject(new Error('disk full'));
    try {
      const failed = await setAccount(shop.uid, 'suspended');
      expect(failed.statusCode).toBe(500);
    } finally {
      t.services.audit.record = record;
    }
    expect((await t.services.users.findById(shop.uid))?.status).toBe('active');
    expect(await shopStatus(shop.vendorId)).toBe('active');
    expect((await as(t, shop)('GET', '/api/vendor/profile')).statusCode).toBe(200);
  });
});
