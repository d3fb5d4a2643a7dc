/**
 * Catalogue benchmark: seeds a large catalogue, starts the real app and measures the main
 * read endpoints with autocannon.
 *
 *   node --experimental-strip-types --disable-warning=ExperimentalWarning scripts/bench.ts
 *
 * Settings (environment, or --products=N --database-url=URL --seconds=N --connections=N):
 *   BENCH_PRODUCTS      products to seed (default 20000)
 *   BENCH_DATABASE_URL  default: a fresh SQLite file in a temp dir. A postgres:// URL must point at an
 *                       empty database; it is migrated here and the run is refused if it has products.
 *   BENCH_SECONDS       seconds per endpoint (default 5)
 *   BENCH_CONNECTIONS   concurrent connections (default 10)
 *
 * Exits non-zero when any measured request got a non-2xx answer or a connection error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Category } from '#shared/categories.ts';
import type { ProductSpecs } from '#shared/schemas/catalog.ts';
import { buildApp, createServices } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { type DatabaseHandle, dialectOf, openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { DEMO_PRODUCTS, slugify } from '#server/db/seed/demo-catalog.ts';
import type { DemoProduct } from '#server/db/seed/demo-catalog.types.ts';
import type { NewProduct } from '#server/modules/catalog/catalog.service.ts';

// ---------------------------------------------------------------------------------------------
// autocannon ships no types; this is the part of its programmatic API used here.

interface Percentiles {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Percentiles & { total: number };
  latency: Percentiles;
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections: number;
  duration: number;
  workers?: number;
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// ---------------------------------------------------------------------------------------------
// Settings

function setting(name: string, env: string): string | undefined {
  const flag = `--${name}=`;
  const arg = process.argv.slice(2).find((value) => value.startsWith(flag));
  return arg ? arg.slice(flag.length) : process.env[env] || undefined;
}

function positiveInt(name: string, env: string, fallback: number): number {
  const raw = setting(name, env);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${env} (--${name}) must be a positive whole number, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}

const PRODUCTS = positiveInt('products', 'BENCH_PRODUCTS', 20_000);
const SECONDS = positiveInt('seconds', 'BENCH_SECONDS', 5);
const CONNECTIONS = positiveInt('connections', 'BENCH_CONNECTIONS', 10);
const VENDORS = 40;
const BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const tempDir = mkdtempSync(path.join(tmpdir(), 'store-bench-'));
const databaseUrl = setting('database-url', 'BENCH_DATABASE_URL') ?? `sqlite:${path.join(tempDir, 'bench.db')}`;
if (!databaseUrl.startsWith('sqlite:') && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('BENCH_DATABASE_URL must be sqlite:PATH or postgres://…');
  rmSync(tempDir, { recursive: true, force: true });
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// A deterministic catalogue derived from the demo one

/** mulberry32: small, fast and repeatable, so every run benchmarks the same catalogue. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20_260_101);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

const BY_CATEGORY = new Map<Category, DemoProduct[]>();
for (const product of DEMO_PRODUCTS) {
  BY_CATEGORY.set(product.category, [...(BY_CATEGORY.get(product.category) ?? []), product]);
}

/** Each spec field from a random demo product of the same category: realistic values, wide spread. */
function mixedSpecs(category: Category): ProductSpecs {
  const sources = BY_CATEGORY.get(category) ?? [];
  const first = sources[0];
  if (!first) throw new Error(`No demo products in ${category}`);
  const specs: Record<string, unknown> = {};
  for (const key of Object.keys(first.specs)) {
    specs[key] = (pick(sources).specs as unknown as Record<string, unknown>)[key];
  }
  return specs as unknown as ProductSpecs;
}

const CITIES = [
  'Delhi', 'Mumbai', 'Chennai', 'Bengaluru', 'Kolkata', 'Hyderabad', 'Pune', 'Ahmedabad', 'Jaipur', 'Lucknow',
  'Kochi', 'Indore', 'Chandigarh', 'Bhopal', 'Nagpur', 'Coimbatore', 'Surat', 'Patna', 'Vadodara', 'Guwahati',
];
const SUFFIX_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

function benchProduct(i: number, vendorIds: readonly number[], now: number): NewProduct {
  const base = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length] as DemoProduct;
  const model = `${SUFFIX_LETTERS[Math.floor(rand() * SUFFIX_LETTERS.length)]}${String(i).padStart(5, '0')}`;
  const name = `${base.name} ${model}`;
  const factor = 0.8 + rand() * 0.4;
  // Whole rupees, in paise.
  const price = Math.max(100, Math.round((base.price * factor) / 100) * 100);
  const mrp = Math.max(price, Math.round((base.mrp * factor) / 100) * 100);
  return {
    vendorId: pick(vendorIds),
    name,
    slug: slugify(name),
    brand: base.brand,
    category: base.category,
    description: base.description,
    price,
    mrp,
    stock: Math.floor(rand() * 61),
    images: base.images,
    specs: mixedSpecs(base.category),
    status: rand() < 0.05 ? 'draft' : 'active',
    featured: rand() < 0.03,
    createdAt: new Date(now - Math.floor(rand() * 540 * DAY_MS)).toISOString(),
  };
}

