/**
 * After `vite build`: how much gzipped JavaScript each route of the web app loads before it renders,
 * read from Vite's manifest (dist/web/.vite/manifest.json). Exits non-zero when a route is over its budget.
 *
 * "Before it renders" is what the browser must fetch before React can paint the page:
 *   - the entry chunk of index.html and everything it imports statically (the <script> and its
 *     <link rel="modulepreload">s), which holds React, the router, the providers and the layouts;
 *   - the route's lazy chunk (lazyPage in src/web/app/routes.tsx) and everything it imports
 *     statically, which Vite's preload helper fetches together with it.
 * Chunks only reached through a further dynamic import() load later and are not counted. CSS is
 * reported apart: the stylesheets index.html links, which hold up the first paint, have a budget.
 * Also exits non-zero when the page or the entry chunk lacks its brotli or gzip copy (see below).
 *
 * Run: node scripts/bundle-report.ts [dist/web]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Route {
  path: string;
  /** The lazy page module, as Vite names it in the manifest: relative to src/web. */
  module: string;
  budgetKb?: number;
}

/** The pages of src/web/app/routes.tsx. Modules listed here must be in the manifest. */
const ROUTES: Route[] = [
  // 152 since the header's search box became a combobox (its list loads apart, once a
  // shopper types) and cards show customer ratings, about 1 kB together.
  // 152.5 with Recently viewed and the cards' heart and Compare (their code loads apart, in one chunk; the modules it shares split off).
  // 153.5 with the product image that shows a placeholder, never a broken image (a small
  // chunk of its own, shared by cards, cart, orders and lists: 0.8 kB with its request).
  // 153.6 with the page of the link that confirms a guest's return (its route in the router, a few
  // dozen bytes; the page loads apart), which took the home page just over 153.5.
  // 153.7 with a valid header search (type="text" and enterkeyhint beside role="combobox") and
  // a browser-drawn page's one title (the shell's removed at start): 153.609 kB, 9 bytes over 153.6.
  { path: '/', module: 'app/routes/store/home.tsx', budgetKb: 153.7 },
  // 151 since "Check delivery": the widget itself loads apart, after the page; what
  // the page carries is the hook that loads it (0.3 kB), which took it over 150. 154 since the
  // header's combobox, and the reviews' and account's hooks, each loading its part apart.
  // 155 with Buy now, the heart, Compare and Recently viewed (loaded apart, as on cards) and the image viewer's hook.
  // 156 with the product image (a placeholder instead of a broken image), 0.8 kB.
  // 156.5 since what a shopper types before the scripts arrive is kept (useFieldValue and the
  // note main.tsx takes before hydrating, 0.2 kB on every page; the product page was at 155.8).
  { path: '/product/:id', module: 'app/routes/store/product.tsx', budgetKb: 156.5 },
  { path: '/products', module: 'app/routes/store/products.tsx' },
  { path: '/category/:category', module: 'app/routes/store/category.tsx' },
  { path: '/search', module: 'app/routes/store/search.tsx' },
  { path: '/store/:vendorSlug', module: 'app/routes/store/vendor-store.tsx' },
  { path: '/cart', module: 'app/routes/store/cart.tsx' },
  { path: '/wishlist', module: 'app/routes/store/wishlist.tsx' },
  { path: '/compare', module: 'app/routes/store/compare.tsx' },
  { path: '/checkout', module: 'app/routes/checkout/checkout.tsx' },
  { path: '/checkout/bank/:paymentId', module: 'app/routes/checkout/bank.tsx' },
  { path: '/order-success', module: 'app/routes/checkout/order-success.tsx' },
  { path: '/login', module: 'app/routes/store/login.tsx' },
  { path: '/register', module: 'app/routes/store/register.tsx' },
  { path: '/forgot-password', module: 'app/routes/store/forgot-password.tsx' },
  { path: '/reset-password', module: 'app/routes/store/reset-password.tsx' },
  { path: '/verify-email', module: 'app/routes/store/verify-email.tsx' },
  { path: '/track/confirm-return', module: 'app/routes/store/confirm-return.tsx' },
  { path: '/account', module: 'app/routes/account/account.tsx' },
  { path: '/account-deleted', module: 'app/routes/store/account-deleted.tsx' },
  { path: '/orders', module: 'app/routes/account/orders.tsx' },
  { path: '/order-details/:orderId', module: 'app/routes/account/order-details.tsx' },
  { path: '/about', module: 'features/info/components/about-page.tsx' },
  { path: '/contact', module: 'features/info/components/contact-page.tsx' },
  { path: '/returns', module: 'features/info/components/returns-page.tsx' },
  { path: '/privacy', module: 'features/info/components/privacy-page.tsx' },
  { path: '/terms', module: 'features/info/components/terms-page.tsx' },
  { path: '/vendor/login', module: 'app/routes/vendor/login.tsx' },
  { path: '/vendor/register', module: 'app/routes/vendor/register.tsx' },
  { path: '/vendor/dashboard', module: 'app/routes/vendor/dashboard.tsx' },
  { path: '/vendor/dashboard/products', module: 'app/routes/vendor/products.tsx' },
  { path: '/vendor/dashboard/products/:productId', module: 'app/routes/vendor/product-editor.tsx' },
  { path: '/vendor/dashboard/products/import', module: 'app/routes/vendor/product-import.tsx' },
  { path: '/vendor/dashboard/products/sell', module: 'app/routes/vendor/product-sell.tsx' },
  { path: '/vendor/dashboard/orders', module: 'app/routes/vendor/orders.tsx' },
  { path: '/vendor/dashboard/settlements', module: 'app/routes/vendor/settlements.tsx' },
  { path: '/vendor/dashboard/profile', module: 'app/routes/vendor/profile.tsx' },
  { path: '/vendor/dashboard/coupons', module: 'app/routes/vendor/coupons.tsx' },
  { path: '/vendor/dashboard/reviews', module: 'app/routes/vendor/reviews.tsx' },
  { path: '/admin/login', module: 'app/routes/admin/login.tsx' },
  { path: '/admin/dashboard', module: 'app/routes/admin/dashboard.tsx' },
  { path: '/admin/users', module: 'app/routes/admin/users.tsx' },
  { path: '/admin/users/:uid', module: 'app/routes/admin/user-detail.tsx' },
  { path: '/admin/products', module: 'app/routes/admin/products.tsx' },
  { path: '/admin/products/:id', module: 'app/routes/admin/product-edit.tsx' },
  { path: '/admin/payments', module: 'app/routes/admin/payments.tsx' },
  { path: '/admin/payments/:id', module: 'app/routes/admin/payment-detail.tsx' },
  { path: '/admin/audit', module: 'app/routes/admin/audit.tsx' },
  { path: '/admin/retry-queue', module: 'app/routes/admin/retry-queue.tsx' },
  { path: '/admin/product-changes', module: 'app/routes/admin/product-changes.tsx' },
  { path: '/admin/coupons', module: 'app/routes/admin/coupons.tsx' },
  { path: '/admin/reviews', module: 'app/routes/admin/reviews.tsx' },
  { path: '*', module: 'app/routes/not-found.tsx' },
];

