import { expect, request as playwrightRequest, test } from './fixtures.ts';

/** The server under test, as its canonical links and sitemaps name it (playwright.config.ts). */
const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;

// What search engines and slow phones get: pages rendered on the server, whole without JavaScript,
// with their head for search results and previews; robots.txt and sitemaps; compressed answers.

interface ListedProduct {
  id: number;
  name: string;
  price: number;
  stock: number;
  vendor: { name: string };
  sellerCount: number;
  offers: Array<{ price: number }>;
}

async function firstProduct(request: import('@playwright/test').APIRequestContext, query = ''): Promise<ListedProduct> {
  const list = await (await request.get(`/api/products?pageSize=1${query}`)).json();
  return list.items[0] as ListedProduct;
}

/** ₹1,29,999.00 → the page shows "₹1,29,999" (Indian grouping); paise are whole rupees in the demo. */
function rupees(paise: number): string {
  return `₹${new Intl.NumberFormat('en-IN').format(Math.floor(paise / 100))}`;
}

/** The products' structured data as a page gives it. */
async function productJsonLd(
  request: import('@playwright/test').APIRequestContext,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  const html = await (await request.get(`/product/${id}`)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1] as string));
  return blocks.find((block) => block['@type'] === 'Product');
}

test('a product page holds its name, price, availability and structured data before any script runs', async ({ request }) => {
  // One seller's product: its one offer. (Several sellers' products give one Offer each, below.)
  const listed = (await (await request.get('/api/products?pageSize=100&inStock=true')).json()).items as ListedProduct[];
  const product = listed.find((item) => item.sellerCount === 1) as ListedProduct;
  const response = await request.get(`/product/${product.id}`);
  expect(response.status()).toBe(200);
  const html = await response.text();

  expect(html).toContain(`<title>${product.name} · Circuit Bazaar</title>`);
  expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/product/${product.id}"/>`);
  expect(html).toContain('<meta property="og:type" content="product"/>');
  expect(html).toContain(rupees(product.price));
  expect(html).not.toContain('Loading');

  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1] as string));
  const described = blocks.find((block) => block['@type'] === 'Product');
  expect(described).toMatchObject({
    name: product.name,
    offers: {
      '@type': 'Offer',
      priceCurrency: 'INR',
      price: (product.price / 100).toFixed(2),
      availability: 'https://schema.org/InStock',
      seller: { name: product.vendor.name },
    },
  });
  expect(blocks.find((block) => block['@type'] === 'BreadcrumbList')?.itemListElement).toHaveLength(3);
  // No inline script: the page's data is JSON the app reads, not code (the CSP runs no inline script).
  expect(html).not.toMatch(/<script>/);

  const shared = listed.find((item) => item.sellerCount > 1) as ListedProduct;
  const sellers = ((await productJsonLd(request, shared.id))?.offers ?? []) as Array<Record<string, unknown>>;
  const full = (await (await request.get(`/api/products/${shared.id}`)).json()) as ListedProduct;
  expect(sellers.map((offer) => [offer['@type'], offer.price])).toEqual(
    full.offers.map((offer) => ['Offer', (offer.price / 100).toFixed(2)]),
  );
  expect(sellers.length).toBe(shared.sellerCount);
  for (const offer of sellers) {
    expect(offer).toMatchObject({ priceCurrency: 'INR', hasMerchantReturnPolicy: { merchantReturnDays: 10 } });
    expect((offer.seller as { name?: string }).name).toBeTruthy();
  }
});

test('with JavaScript off, a shopper still reads a product, a listing and a search', async ({ browser, request }) => {
  const product = await firstProduct(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(rupees(product.price)).first()).toBeVisible();

  await page.goto('/category/Laptop');
  await expect(page.getByRole('heading', { level: 1, name: 'Laptops' })).toBeVisible();
  await expect(page.getByText(/Showing 1–\d+ of \d+ products/)).toBeVisible();

  await page.goto('/search?q=dell');
  await expect(page.getByRole('heading', { level: 1, name: /Results for/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Dell/ }).first()).toBeVisible();
  await context.close();
});

