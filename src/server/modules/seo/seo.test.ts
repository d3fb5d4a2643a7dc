import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/categories.ts';
import { registerErrorHandler } from '#server/plugins/error-handler.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { seoRoutes } from './seo.routes.ts';
import { urlSet } from './sitemap-xml.ts';

const SITE = 'https://circuitbazaar.example';
/** Small sitemaps, so that a handful of products spans several of them. */
const PER_SITEMAP = 8;
const sitemapOf = (productId: number) => Math.floor((productId - 1) / PER_SITEMAP);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The entries of a sitemap or sitemap index; fails unless the document is the protocol's: the XML
 * declaration, the root in the sitemaps.org namespace, then only well-formed entries whose text
 * escapes every `&` and `<`.
 */
function entriesOf(xml: string, root: 'urlset' | 'sitemapindex'): Array<{ loc: string; lastmod?: string }> {
  const tag = root === 'urlset' ? 'url' : 'sitemap';
  const text = '([^<&]|&(?:amp|lt|gt|quot|apos);)*';
  const entry = `<${tag}>\\s*<loc>(${text})</loc>\\s*(?:<lastmod>(${text})</lastmod>\\s*)?</${tag}>`;
  const document = new RegExp(
    `^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\s*<${root} xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9">((?:\\s*${entry})*)\\s*</${root}>\\s*$`,
  );
  const body = document.exec(xml)?.[1];
  if (body === undefined) throw new Error(`Not a well-formed ${root}:\n${xml}`);
  const unescape = (value: string) => value.replace(/&(amp|lt|gt|quot|apos);/g, (_entity, name: string) => ENTITIES[name] ?? '');
  return [...body.matchAll(new RegExp(entry, 'g'))].map((match) => ({
    loc: unescape(match[1] ?? ''),
    ...(match[3] === undefined ? {} : { lastmod: unescape(match[3]) }),
  }));
}

describe('sitemap XML', () => {
  it('escapes what a URL may hold and XML may not', () => {
    const xml = urlSet([{ loc: `${SITE}/search?q=<ssd>&sort="price"'s` }]);
    expect(xml).toContain('<loc>https://circuitbazaar.example/search?q=&lt;ssd&gt;&amp;sort=&quot;price&quot;&apos;s</loc>');
    expect(entriesOf(xml, 'urlset')).toEqual([{ loc: `${SITE}/search?q=<ssd>&sort="price"'s` }]);
  });
});