const distDir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/web'));
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The chunk and every chunk it imports statically, transitively. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const gzipSizes = new Map<string, number>();
function gzipBytes(key: string): number {
  const file = manifest[key]!.file;
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(distDir, file))).length;
    gzipSizes.set(file, size);
  }
  return size;
}

const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
if (entries.length !== 1) throw new Error(`Expected one entry chunk in the manifest, found ${entries.length}`);
const entry = entries[0]!;

// vite.config.ts writes x.br and x.gz beside each text file, silently: its failure would only show
// as slower pages. The page and the entry chunk are always large enough to have both.
const notCompressed = ['index.html', manifest[entry]!.file]
  .flatMap((file) => [`${file}.br`, `${file}.gz`])
  .filter((file) => !existsSync(path.join(distDir, file)));
if (notCompressed.length > 0) {
  console.error(
    `Precompressed copies missing from ${distDir} (see the compression plugin in vite.config.ts):\n  ${notCompressed.join('\n  ')}`,
  );
  process.exit(1);
}

const missing = ROUTES.filter((route) => !manifest[route.module]?.isDynamicEntry);
if (missing.length > 0) {
  console.error(
    `Not lazy chunks in the manifest (update ROUTES in scripts/bundle-report.ts):\n  ${missing.map((r) => r.module).join('\n  ')}`,
  );
  process.exit(1);
}
// Pages added to app/routes/ and the router but not to ROUTES are still measured, under their module name.
const listed = new Set(ROUTES.map((route) => route.module));
const unlisted: Route[] = (manifest[entry]!.dynamicImports ?? [])
  .filter((key) => key.startsWith('app/routes/') && !listed.has(key))
  .map((key) => ({ path: `(${key})`, module: key }));

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const rows = [...ROUTES, ...unlisted].map((route) => {
  const chunks = staticClosure(route.module, staticClosure(entry));
  const bytes = [...chunks].reduce((sum, key) => sum + gzipBytes(key), 0);
  const over = route.budgetKb !== undefined && bytes > route.budgetKb * 1000;
  return { route, chunks: chunks.size, bytes, over };
});

const entryBytes = [...staticClosure(entry)].reduce((sum, key) => sum + gzipBytes(key), 0);
console.log(`\nJavaScript loaded before each route renders (gzip; entry and its imports alone: ${kb(entryBytes)} kB)\n`);
console.log('| Route | Chunks | kB gzip | Budget |');
console.log('| --- | ---: | ---: | ---: |');
for (const { route, chunks, bytes, over } of rows) {
  const budget = route.budgetKb === undefined ? '' : `${route.budgetKb}${over ? ' **over**' : ''}`;
  console.log(`| \`${route.path}\` | ${chunks} | ${kb(bytes)} | ${budget} |`);
}

// The stylesheets the page links in its head: the browser paints nothing before it has them (the
// server-rendered HTML is complete, so they are all that stands between it and the first paint).
const CSS_BUDGET_KB = 12;
const page = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const stylesheets = [...page.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+)"/g)].map((match) => match[1]!);
const cssBytes = stylesheets.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file))).length, 0);
const cssOver = cssBytes > CSS_BUDGET_KB * 1000;
console.log(
  `\nCSS before the first paint (linked by index.html, gzip): ${kb(cssBytes)} kB in ${stylesheets.length} file(s); budget ${CSS_BUDGET_KB}${cssOver ? ' **over**' : ''}`,
);

const failed = rows.filter((row) => row.over);
if (failed.length > 0 || cssOver) {
  const over = [
    ...failed.map(({ route, bytes }) => `${route.path} ${kb(bytes)} kB > ${route.budgetKb} kB`),
    ...(cssOver ? [`CSS ${kb(cssBytes)} kB > ${CSS_BUDGET_KB} kB`] : []),
  ];
  console.error(`\nOver budget: ${over.join(', ')}`);
  process.exit(1);
}