async function seed(database: DatabaseHandle, config: Config): Promise<void> {
  const services = createServices({ database, config });
  const now = Date.now();
  const vendorIds = await database.db.transaction().execute(async (tx) => {
    const ids: number[] = [];
    for (let n = 1; n <= VENDORS; n++) {
      const name = `${CITIES[(n - 1) % CITIES.length]} Computers ${Math.ceil(n / CITIES.length)}`;
      ids.push(await services.vendors.create({ name, slug: slugify(name), status: 'active' }, tx));
    }
    return ids;
  });
  for (let start = 0; start < PRODUCTS; start += BATCH) {
    const end = Math.min(PRODUCTS, start + BATCH);
    await database.db.transaction().execute(async (tx) => {
      for (let i = start; i < end; i++) await services.catalog.create(benchProduct(i, vendorIds, now), tx);
    });
    if (process.stdout.isTTY) process.stdout.write(`\r  seeded ${end}/${PRODUCTS}`);
  }
  if (process.stdout.isTTY) process.stdout.write('\n');
}

// ---------------------------------------------------------------------------------------------
// The run

interface Endpoint {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Row {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The database is not an empty one: stop without touching it. */
class RefusalError extends Error {}

const dialect = dialectOf(databaseUrl);
const database = openDatabase(databaseUrl);
let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
let exitCode = 0;

try {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: tempDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    // The API only: no static web app.
    WEB_DIST_DIR: path.join(tempDir, 'no-web'),
  });
  await migrateToLatest(database.db);
  const existing = await database.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) {
    throw new RefusalError(
      `Refusing to run: the products table already has ${existing.n} rows. Point BENCH_DATABASE_URL at an empty database.`,
    );
  }

  console.log(`Seeding ${PRODUCTS} products and ${VENDORS} vendors on ${dialect}…`);
  const seedStart = performance.now();
  await seed(database, config);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`Seeded ${PRODUCTS} products in ${seedSeconds.toFixed(1)} s (${Math.round(PRODUCTS / seedSeconds)} products/s)`);
  if (dialect === 'postgres') {
    // What autovacuum would do shortly after a bulk load; done now so it does not happen mid-run.
    await sql`ANALYZE`.execute(database.db);
  }

  const built = await buildApp({ config, database, logger: false });
  app = built.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  // Ids for the detail and cart endpoints: active, sold by an active vendor, in stock.
  const ids = await database.db
    .selectFrom('products')
    .select('id')
    .where('status', '=', 'active')
    .where('stock', '>', 0)
    .orderBy('id')
    .execute();
  const idAt = (fraction: number) => (ids[Math.floor(ids.length * fraction)] as { id: number }).id;
  const cart = [0.1, 0.3, 0.5, 0.7, 0.9].map((fraction, n) => ({ productId: idAt(fraction), quantity: 1 + (n % 2) }));

  const endpoints: Endpoint[] = [
    { method: 'GET', path: '/api/products' },
    { method: 'GET', path: '/api/products?category=Laptop&sort=price_asc' },
    { method: 'GET', path: '/api/products?category=Laptop&brand=Lenovo&brand=Dell&ram=16&page=3' },
    { method: 'GET', path: '/api/products?category=Monitor&refreshRate=144&sort=newest' },
    { method: 'GET', path: '/api/search?q=thinkpad' },
    { method: 'GET', path: '/api/search?q=thinkpd' },
    { method: 'GET', path: '/api/search?q=gaming%20laptop&sort=price_desc' },
    { method: 'GET', path: `/api/products/${idAt(0.5)}` },
    { method: 'POST', path: '/api/cart/quote', body: JSON.stringify(cart) },
  ].map((endpoint) => ({
    ...endpoint,
    method: endpoint.method as Endpoint['method'],
    label: `${endpoint.method} ${endpoint.path}${endpoint.body ? ' (5 lines)' : ''}`,
  }));

  // One request each first: a wrong setup should fail loudly, not hide in a throughput number.
  for (const endpoint of endpoints) {
    const response = await fetch(origin + endpoint.path, {
      method: endpoint.method,
      headers: endpoint.body ? { 'content-type': 'application/json' } : undefined,
      body: endpoint.body,
    });
    const json = (await response.json()) as { total?: number; facets?: unknown[] };
    if (!response.ok) throw new Error(`${endpoint.label} answered ${response.status}: ${JSON.stringify(json)}`);
    const found = json.facets ? `, ${json.total} results` : '';
    console.log(`  check ${endpoint.label}: ${response.status}${found}`);
  }

  console.log(`\nMeasuring ${endpoints.length} endpoints, ${SECONDS} s each, ${CONNECTIONS} connections…`);
  const rows: Row[] = [];
  for (const endpoint of endpoints) {
    const result = await autocannon({
      url: origin + endpoint.path,
      method: endpoint.method,
      body: endpoint.body,
      headers: endpoint.body ? { 'content-type': 'application/json' } : undefined,
      connections: CONNECTIONS,
      duration: SECONDS,
      // The load generator runs in its own thread so it does not share the server's event loop.
      workers: 1,
    });
    rows.push({
      label: endpoint.label,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
  }

  const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(
    `\n**Engine:** ${dialect} · **products:** ${PRODUCTS} · **Node:** ${process.version} · ` +
      `**CPUs:** ${availableParallelism()} (${cpuModel}) · ${SECONDS} s × ${CONNECTIONS} connections per endpoint\n`,
  );
  console.log('| endpoint | requests/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| \`${row.label}\` | ${row.rps.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.non2xx} |`);
  }

  const failed = rows.filter((row) => row.non2xx > 0 || row.errors > 0);
  if (failed.length > 0) {
    for (const row of failed) {
      console.error(`FAILED ${row.label}: ${row.non2xx} non-2xx responses, ${row.errors} connection errors/timeouts`);
    }
    exitCode = 1;
  }
} catch (error) {
  if (error instanceof RefusalError) {
    console.error(error.message);
    exitCode = 2;
  } else {
    console.error(error);
    exitCode = 1;
  }
} finally {
  await app?.close();
  await database.destroy();
  rmSync(tempDir, { recursive: true, force: true });
}
process.exit(exitCode);
