import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerCustomer, registerVendor, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

/** What every answer carries, whatever it is. */
function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).toContain("img-src 'self' data: blob:");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The store in these tests is served over http: no HSTS, which would lock browsers out of it.
  expect(response.headers['strict-transport-security']).toBeUndefined();
  expect(response.headers['x-powered-by']).toBeUndefined();
}

function expectPrivate(response: LightMyRequestResponse) {
  expectSecurityHeaders(response);
  expect(response.headers['cache-control']).toBe('no-store');
}

describe.each(testDialects())('security headers and caching on %s', (dialect) => {
  let t: TestApp;
  let webDir: string;
  let customer: TestUser;
  let admin: TestUser;
  let vendor: TestUser;
  let productId: number;

  beforeAll(async () => {
    // A stand-in for dist/web: the page and one hashed asset.
    webDir = mkdtempSync(path.join(tmpdir(), 'store-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Store</title><script type="module" src="/assets/x.js"></script>');
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'x.js'), 'console.log("store");');
    t = await buildTestApp(dialect, { WEB_DIST_DIR: webDir });

    customer = await registerCustomer(t, `headers-${dialect}@example.in`);
    vendor = await registerVendor(t, `headers-vendor-${dialect}@example.in`, 'Header Traders');
    await t.services.authService.ensureAdmin({
      email: `headers-admin-${dialect}@example.in`,
      password: 'admin-pass-123',
      name: 'Header Admin',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: TEST_HEADERS,
      payload: { email: `headers-admin-${dialect}@example.in`, password: 'admin-pass-123', portal: 'admin' },
    });
    expect(login.statusCode, login.body).toBe(200);
    // An answer that sets a session cookie is never stored, whatever else it is.
    expectPrivate(login);
    const cookie = login.cookies.find((c) => c.name === 'store.session_token');
    admin = { cookie: `store.session_token=${cookie?.value}`, uid: login.json().user.uid, email: `headers-admin-${dialect}@example.in` };
    productId = (await createProduct(t.services, { name: 'Header Test Laptop', stock: 4 })).id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the page, a client-side route and a hashed asset with the headers and their own caching', async () => {
    for (const url of ['/', '/account/orders']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expectSecurityHeaders(page);
      // Revalidated every time: it names this release's hashed scripts, which the next one removes.
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/x.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends uploaded media with the headers and long public caching', async () => {
    mkdirSync(path.join(t.services.media.root, 'v1'), { recursive: true });
    writeFileSync(path.join(t.services.media.root, 'v1', 'header-test.webp'), Buffer.from('RIFF0000WEBP'));
    const image = await t.app.inject({ method: 'GET', url: '/media/v1/header-test.webp' });
    expect(image.statusCode).toBe(200);
    expectSecurityHeaders(image);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps catalogue answers public (the same for everyone), cached or not, signed in or not', async () => {
    for (const url of [`/api/products/${productId}`, '/api/products?category=Laptop', '/api/search?q=header', '/api/categories']) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      await t.app.inject({ method: 'GET', url }); // asked for again: kept
      // The third comes from the server's response cache, answered before the session is read.
      const again = await t.app.inject({ method: 'GET', url, headers: { ...TEST_HEADERS, cookie: customer.cookie } });
      expect(again.headers['x-cache'], url).toBe('hit');
      expect(again.body).toBe(first.body);
      for (const response of [first, again]) {
        expectSecurityHeaders(response);
        expect(response.headers['cache-control'], url).toBe('public, no-cache');
      }
    }
  });

  it('marks every answer that depends on the caller no-store: session, account, orders, cart, vendor, admin', async () => {
    const asCustomer = as(t, customer);
    expectPrivate(await asCustomer('GET', '/api/auth/session'));
    expectPrivate(await asCustomer('GET', '/api/account/addresses'));
    expectPrivate(await asCustomer('GET', '/api/orders'));
    expectPrivate(await asCustomer('GET', '/api/checkout/options'));
    const quote = await asCustomer('POST', '/api/cart/quote', { items: [{ productId, quantity: 1 }] });
    expect(quote.statusCode, quote.body).toBe(200);
    expectPrivate(quote);

    const asVendor = as(t, vendor);
    expectPrivate(await asVendor('GET', '/api/vendor/profile'));
    expectPrivate(await asVendor('GET', '/api/vendor/products'));

    const asAdmin = as(t, admin);
    for (const url of ['/api/admin/users', '/api/admin/payments', '/api/admin/summary']) {
      const response = await asAdmin('GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expectPrivate(response);
    }
    const csv = await asAdmin('GET', '/api/admin/payments.csv');
    expect(csv.statusCode).toBe(200);
    expectPrivate(csv);
  });

  it('marks a return photo no-store: it is the customer’s, for them, the line’s seller and admins only', async () => {
    const boundary = '----headers-test';
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/returns/photos',
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { ...TEST_HEADERS, cookie: customer.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const url = `/api/returns/photos/${uploaded.json().id}`;
    for (const user of [customer, admin]) {
      const photo = await as(t, user)('GET', url);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      expectPrivate(photo);
    }
    expectPrivate(await as(t, vendor)('GET', url)); // 404: not this seller's line
  });

  it('marks refusals and errors no-store too', async () => {
    expectPrivate(await t.app.inject({ method: 'GET', url: '/api/orders' })); // 401
    expectPrivate(await as(t, customer)('GET', '/api/admin/users')); // 403
    expectPrivate(await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })); // 404
    expectPrivate(
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...TEST_HEADERS, cookie: 'store.session_token=forged' } }),
    );
  });

  it('serves the API docs with the same policy, and they load only from the store', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expectPrivate(docs);
    // No inline script for the policy to refuse.
    expect(docs.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expectSecurityHeaders(initializer);
  });
});

describe('security headers over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { PUBLIC_URL: 'https://circuitbazaar.example' });
  });
  afterAll(() => t.close());

  it('sends HSTS and upgrades stray http addresses when PUBLIC_URL is https', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