test('the app takes over a rendered page without drawing it again, and works', async ({ page, request }) => {
  const product = await firstProduct(request, '&inStock=true');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/404/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The app's script waits until the page the server drew is marked: an element React replaced
  // (a page drawn again after a mismatch) would lose the mark.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`/product/${product.id}`, { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: product.name });
  await heading.evaluate((element) => element.setAttribute('data-from-server', 'yes'));
  release();
  // A press before the app's code has run goes nowhere, as on any page still loading.
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/1/);
  await expect(heading).toHaveAttribute('data-from-server', 'yes');
  expect(errors).toEqual([]);
});

test('filtered and sorted listings and searches are left out of search results; each listing and search has one address', async ({
  request,
}) => {
  const plain = await (await request.get('/products')).text();
  expect(plain).toContain(`<link rel="canonical" href="${ORIGIN}/products"/>`);
  expect(plain).toContain('<meta name="robots" content="index, follow"/>');

  const second = await (await request.get('/products?page=2')).text();
  expect(second).toContain(`<link rel="canonical" href="${ORIGIN}/products?page=2"/>`);

  const filtered = await (await request.get('/category/Laptop?brand=Dell&sort=price_asc')).text();
  expect(filtered).toContain(`<link rel="canonical" href="${ORIGIN}/category/Laptop"/>`);
  expect(filtered).toContain('<meta name="robots" content="noindex, follow"/>');

  // A search has one address (the words), followed but not indexed; narrowed further, the same.
  const search = await (await request.get('/search?q=lenovo&page=1')).text();
  expect(search).toContain(`<link rel="canonical" href="${ORIGIN}/search?q=lenovo"/>`);
  expect(search).toContain('<meta name="robots" content="noindex, follow"/>');
  const sortedSearch = await (await request.get('/search?q=lenovo&sort=newest')).text();
  expect(sortedSearch).toContain('<meta name="robots" content="noindex, follow"/>');
});

test('an unknown product answers 404 and a product taken off sale 410', async ({ request, baseURL }) => {
  expect((await request.get('/product/999999')).status()).toBe(404);
  expect((await request.get('/no-such-page')).status()).toBe(404);

  const product = await firstProduct(request, '&sort=price_desc');
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect(
    (await admin.post('/api/auth/login', { data: { email: 'admin@e2e.test', password: 'e2e-admin-password', portal: 'admin' } })).ok(),
  ).toBe(true);
  expect(
    (await admin.post(`/api/admin/products/${product.id}/moderation`, { data: { action: 'hide', reason: 'Listing under review' } })).ok(),
  ).toBe(true);
  try {
    await expect.poll(async () => (await request.get(`/product/${product.id}`)).status()).toBe(410);
  } finally {
    await admin.post(`/api/admin/products/${product.id}/moderation`, { data: { action: 'restore' } });
    await admin.dispose();
  }
  await expect.poll(async () => (await request.get(`/product/${product.id}`)).status()).toBe(200);
});

test('robots.txt keeps crawlers out of private pages and names the sitemap, which lists the products', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const rules = await robots.text();
  for (const path of ['/checkout', '/account', '/vendor/', '/admin', '/api/']) expect(rules).toContain(`Disallow: ${path}`);
  expect(rules).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);

  const index = await (await request.get('/sitemap.xml')).text();
  const products = new RegExp(`<loc>${ORIGIN.replaceAll('.', '\\.')}(/sitemaps/products-\\d+\\.xml)</loc>`).exec(index);
  expect(products).not.toBeNull();
  const sitemap = await (await request.get(products![1]!)).text();
  const product = await firstProduct(request);
  expect(sitemap).toContain(`<loc>${ORIGIN}/product/${product.id}</loc>`);
});

test('pages, scripts and answers are compressed for browsers that accept it', async ({ request }) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['vary']).toMatch(/accept-encoding/i);
  // The request context undoes the encoding itself.
  const html = await page.text();
  expect(html).toContain('<title>Circuit Bazaar · Laptops, desktops and monitors</title>');

  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const asset = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const json = await request.get('/api/products', { headers: { 'accept-encoding': 'gzip' } });
  expect(json.headers()['content-encoding']).toBe('gzip');
});
