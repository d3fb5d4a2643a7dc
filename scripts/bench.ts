/**
 * The store's benchmark: seeds a large catalogue, starts the production server in its own process
 * and loads it with autocannon from this one, next to a bare Node `http` baseline.
 *
 *   npm run bench                                   # 100,000 products on a fresh SQLite file
 *   BENCH_DATABASE_URL=postgres://…/empty npm run bench
 *
 * Settings (environment, or --products=N --database-url=URL --seconds=N --connections=N):
 *   BENCH_PRODUCTS      products to seed (default 100000)
 *   BENCH_DATABASE_URL  (or DATABASE_URL) default: a fresh SQLite file in a temp dir. A postgres://
 *                       URL must point at an empty database; the run is refused if it has products.
 *   BENCH_SECONDS       seconds per scenario (default 10)
 *   BENCH_CONNECTIONS   concurrent connections (default 50)
 *   BENCH_REDIS_URL     give the server this REDIS_URL (default: none)
 *
 * Prints one table (requests/s, p50, p99, server memory, ratio to the baseline, target) and writes
 * the same as JSON under bench/results/. Exits 1 if checkout ever oversold or a read scenario got
 * errors, 2 on bad settings or a non-empty database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import type { Category } from '#shared/categories.ts';
import type { ProductSpecs } from '#shared/schemas/catalog.ts';
import { createServices } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
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
interface AutocannonRequest {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonResult {
  requests: Percentiles & { total: number };
  latency: Percentiles;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  requests?: AutocannonRequest[];
}
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// ---------------------------------------------------------------------------------------------
// Settings

function setting(name: string, ...envs: string[]): string | undefined {
  const flag = `--${name}=`;
  const arg = process.argv.slice(2).find((value) => value.startsWith(flag));
  if (arg) return arg.slice(flag.length);
  for (const env of envs) if (process.env[env]) return process.env[env];
  return undefined;
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

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCTS = positiveInt('products', 'BENCH_PRODUCTS', 100_000);
const SECONDS = positiveInt('seconds', 'BENCH_SECONDS', 10);
const CONNECTIONS = positiveInt('connections', 'BENCH_CONNECTIONS', 50);
const REDIS_URL = setting('redis-url', 'BENCH_REDIS_URL');
/** Many shops, as on a real marketplace: one per 500 products, at least 40. */
const VENDORS = Math.max(40, Math.ceil(PRODUCTS / 500));
const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Checkout runs against these: few units, many buyers. */
const LIMITED_PRODUCTS = 20;
const LIMITED_STOCK = 25;
const CUSTOMERS = 10;

const tempDir = mkdtempSync(path.join(tmpdir(), 'store-bench-'));
const databaseUrl = setting('database-url', 'BENCH_DATABASE_URL', 'DATABASE_URL') ?? `sqlite:${path.join(tempDir, 'bench.db')}`;
if (!databaseUrl.startsWith('sqlite:') && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('BENCH_DATABASE_URL must be sqlite:PATH or postgres://…');
  rmSync(tempDir, { recursive: true, force: true });
  process.exit(2);
}
const dialect = dialectOf(databaseUrl);

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

// ---------------------------------------------------------------------------------------------
// Seeding

/** The database is not an empty one: stop without touching it. */
class RefusalError extends Error {}

async function seed(database: DatabaseHandle): Promise<void> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: tempDir, SESSION_SECRET: 'b'.repeat(32), SEED_DEMO: 'false' });
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
  const bar = new SingleBar(
    { format: '  {bar} {percentage}% | {value}/{total} products | {eta_formatted} left', noTTYOutput: true, notTTYSchedule: 5000 },
    Presets.shades_classic,
  );
  bar.start(PRODUCTS, 0);
  for (let start = 0; start < PRODUCTS; start += BATCH) {
    const end = Math.min(PRODUCTS, start + BATCH);
    const batch = Array.from({ length: end - start }, (_, n) => benchProduct(start + n, vendorIds, now));
    await database.db.transaction().execute((tx) => services.catalog.createMany(batch, tx));
    bar.update(end);
  }
  bar.stop();
}

