import { CATEGORIES } from '#shared/categories.ts';
import { AppError } from '#shared/errors.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import * as repository from './seo.repository.ts';
import { type SitemapEntry, sitemapIndex, urlSet } from './sitemap-xml.ts';

/**
 * Products per product sitemap: a fifth of the protocol's 50,000 URLs, so a sitemap is about a
 * megabyte, read from one range of the primary key and written in one pass.
 */
export const PRODUCTS_PER_SITEMAP = 10_000;
const MOST_URLS_PER_SITEMAP = 50_000;

/** The largest id a PostgreSQL `serial` holds: no sitemap beyond it can have products. */
const LARGEST_PRODUCT_ID = 2 ** 31 - 1;

// The storefront's addresses, as src/web/config/paths.ts and the web app's route table spell them
// (the server cannot import web code).
const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';
const INFORMATION_PAGES = ['/about', '/contact', '/returns', '/privacy', '/terms'];
const productPath = (id: number) => `/product/${id}`;
const categoryPath = (category: string) => `/category/${encodeURIComponent(category)}`;
const storePath = (vendorSlug: string) => `/store/${encodeURIComponent(vendorSlug)}`;
const productSitemapPath = (n: number) => `/sitemaps/products-${n}.xml`;

/**
 * What crawlers are kept out of: pages that are personal, transactional or behind a sign-in, and
 * the JSON API. Crawlers match these as prefixes: `/checkout` covers `/checkout/bank/…`, and
 * `/vendor/` is the sellers' own area, while their public shop pages live under `/store/` and are
 * meant to be found.
 */
const PRIVATE_PATHS = [
  '/api/',
  '/cart',
  '/checkout',
  '/login',
  '/register',
  '/account',
  '/orders',
  '/order-details/',
  '/order-success',
  '/vendor/',
  '/admin',
  // Per-shopper or one-time pages: a wish list, and the links sent by e-mail.
  '/wishlist',
  '/reset-password',
  '/verify-email',
  '/track/confirm-return',
];

function robotsTxt(sitemapUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${sitemapUrl}`, ''].join('\n');
}

function checkedSitemapSize(productsPerSitemap: number): number {
  if (!Number.isSafeInteger(productsPerSitemap) || productsPerSitemap < 1 || productsPerSitemap > MOST_URLS_PER_SITEMAP) {
    throw new Error(`productsPerSitemap must be an integer from 1 to ${MOST_URLS_PER_SITEMAP}, not ${productsPerSitemap}`);
  }
  return productsPerSitemap;
}

/** robots.txt and the sitemaps of the storefront at `publicUrl`; what they list is read fresh each time. */
export function createSeoService({
  db,
  publicUrl,
  productsPerSitemap = PRODUCTS_PER_SITEMAP,
}: {
  db: DbOrTx;
  publicUrl: string;
  productsPerSitemap?: number;
}) {
  const perSitemap = checkedSitemapSize(productsPerSitemap);
  const site = publicUrl.replace(/\/+$/, '');
  const absolute = (path: string) => `${site}${path}`;
  const robots = robotsTxt(absolute('/sitemap.xml'));

  /** The ids sitemap `n` covers; undefined when no product can have one of them. */
  function idsOfSitemap(n: number): { firstId: number; lastId: number } | undefined {
    if (!Number.isSafeInteger(n) || n < 0) return undefined;
    const firstId = n * perSitemap + 1;
    if (firstId > LARGEST_PRODUCT_ID) return undefined;
    return { firstId, lastId: Math.min(firstId + perSitemap - 1, LARGEST_PRODUCT_ID) };
  }

  return {
    robotsTxt: () => robots,

    /** The fixed pages' sitemap, then one sitemap per id range holding a product on sale. */
    async sitemapIndex(): Promise<string> {
      const numbers = await repository.productSitemapNumbers(db, perSitemap);
      return sitemapIndex([{ loc: absolute(PAGES_SITEMAP_PATH) }, ...numbers.map((n) => ({ loc: absolute(productSitemapPath(n)) }))]);
    },

    /**
     * Home, all products, the categories, the information pages and the stores of active vendors.
     * Fine up to some 50,000 vendors; a marketplace beyond that would page them like products.
     */
    async pagesSitemap(): Promise<string> {
      const fixed = ['/', '/products', ...CATEGORIES.map(categoryPath), ...INFORMATION_PAGES];
      const stores = (await repository.activeVendorSlugs(db)).map(storePath);
      return urlSet([...fixed, ...stores].map((path) => ({ loc: absolute(path) })));
    },

    /** The products on sale in sitemap `n`'s id range, each with when it or its offers last changed; NOT_FOUND when there are none. */
    async productSitemap(n: number): Promise<string> {
      const ids = idsOfSitemap(n);
      const rows = ids ? await repository.productsOnSaleBetween(db, ids.firstId, ids.lastId) : [];
      if (rows.length === 0) throw new AppError('NOT_FOUND', `There is no product sitemap ${n}`);
      return urlSet(
        rows.map((row): SitemapEntry => {
          // ISO strings in UTC compare as their times do.
          const product = toIso(row.updated_at);
          const offers = row.offers_updated_at === null ? null : toIso(row.offers_updated_at);
          return { loc: absolute(productPath(row.id)), lastmod: offers !== null && offers > product ? offers : product };
        }),
      );
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
