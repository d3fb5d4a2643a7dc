import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { RETURN_WINDOW_DAYS } from '#shared/store-info.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';

// The storefront as built (npm run build): its pages as the server sends them, checked by the W3C
// Nu HTML checker (vnu-jar, run with java) and for what search engines read. Without a build there
// is nothing to check; once, on SQLite: it is about HTML, not data.
const WEB_DIST = path.resolve('dist/web');
const built = existsSync(path.join(WEB_DIST, 'index.html')) && existsSync(path.resolve('dist/ssr/entry-server.js'));
const vnuJar = (createRequire(import.meta.url)('vnu-jar') as string) ?? '';

const titlesOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
const robotsOf = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );

describe.skipIf(!built)('the built storefront for search engines and the Nu HTML checker', () => {
  let t: TestApp;
  let productId = 0;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { WEB_DIST_DIR: WEB_DIST, PUBLIC_URL: 'https://circuitbazaar.example' });
    const s = t.services;
    const shop = await createVendor(s, { name: 'Lamington Road Traders', slug: 'lamington-road' });
    const other = await createVendor(s, { name: 'Nehru Place Computers', slug: 'nehru-place' });
    productId = (await createProduct(s, { vendorId: shop.id, name: 'Lenovo ThinkPad E14', price: rupees(55_000), stock: 4 })).id;
    await s.catalog.addOffer(other.id, productId, { price: rupees(56_000), mrp: rupees(60_000), stock: 2, dispatchDays: 2 });
    // Enough for a second page of listings.
    for (let n = 0; n < 30; n++) await createProduct(s, { vendorId: shop.id, category: 'Monitor' });
    const urls = [
      '/',
      '/products',
      '/products?page=2',
      '/category/Laptop',
      '/category/Monitor?page=2',
      `/product/${productId}`,
      '/search?q=thinkpad',
      '/store/lamington-road',
      '/track',
      '/compare',
      '/wishlist',
      '/cart',
      '/login',
      '/register',
      '/about',
      '/contact',
      '/returns',
      '/privacy',
      '/terms',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      pages[url] = response.body;
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('every page passes the Nu HTML checker', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'));
    try {
      const files = Object.entries(pages).map(([url, html], index) => {
        const file = path.join(dir, `page-${index}.html`);
        writeFileSync(file, html);
        return { url, file };
      });
      // One run for all pages: java starts once.
      const { stderr } = await promisify(execFile)(
        'java',
        ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files.map((f) => f.file)],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      ).catch((error: { stderr: string }) => ({ stderr: error.stderr }));
      const messages = (JSON.parse(stderr || '{"messages":[]}') as { messages: Array<{ type: string; url: string; message: string }> })
        .messages;
      const errors = messages
        .filter((message) => message.type === 'error')
        .map((message) => `${files.find((f) => message.url.endsWith(path.basename(f.file)))?.url}: ${message.message}`);
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('each page has one title; the pages the browser draws have their own and are noindex', () => {
    for (const [url, html] of Object.entries(pages)) expect(titlesOf(html), url).toHaveLength(1);
    const home = titlesOf(pages['/']!)[0];
    expect(titlesOf(pages['/track']!)).toEqual(['Order Tracking · Circuit Bazaar']);
    expect(titlesOf(pages['/compare']!)).toEqual(['Compare products · Circuit Bazaar']);
    expect(titlesOf(pages['/wishlist']!)).toEqual(['My Wishlist · Circuit Bazaar']);
    for (const url of ['/track', '/compare', '/wishlist', '/cart', '/login']) {
      expect(titlesOf(pages[url]!)[0], url).not.toBe(home);
      expect(robotsOf(pages[url]!), url).toBe('noindex, follow');
      expect(pages[url], url).not.toContain('<meta name="description"');
    }
  });

  it("a listing's later pages have a title of their own and point to themselves; searches are followed, not indexed", () => {
    expect(titlesOf(pages['/products?page=2']!)).toEqual(['All products – Page 2 · Circuit Bazaar']);
    expect(canonicalOf(pages['/products?page=2']!)).toBe('https://circuitbazaar.example/products?page=2');
    expect(robotsOf(pages['/products?page=2']!)).toBe('index, follow');
    expect(titlesOf(pages['/category/Monitor?page=2']!)[0]).toMatch(/ – Page 2 · Circuit Bazaar$/);
    expect(titlesOf(pages['/products']!)).toEqual(['All products · Circuit Bazaar']);
    expect(robotsOf(pages['/search?q=thinkpad']!)).toBe('noindex, follow');
    expect(robotsOf(pages['/products']!)).toBe('index, follow');
  });

  it('a product has one Offer per seller, with its seller, delivery and the return policy', () => {
    const product = jsonLdOf(pages[`/product/${productId}`]!).find((data) => data['@type'] === 'Product');
    const offers = product?.offers as Array<Record<string, unknown>>;
    expect(offers.map((offer) => [offer['@type'], offer.price, (offer.seller as { name: string }).name])).toEqual([
      ['Offer', '55000.00', 'Lamington Road Traders'],
      ['Offer', '56000.00', 'Nehru Place Computers'],
    ]);
    for (const offer of offers) {
      expect(offer.hasMerchantReturnPolicy).toMatchObject({ applicableCountry: 'IN', merchantReturnDays: RETURN_WINDOW_DAYS });
      expect(offer.shippingDetails).toMatchObject({
        shippingRate: { value: '0.00', currency: 'INR' },
        shippingDestination: { addressCountry: 'IN' },
        deliveryTime: { transitTime: { minValue: 1, maxValue: 8, unitCode: 'DAY' } },
      });
      expect(offer).not.toHaveProperty('priceValidUntil');
    }
    expect(RETURN_WINDOW_DAYS).toBe(10);
  });

  it('home names the store and its search; /products has its breadcrumbs', () => {
    const home = jsonLdOf(pages['/']!);
    expect(home.map((data) => data['@type'])).toEqual(['Organization', 'WebSite']);
    expect(home[1]).toMatchObject({
      potentialAction: { target: { urlTemplate: 'https://circuitbazaar.example/search?q={search_term_string}' } },
    });
    const crumbs = jsonLdOf(pages['/products']!).find((data) => data['@type'] === 'BreadcrumbList');
    expect((crumbs?.itemListElement as Array<{ name: string }>).map((item) => item.name)).toEqual(['Home', 'All products']);
  });
});