/** Active, in stock, sold by an active vendor: what the detail, cart and checkout scenarios use. */
async function purchasableIds(database: DatabaseHandle): Promise<number[]> {
  const rows = await database.db
    .selectFrom('products')
    .select('id')
    .where('status', '=', 'active')
    .where('stock', '>', 0)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Processes

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  origin: string;
  /** the process to measure and signal: the server itself, not npm in front of it */
  pid: number;
}

/** Spawns a process and waits until it prints `ready`, or fails with its output. */
async function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, port: number): Promise<Started> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Process did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Process exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return { child, origin: `http://127.0.0.1:${port}`, pid: child.pid as number };
}

/** The Node process running `script` among `root` and its descendants (Linux /proc). */
function nodeProcessRunning(root: number, script: string): number | undefined {
  const children = (pid: number): number[] => {
    try {
      const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
      return listed ? listed.split(/\s+/).map(Number).flatMap((child) => [child, ...children(child)]) : [];
    } catch {
      return [];
    }
  };
  return [root, ...children(root)].find((pid) => {
    try {
      return path.basename(readlinkSync(`/proc/${pid}/exe`)).startsWith('node') && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script);
    } catch {
      return false;
    }
  });
}

async function startServer(extraEnv: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(tempDir, 'data'),
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    WEB_DIST_DIR: path.join(tempDir, 'no-web'),
    ...(REDIS_URL ? { REDIS_URL } : {}),
    ...(process.env.NODE_HEAP_MB ? { NODE_HEAP_MB: process.env.NODE_HEAP_MB } : {}),
    ...extraEnv,
  };
  // `npm run serve`, as the README starts the store: the same Node flags (heap sizes) as production.
  const started = await startProcess('npm', ['run', '--silent', 'serve'], env, /is running at/, port);
  return { ...started, pid: nodeProcessRunning(started.pid, 'src/server/server.ts') ?? started.pid };
}

/** The yardstick: a bare `http` server answering a body of the list page's size, pre-serialized. */
async function startBaseline(bodyFile: string): Promise<Started> {
  const port = await freePort();
  const code = `
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)});
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => console.log('baseline ready'));`;
  return startProcess(process.execPath, ['-e', code], { PATH: process.env.PATH }, /baseline ready/, port);
}

async function stop(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  // The server shuts down gracefully on SIGTERM; npm in front of it then exits too.
  process.kill(started.pid, 'SIGTERM');
  await exited;
}

/** Resident memory of a process in MB, from /proc (Linux); NaN elsewhere. */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Target {
  /** minimum requests/s as a share of the baseline's */
  ratio?: number;
  /** maximum p99 in ms */
  p99?: number;
}

interface Scenario {
  name: string;
  requests: AutocannonRequest[];
  target?: Target;
  /** answers other than 2xx are part of the scenario (checkout runs out of stock) */
  expectsNon2xx?: boolean;
}

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  memoryMb: number;
  ratio: number;
  statusCodes: Record<string, number>;
  errors: number;
  target?: Target;
  met?: boolean;
}

async function measure(origin: string, scenario: Scenario, serverPid: number | undefined, baselineRps: number): Promise<Row> {
  const result = await autocannon({ url: origin, connections: CONNECTIONS, duration: SECONDS, requests: scenario.requests });
  const rps = result.requests.average;
  const ratio = baselineRps > 0 ? rps / baselineRps : 1;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]));
  const target = scenario.target;
  const met = target ? (target.ratio === undefined || ratio >= target.ratio) && (target.p99 === undefined || result.latency.p99 < target.p99) : undefined;
  const row: Row = {
    scenario: scenario.name,
    rps,
    p50: result.latency.p50,
    p99: result.latency.p99,
    memoryMb: serverPid ? memoryMb(serverPid) : Number.NaN,
    ratio,
    statusCodes,
    errors: result.errors + result.timeouts,
    target,
    met,
  };
  console.log(`  ${scenario.name}: ${rps.toFixed(0)} req/s, p99 ${row.p99} ms`);
  return row;
}