describe.each(testDialects())('robots.txt and sitemaps on %s', (dialect) => {
  let t: TestApp;
  /** The seo routes alone, with small sitemaps. */
  let seo: FastifyInstance;
  const ids: Record<string, number> = {};
  let emptySitemap = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { PUBLIC_URL: SITE });
    seo = Fastify({ logger: false });
    registerErrorHandler(seo);
    await seo.register(seoRoutes({ db: t.database.db, publicUrl: `${SITE}/`, productsPerSitemap: PER_SITEMAP }));
    await seo.ready();

    const s = t.services;
    const shop = await createVendor(s, { name: 'Lamington Road Traders', slug: 'lamington-road' });
    const suspended = await createVendor(s, { slug: 'shut-shop', status: 'suspended' });
    const pending = await createVendor(s, { slug: 'new-shop', status: 'pending' });
    const add = async (key: string, overrides: Parameters<typeof createProduct>[1]) => {
      const { id } = await createProduct(s, { vendorId: shop.id, ...overrides });
      ids[key] = id;
      return id;
    };
    // The first sitemap: on sale and not, mixed.
    await add('thinkpad', { name: 'Lenovo ThinkPad E14', createdAt: '2026-05-01T10:00:00.000Z' });
    await add('draft', { status: 'draft' });
    await add('archived', { status: 'archived' });
    await s.catalog.setHiddenReason(await add('hidden', {}), 'Counterfeit listing');
    await add('suspendedVendor', { vendorId: suspended.id });
    await add('pendingVendor', { vendorId: pending.id });
    await add('xps', { name: 'Dell XPS 13', createdAt: '2026-06-15T08:30:00.000Z' });
    // Drafts up to the end of a whole sitemap of them, which must be neither listed nor served.
    const firstDraft = await add('filler', { status: 'draft' });
    let lastDraft = firstDraft;
    while (lastDraft % PER_SITEMAP !== 0 || lastDraft - firstDraft + 1 < PER_SITEMAP) lastDraft = await add('filler', { status: 'draft' });
    emptySitemap = sitemapOf(lastDraft);
    await add('odyssey', { name: 'Samsung Odyssey G5', category: 'Monitor', createdAt: '2026-07-20T12:00:00.000Z' });
  });
  afterAll(async () => {
    await seo?.close();
    await t?.close();
  });

  const get = (url: string) => seo.inject({ method: 'GET', url });

  it('robots.txt keeps crawlers out of private pages and the API, not out of the stores, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    expect(disallowed.sort()).toEqual(
      [
        '/account',
        '/admin',
        '/api/',
        '/cart',
        '/checkout',
        '/login',
        '/order-details/',
        '/order-success',
        '/orders',
        '/register',
        '/vendor/',
        '/wishlist',
        '/reset-password',
        '/verify-email',
        '/track/confirm-return',
      ].sort(),
    );
    // Crawlers match Disallow lines as prefixes: none may cover a public page.
    const publicPages = [
      '/',
      '/products',
      '/track',
      '/compare',
      '/category/Laptop',
      '/product/1',
      '/store/lamington-road',
      '/about',
      '/terms',
      '/sitemap.xml',
    ];
    for (const page of publicPages)
      expect(
        disallowed.filter((prefix) => page.startsWith(prefix)),
        page,
      ).toEqual([]);
    expect(lines.at(-1)).toBe(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('the sitemap index names the pages sitemap and only the product sitemaps that hold products on sale', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const withProducts = [...new Set([ids.thinkpad, ids.xps, ids.odyssey].map((id) => sitemapOf(id!)))];
    expect(withProducts).toEqual([sitemapOf(ids.thinkpad!), sitemapOf(ids.odyssey!)]);
    expect(emptySitemap).toBeGreaterThan(sitemapOf(ids.xps!));
    expect(entriesOf(response.body, 'sitemapindex')).toEqual([
      { loc: `${SITE}/sitemaps/pages.xml` },
      ...withProducts.map((n) => ({ loc: `${SITE}/sitemaps/products-${n}.xml` })),
    ]);
  });

  it("the pages sitemap lists home, all products, the categories, the information pages and the active vendors' stores", async () => {
    const response = await get('/sitemaps/pages.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const paths = entriesOf(response.body, 'urlset').map((entry) => entry.loc.slice(SITE.length));
    expect(paths).toEqual([
      '/',
      '/products',
      ...CATEGORIES.map((category) => `/category/${category}`),
      '/about',
      '/contact',
      '/returns',
      '/privacy',
      '/terms',
      '/store/lamington-road',
    ]);
    expect(CATEGORIES).toEqual(['Laptop', 'Desktop', 'Monitor']);
  });

  it('a product sitemap lists the products on sale in its range with when they changed, and nothing else', async () => {
    const first = sitemapOf(ids.thinkpad!);
    for (const key of ['draft', 'archived', 'hidden', 'suspendedVendor', 'pendingVendor', 'xps'])
      expect(sitemapOf(ids[key]!), key).toBe(first);
    const response = await get(`/sitemaps/products-${first}.xml`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(entriesOf(response.body, 'urlset')).toEqual([
      { loc: `${SITE}/product/${ids.thinkpad}`, lastmod: '2026-05-01T10:00:00.000Z' },
      { loc: `${SITE}/product/${ids.xps}`, lastmod: '2026-06-15T08:30:00.000Z' },
    ]);

    const last = await get(`/sitemaps/products-${sitemapOf(ids.odyssey!)}.xml`);
    expect(entriesOf(last.body, 'urlset')).toEqual([{ loc: `${SITE}/product/${ids.odyssey}`, lastmod: '2026-07-20T12:00:00.000Z' }]);
  });

  it("a product's lastmod is the latest of its own and its offers' update times", async () => {
    const db = t.database.db;
    const lastmodOf = async (id: number) =>
      entriesOf((await get(`/sitemaps/products-${sitemapOf(id)}.xml`)).body, 'urlset').find((entry) => entry.loc.endsWith(`/product/${id}`))
        ?.lastmod;
    // A seller's new price: the offer changes, the product's row does not.
    await db.updateTable('offers').set({ updated_at: '2026-08-01T09:15:00.000Z' }).where('product_id', '=', ids.xps!).execute();
    expect(await lastmodOf(ids.xps!)).toBe('2026-08-01T09:15:00.000Z');
    // An offer older than the product leaves the product's time.
    await db.updateTable('offers').set({ updated_at: '2026-01-01T00:00:00.000Z' }).where('product_id', '=', ids.xps!).execute();
    await db.updateTable('products').set({ updated_at: '2026-06-15T08:30:00.000Z' }).where('id', '=', ids.xps!).execute();
    expect(await lastmodOf(ids.xps!)).toBe('2026-06-15T08:30:00.000Z');
  });

  it('answers 404 for a product sitemap without products on sale, out of range, or not a number', async () => {
    const beyond = sitemapOf(ids.odyssey!) + 1;
    const files = [
      `products-${emptySitemap}.xml`,
      `products-${beyond}.xml`,
      'products-99999999999.xml',
      'products-abc.xml',
      'products--1.xml',
      'products-01.xml',
      'products-1.5.xml',
      'products-.xml',
      'other.xml',
    ];
    for (const file of files) {
      const response = await get(`/sitemaps/${file}`);
      expect(response.statusCode, file).toBe(404);
      expect(response.json(), file).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('a product leaving sale leaves its sitemap, and the index once its range is empty', async () => {
    await t.services.catalog.setHiddenReason(ids.odyssey!, 'Wrong category');
    expect((await get(`/sitemaps/products-${sitemapOf(ids.odyssey!)}.xml`)).statusCode).toBe(404);
    const sitemaps = entriesOf((await get('/sitemap.xml')).body, 'sitemapindex').map((entry) => entry.loc);
    expect(sitemaps).toEqual([`${SITE}/sitemaps/pages.xml`, `${SITE}/sitemaps/products-${sitemapOf(ids.thinkpad!)}.xml`]);
  });
});