/** One request each first: a wrong setup should fail loudly, not hide in a throughput number. */
async function check(origin: string, scenario: Scenario): Promise<void> {
  for (const request of scenario.requests.slice(0, 3)) {
    const prepared = request.setupRequest ? request.setupRequest({ ...request }) : request;
    const response = await fetch(origin + prepared.path, { method: prepared.method ?? 'GET', headers: prepared.headers, body: prepared.body });
    if (!response.ok) throw new Error(`${scenario.name}: ${prepared.path} answered ${response.status}: ${await response.text()}`);
  }
}

const get = (paths: string[]): AutocannonRequest[] => paths.map((p) => ({ method: 'GET', path: p }));

function describeTarget(target?: Target): string {
  if (!target) return '';
  return [target.ratio !== undefined ? `≥ ${target.ratio}×` : '', target.p99 !== undefined ? `p99 < ${target.p99} ms` : ''].filter(Boolean).join(', ');
}

// ---------------------------------------------------------------------------------------------
// The run

let server: Started | undefined;
let baseline: Started | undefined;
let exitCode = 0;
const database = openDatabase(databaseUrl);

try {
  await migrateToLatest(database.db);
  const existing = await database.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) {
    throw new RefusalError(`Refusing to run: the products table already has ${existing.n} rows. Point BENCH_DATABASE_URL at an empty database.`);
  }

  console.log(`Seeding ${PRODUCTS} products from ${VENDORS} vendors on ${dialect}…`);
  const seedStart = performance.now();
  await seed(database);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`Seeded ${PRODUCTS} products in ${seedSeconds.toFixed(1)} s (${Math.round(PRODUCTS / seedSeconds)} products/s)`);
  // Planner statistics, as `PRAGMA optimize` (SQLite) or autovacuum (PostgreSQL) would gather
  // them; on PostgreSQL the vacuum is done now so that autovacuum does not run during the load.
  await (dialect === 'postgres' ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(database.db);

  const ids = await purchasableIds(database);
  const idAt = (fraction: number) => ids[Math.floor(ids.length * fraction)] as number;
  // Limited stock for checkout, spread through the catalogue.
  const limited = Array.from({ length: LIMITED_PRODUCTS }, (_, n) => idAt((n + 0.5) / LIMITED_PRODUCTS));
  await database.db.updateTable('products').set({ stock: LIMITED_STOCK }).where('id', 'in', limited).execute();

  server = await startServer();
  const origin = server.origin;
  const sameOrigin = { origin, 'content-type': 'application/json' };

  // Customers with an address each, signed in through the API.
  const customers: Array<{ cookie: string; addressId: number }> = [];
  for (let n = 1; n <= CUSTOMERS; n++) {
    const registered = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: sameOrigin,
      body: JSON.stringify({ name: `Bench Customer ${n}`, email: `bench${n}@example.in`, password: 'bench-password-1' }),
    });
    if (registered.status !== 201) throw new Error(`Registering a customer answered ${registered.status}: ${await registered.text()}`);
    const cookie = (registered.headers.getSetCookie().find((c) => c.startsWith('store.session_token=')) ?? '').split(';')[0] as string;
    const address = await fetch(`${origin}/api/account/addresses`, {
      method: 'POST',
      headers: { ...sameOrigin, cookie },
      body: JSON.stringify({ name: `Bench Customer ${n}`, phone: '9845012345', line1: `${n} MG Road`, city: 'Bengaluru', state: 'Karnataka', pincode: '560001' }),
    });
    if (address.status !== 201) throw new Error(`Adding an address answered ${address.status}: ${await address.text()}`);
    customers.push({ cookie, addressId: ((await address.json()) as { id: number }).id });
  }

  const listPaths = [
    '/api/products?category=Laptop&sort=price_asc',
    '/api/products?category=Laptop&brand=Lenovo&brand=Dell&ram=16&page=3',
    '/api/products?category=Monitor&refreshRate=144&sort=newest',
    '/api/products?category=Desktop&minPrice=3000000&maxPrice=9000000&inStock=true',
    '/api/products?brand=HP&page=2',
    '/api/products?category=Laptop&storage=512&screenSize=14&sort=price_desc',
  ];
  const cart = [0.1, 0.3, 0.5, 0.7, 0.9].map((fraction, n) => ({ productId: idAt(fraction), quantity: 1 + (n % 2) }));
  let orderNumber = 0;
  const scenarios: Scenario[] = [
    { name: 'list page with filters and facets', requests: get(listPaths), target: { ratio: 0.3, p99: 25 } },
    { name: 'product by id', requests: get(Array.from({ length: 50 }, (_, n) => `/api/products/${idAt(n / 50)}`)), target: { ratio: 0.5, p99: 25 } },
    { name: 'search, common word', requests: get(['/api/search?q=lenovo']), target: { p99: 50 } },
    { name: 'search, one-typo word', requests: get(['/api/search?q=lenvo']), target: { p99: 50 } },
    { name: 'cart quote, 5 items', requests: [{ method: 'POST', path: '/api/cart/quote', headers: { 'content-type': 'application/json' }, body: JSON.stringify(cart) }], target: { p99: 25 } },
  ];
  const uncachedScenarios: Scenario[] = [
    { name: 'list page with filters and facets, uncached', requests: get(listPaths) },
    { name: 'product by id, uncached', requests: get(Array.from({ length: 50 }, (_, n) => `/api/products/${idAt(n / 50)}`)) },
    { name: 'search, common word, uncached', requests: get(['/api/search?q=lenovo']) },
    { name: 'search, one-typo word, uncached', requests: get(['/api/search?q=lenvo']) },
  ];
  const checkout: Scenario = {
    name: `checkout, ${LIMITED_PRODUCTS} products × ${LIMITED_STOCK} units`,
    expectsNon2xx: true,
    requests: [
      {
        method: 'POST',
        path: '/api/checkout/orders',
        setupRequest(request) {
          const n = orderNumber++;
          const customer = customers[n % customers.length] as (typeof customers)[number];
          return {
            ...request,
            headers: { ...sameOrigin, cookie: customer.cookie },
            body: JSON.stringify({
              idempotencyKey: `bench-${process.pid}-${n}`,
              addressId: customer.addressId,
              items: [{ productId: limited[n % limited.length], quantity: 1 + (n % 2) }],
            }),
          };
        },
      },
    ],
  };
  for (const scenario of scenarios) await check(origin, scenario);

  // The baseline answers a body as large as the first list page.
  const listBody = Buffer.from(await (await fetch(origin + (listPaths[0] as string))).arrayBuffer());
  const bodyFile = path.join(tempDir, 'baseline.json');
  writeFileSync(bodyFile, listBody);
  baseline = await startBaseline(bodyFile);
  console.log(`\nMeasuring, ${SECONDS} s per scenario, ${CONNECTIONS} connections…`);
  const baselineRow = await measure(baseline.origin, { name: `baseline: bare node:http, ${(listBody.length / 1024).toFixed(1)} KB JSON`, requests: get(['/']) }, baseline.pid, 0);
  await stop(baseline);
  baseline = undefined;
  const rows: Row[] = [baselineRow];
  for (const scenario of scenarios) rows.push(await measure(origin, scenario, server.pid, baselineRow.rps));
  rows.push(await measure(origin, checkout, server.pid, baselineRow.rps));
  const peakMb = memoryMb(server.pid, 'VmHWM');
  await stop(server);

  // Sold units against stock: never more than there was.
  const sold = await database.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .where('order_items.product_id', 'in', limited)
    .where('orders.status', '!=', 'cancelled')
    .select(['order_items.product_id', (eb) => eb.fn.sum<number>('order_items.quantity').as('units')])
    .groupBy('order_items.product_id')
    .execute();
  const left = await database.db.selectFrom('products').select(['id', 'stock']).where('id', 'in', limited).execute();
  const oversold = limited.filter((id) => {
    const units = Number(sold.find((row) => row.product_id === id)?.units ?? 0);
    const stock = left.find((row) => row.id === id)?.stock ?? 0;
    return units > LIMITED_STOCK || stock < 0 || units + stock !== LIMITED_STOCK;
  });
  const unitsSold = sold.reduce((sum, row) => sum + Number(row.units), 0);

  // The same reads with the response cache off: what a cold cache or a catalogue in flux costs.
  server = await startServer({ CATALOG_CACHE_MB: '0' });
  for (const scenario of uncachedScenarios) rows.push(await measure(server.origin, scenario, server.pid, baselineRow.rps));
  await stop(server);
  server = undefined;

  // ------------------------------------------------------------------------------------------
  // Report

  const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const environment = {
    date: new Date().toISOString(),
    engine: dialect,
    products: PRODUCTS,
    vendors: VENDORS,
    node: process.version,
    cpus: availableParallelism(),
    cpuModel,
    seconds: SECONDS,
    connections: CONNECTIONS,
    redis: Boolean(REDIS_URL),
    seedSeconds: Number(seedSeconds.toFixed(1)),
    serverPeakMemoryMb: Number(peakMb.toFixed(0)),
  };
  console.log(
    `\n**${dialect}**, ${PRODUCTS.toLocaleString('en-IN')} products, ${VENDORS} vendors · Node ${process.version} · ` +
      `${availableParallelism()} CPUs (${cpuModel}) · ${SECONDS} s × ${CONNECTIONS} connections per scenario · seeded in ${seedSeconds.toFixed(0)} s\n`,
  );
  console.log('| scenario | requests/s | p50 ms | p99 ms | server MB | × baseline | target | |');
  console.log('|---|---:|---:|---:|---:|---:|---|---|');
  for (const row of rows) {
    const mark = row.met === undefined ? '' : row.met ? 'met' : '**missed**';
    console.log(
      `| ${row.scenario} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${Number.isNaN(row.memoryMb) ? '' : row.memoryMb.toFixed(0)} | ` +
        `${row.ratio.toFixed(2)} | ${describeTarget(row.target)} | ${mark} |`,
    );
  }
  const memoryMet = peakMb < 200;
  console.log(`\nServer peak memory: ${peakMb.toFixed(0)} MB (target < 200 MB: ${memoryMet ? 'met' : 'missed'})`);
  console.log(`Checkout: ${unitsSold} of ${LIMITED_PRODUCTS * LIMITED_STOCK} units sold, ${oversold.length === 0 ? 'none oversold' : `OVERSOLD on products ${oversold.join(', ')}`}`);

  const resultsDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${environment.date.slice(0, 16).replace(/[:T]/g, '-')}-${dialect}-${PRODUCTS}.json`);
  writeFileSync(file, `${JSON.stringify({ environment, rows, checkout: { unitsSold, unitsAvailable: LIMITED_PRODUCTS * LIMITED_STOCK, oversold } }, null, 2)}\n`);
  console.log(`Wrote ${path.relative(ROOT, file)}`);

  if (oversold.length > 0) exitCode = 1;
  const failed = rows.filter((row) => !row.scenario.startsWith('checkout') && (row.errors > 0 || Object.keys(row.statusCodes).some((code) => !code.startsWith('2'))));
  for (const row of failed) {
    console.error(`FAILED ${row.scenario}: status codes ${JSON.stringify(row.statusCodes)}, ${row.errors} connection errors/timeouts`);
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
  await stop(server);
  await stop(baseline);
  await database.destroy();
  rmSync(tempDir, { recursive: true, force: true });
}
process.exit(exitCode);
