/**
 * The store's benchmark: seeds a large catalogue, starts the production server in its own process
 * and loads it with autocannon from this one, next to a bare Node `http` baseline.
 *
 *   npm run bench                                   # 100,000 products on a fresh SQLite file
 *   BENCH_DATABASE_URL=postgres://…/empty npm run bench
 *   npm run bench -- --products=3000 --seconds=1 --connections=10   # what CI runs
 *
 * The headline scenarios are what shoppers and crawlers do. Every request is drawn at random, so
 * few are answered from the response cache:
 *   - mixed listings: a category or none, 0–2 brands, sometimes spec filters, a price range or
 *     in stock only, one of the sorts, page 1–20;
 *   - a product by id, any active product;
 *   - mixed search: words of the products' names and brands, 30% with a one-letter typo, sometimes
 *     two words, a category, a sort or a later page.
 * Each first runs unmeasured for half its time (JIT, each worker's indexes), then is measured
 * while an admin edits 2 products a second through the API (price and stock, and every other edit
 * a new word in the name). Each edit is followed until it shows: on the product's page, in a
 * listing filtered to its new price, and in a search for the new word (polled every 20 ms for up
 * to 5 s). Each request comes from a random X-Forwarded-For address (the server trusts the bench
 * as its proxy), so no per-address limit counts the whole bench as one shopper.
 * After them come single URLs the response cache answers, a cart quote, and checkout against
 * limited stock, which must never oversell.
 *
 * The baseline, a bare Node `http` server answering a body as large as a list page, is measured
 * twice in the run: asked for one URL again and again (what the cached scenarios are compared
 * with), and asked as the headline scenarios ask, each request's path and address drawn afresh
 * (what they are compared with). Drawing a request costs autocannon, on the same two cores, about
 * what a product page costs the server: against the first, a scenario's ratio measured the client.
 *
 * Settings (environment, or --products=N --database-url=URL --seconds=N --connections=N):
 *   BENCH_PRODUCTS      products to seed (default 100000)
 *   BENCH_DATABASE_URL  (or DATABASE_URL) default: a fresh SQLite file in a temp dir. A postgres://
 *                       URL must point at an empty database; the run is refused if it has products.
 *   BENCH_SECONDS       seconds per scenario (default 10)
 *   BENCH_CONNECTIONS   concurrent connections (default 50)
 *   BENCH_REDIS_URL     give the server this REDIS_URL (default: none)
 *   WEB_CONCURRENCY     passed on to the server (its number of worker processes) when set
 *   BENCH_NODE_OPTIONS  the server's NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles"
 *   BENCH_SERVER_LOG    append everything the server prints to this file (with NODE_V8_FLAGS=--trace-gc,
 *                       which NODE_OPTIONS refuses: each process's garbage collections under the load)
 *   BENCH_KEEP=1        (--keep) leave the seeded SQLite file in place and print where it is
 *   BENCH_REUSE=1       (--reuse) measure a database a kept run seeded instead of refusing it: no
 *                       seeding (1,000,000 products take 3–5 minutes), and no checkout scenario
 *                       (the earlier run's orders would be counted against the stock)
 *   BENCH_ONLY=TEXT     (--only=TEXT) measure only the scenarios whose name contains TEXT
 *
 * Prints the seeding rate, the scenarios (requests/s, p50, p99, errors, timeouts, non-2xx, memory
 * of the server's processes together, ratio to the baseline, target), the writer's edits and how
 * soon they showed, and writes the same as JSON under bench/results/. Targets are reported, not enforced: CI's tiny
 * run says nothing about speed. Exits 1 if checkout ever oversold, a read got an error, a timeout
 * or an answer other than 2xx (or a read scenario got no answer at all), an edit failed, or an
 * edit did not show within 5 s; 2 on bad settings or a non-empty database.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import type { Category } from '#shared/categories.ts';
import type { Product, ProductList, ProductSpecs } from '#shared/schemas/catalog.ts';
import { createServices } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { type DatabaseHandle, dialectOf, openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { DEMO_PRODUCTS, slugify } from '#server/db/seed/demo-catalog.ts';
import type { DemoProduct } from '#server/db/seed/demo-catalog.types.ts';
import type { NewProduct } from '#server/modules/catalog/catalog.service.ts';
import { BY_CATEGORY, type Dice, dice, LETTERS, listingPath, PRICE_SPREAD, searchPath } from './shopper-draws.ts';

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
const KEEP = setting('keep', 'BENCH_KEEP') !== undefined || process.argv.includes('--keep');
const REUSE = setting('reuse', 'BENCH_REUSE') !== undefined || process.argv.includes('--reuse');
const ONLY = setting('only', 'BENCH_ONLY');
/** Many shops, as on a real marketplace: one per 500 products, at least 40. */
const VENDORS = Math.max(40, Math.ceil(PRODUCTS / 500));
const BATCH = 500;
/** The benchmark's own SQLite page cache, for seeding (see where the database is opened). */
const SEED_CACHE_MB = 256;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Checkout runs against these: few units, many buyers. */
const LIMITED_PRODUCTS = 20;
const LIMITED_STOCK = 25;
const CUSTOMERS = 10;
const ADMIN = { email: 'bench-admin@example.in', password: 'bench-admin-password-1', name: 'Bench Admin' };
/** The writer's pace: 2 edits a second. */
const EDIT_INTERVAL_MS = 500;
/** Following an edit until it shows: how often to look, and how long before it counts as never. */
const POLL_MS = 20;
const VISIBLE_CAP_MS = 5_000;
const VISIBLE_TARGET_MS = 1_000;
/**
 * Each headline scenario first runs this long unmeasured. A server runs for days: its figures are
 * those of code the JIT has compiled and of indexes each worker process has built, not of its
 * first seconds (which were 2–5 times slower at 10,000 products).
 */
const WARM_UP_SECONDS = Math.max(1, Math.round(SECONDS / 2));

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

const catalogueDice = dice(20_260_101);
const rand = catalogueDice.next;
const pick = catalogueDice.pick;

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
  'Delhi',
  'Mumbai',
  'Chennai',
  'Bengaluru',
  'Kolkata',
  'Hyderabad',
  'Pune',
  'Ahmedabad',
  'Jaipur',
  'Lucknow',
  'Kochi',
  'Indore',
  'Chandigarh',
  'Bhopal',
  'Nagpur',
  'Coimbatore',
  'Surat',
  'Patna',
  'Vadodara',
  'Guwahati',
];
const SUFFIX_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

function benchProduct(i: number, vendorIds: readonly number[], now: number): NewProduct {
  const base = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length] as DemoProduct;
  const model = `${SUFFIX_LETTERS[Math.floor(rand() * SUFFIX_LETTERS.length)]}${String(i).padStart(5, '0')}`;
  const name = `${base.name} ${model}`;
  const factor = PRICE_SPREAD.low + rand() * (PRICE_SPREAD.high - PRICE_SPREAD.low);
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
  // Made here rather than by the server's ADMIN_EMAIL: several server processes would race to make it.
  await services.authService.ensureAdmin(ADMIN);
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
  const rebuildIndexes = await dropSecondaryIndexes(database);
  bar.start(PRODUCTS, 0);
  for (let start = 0; start < PRODUCTS; start += BATCH) {
    const end = Math.min(PRODUCTS, start + BATCH);
    const batch = Array.from({ length: end - start }, (_, n) => benchProduct(start + n, vendorIds, now));
    await database.db.transaction().execute((tx) => services.catalog.createMany(batch, tx));
    bar.update(end);
  }
  bar.stop();
  await rebuildIndexes();
}

/** The tables a seed fills: their secondary indexes are built once, after the load. */
const SEEDED_TABLES = ['products', 'offers', 'product_attributes', 'catalog_changes'];

/**
 * Drops the seeded tables' secondary indexes (not those that back a primary key or a constraint)
 * and returns what builds them again, from their own definitions. A bulk load builds its indexes
 * at the end, as pg_restore does: kept up row by row, each of a million products lands at a random
 * place in half a dozen of them (by vendor, by SKU, …), while an index built at the end is one
 * sort. The database left behind is the same.
 */
async function dropSecondaryIndexes(database: DatabaseHandle): Promise<() => Promise<void>> {
  const { db } = database;
  const indexes =
    database.dialect === 'postgres'
      ? (
          await sql<{ name: string; definition: string }>`
            SELECT indexname AS name, indexdef AS definition FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename IN (${sql.join(SEEDED_TABLES)})
              AND indexname NOT IN (SELECT conname FROM pg_constraint)`.execute(db)
        ).rows
      : (
          await sql<{ name: string; definition: string }>`
            SELECT name, sql AS definition FROM sqlite_master
            WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${sql.join(SEEDED_TABLES)})`.execute(db)
        ).rows;
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  return async () => {
    for (const index of indexes) await sql.raw(index.definition).execute(db);
  };
}

/** Active products: what a shopper can open. With `inStock`, only those that can be bought too. */
async function activeIds(database: DatabaseHandle, inStock: boolean): Promise<number[]> {
  let query = database.db.selectFrom('products').select('id').where('status', '=', 'active');
  if (inStock) query = query.where('stock', '>', 0);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * A request whose path autocannon draws afresh every time. Each comes from its own address, as
 * shoppers do, so that no per-address limit the server may have counts the whole bench as one.
 */
function drawn(pathOf: () => string, d: Dice): AutocannonRequest[] {
  return [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: pathOf(),
        headers: { ...request.headers, 'x-forwarded-for': `10.${d.int(0, 255)}.${d.int(0, 255)}.${d.int(1, 254)}` },
      }),
    },
  ];
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

/** How long a process may take to start: the server loads the whole catalogue first (about 10 s per 100,000 products). */
const START_TIMEOUT_MS = Math.max(60_000, PRODUCTS * 0.5);

/** SIGKILL to each process, in order; those already gone are skipped. */
function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Spawns a process and waits until it prints `ready`, or fails with its output. */
async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  port: number,
  log?: string,
): Promise<Started> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (log) {
    // Both streams into one file, which is closed once the process is gone (not by whichever ends first).
    const file = createWriteStream(log, { flags: 'a' });
    child.stdout?.pipe(file, { end: false });
    child.stderr?.pipe(file, { end: false });
    child.once('close', () => file.end());
  }
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Nothing of it may go on running: a server still loading a large catalogue holds gigabytes
      // and a core, and would weigh on every later run (npm, the server and its workers).
      killAll(processTree(child.pid as number).reverse());
      reject(new Error(`Process did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
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

/** A process and all its descendants, parents first (Linux /proc; a process that forked from several threads lists children under each). */
function processTree(root: number): number[] {
  const children = (pid: number): number[] => {
    try {
      const listed = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
      );
      return [...new Set(listed)].flatMap((child) => [child, ...children(child)]);
    } catch {
      return [];
    }
  };
  return [root, ...children(root)];
}

/** The Node process running `script` among `root` and its descendants: the first, so a cluster's primary before its workers. */
function nodeProcessRunning(root: number, script: string): number | undefined {
  return processTree(root).find((pid) => {
    try {
      return (
        path.basename(readlinkSync(`/proc/${pid}/exe`)).startsWith('node') && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script)
      );
    } catch {
      return false;
    }
  });
}

async function startServer(): Promise<Started> {
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
    // The bench stands where a load balancer would, and says whom each request is from.
    TRUST_PROXY: '127.0.0.1',
    ...(REDIS_URL ? { REDIS_URL } : {}),
    // The server's settings (memory, V8 flags, the change wait, profiling), as `npm run serve` and the config read them.
    ...serverSettings(),
    ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
  };
  // `npm run serve`, as the README starts the store: the same Node flags (heap sizes) as production.
  const started = await startProcess('npm', ['run', '--silent', 'serve'], env, /is running at/, port, process.env.BENCH_SERVER_LOG);
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

/** A server that does not stop this long after SIGTERM is stuck (a busy event loop never sees the signal). */
const STOP_GRACE_MS = 30_000;

async function stop(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  // The server shuts down gracefully on SIGTERM; npm in front of it then exits too.
  const tree = processTree(started.pid);
  process.kill(started.pid, 'SIGTERM');
  const stuck = setTimeout(() => {
    console.error(`The server had not stopped ${STOP_GRACE_MS / 1000} s after SIGTERM; killing it`);
    killAll([started.child.pid as number, ...tree]);
  }, STOP_GRACE_MS);
  await exited;
  clearTimeout(stuck);
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

/**
 * The memory of a server and its worker processes together. For the peak (VmHWM) it is the sum
 * of each one's own peak, which may not all have come at once: an upper bound.
 */
function treeMemoryMb(root: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  return processTree(root).reduce((sum, pid) => sum + (memoryMb(pid, field) || 0), 0) || Number.NaN;
}

/**
 * The server's settings set in the environment (memory, V8 flags, the change wait),
 * passed on to it and recorded with the results; and its NODE_OPTIONS when profiling, e.g.
 * BENCH_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof", so that a profiled run's figures are
 * not taken for a plain run's.
 */
function serverSettings(): Record<string, string> {
  const names = [
    'NODE_HEAP_MB',
    'NODE_SEMI_SPACE_MB',
    'NODE_V8_FLAGS',
    'MALLOC_ARENA_MAX',
    'CATALOG_CACHE_MB',
    'SEARCH_HITS_PER_PRODUCT',
    'CATALOG_COMPRESSED_UP_TO',
    'CATALOG_CHANGE_WAIT_MS',
  ];
  const set = Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])));
  return process.env.BENCH_NODE_OPTIONS ? { ...set, NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : set;
}

/** The commit measured, marked when tracked files had changes besides; null outside a git checkout. */
function measuredCommit(): string | null {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const head = git('rev-parse', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') === '' ? head : `${head}+changes`;
  } catch {
    return null;
  }
}

/** The largest of a server's processes' own peaks so far, in MB (the budget is per process). */
function largestPeakMb(root: number): number {
  return Math.max(...processTree(root).map((pid) => memoryMb(pid, 'VmHWM') || 0));
}

/** A request with a time limit: a server that stalls fails the run, naming the request, instead of hanging it. */
async function call(url: string, init: RequestInit = {}, timeoutMs = 30_000): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new Error(`${init.method ?? 'GET'} ${url} got no answer: ${(error as Error).message}`, { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------
// The writer: an admin editing products while shoppers read, and how soon each edit shows

type Surface = 'product page' | 'listing' | 'search';
const SURFACES: readonly Surface[] = ['product page', 'listing', 'search'];

interface AdminProduct extends Product {
  sku: string | null;
}

interface WriterReport {
  edits: number;
  seconds: number;
  errors: string[];
}

interface Visibility {
  /** ms from the edit's answer to the first read that showed it */
  shownAfterMs: Record<Surface, number[]>;
  /** edits that had not shown after VISIBLE_CAP_MS, described */
  notShown: Record<Surface, string[]>;
}

function newVisibility(): Visibility {
  return {
    shownAfterMs: { 'product page': [], listing: [], search: [] },
    notShown: { 'product page': [], listing: [], search: [] },
  };
}

/** A made-up word no product has, so that a search for it finds the one edited product only. */
function uniqueWord(d: Dice): string {
  return `zq${Array.from({ length: 6 }, () => LETTERS[d.int(0, LETTERS.length - 1)]).join('')}`;
}
const UNIQUE_WORD = / zq[a-z]{6}$/;

/** A shopkeeper's edit: the price moves up to 10%, stock by a few units, and sometimes a word of the name changes. */
function nextEdit(current: AdminProduct, d: Dice, renamed: boolean): { body: Record<string, unknown>; price: number; word?: string } {
  let price = Math.max(100, Math.round((current.price * (0.9 + d.next() * 0.2)) / 100) * 100);
  if (price === current.price) price += 100;
  const word = renamed ? uniqueWord(d) : undefined;
  const body = {
    name: word ? `${current.name.replace(UNIQUE_WORD, '')} ${word}` : current.name,
    brand: current.brand,
    category: current.category,
    description: current.description,
    price,
    mrp: Math.max(current.mrp, price),
    stock: Math.max(0, current.stock + d.pick([-2, -1, 1, 2, 3])),
    stockWas: current.stock,
    specs: current.specs,
    status: current.status,
    reason: 'bench: a price and stock update',
  };
  return { body, price, word };
}

/** Asks `url` every POLL_MS until `shows` says yes: the ms since `since`, or why it never did. */
async function timeUntilShown(url: string, shows: (body: unknown) => boolean, since: number): Promise<number | string> {
  let last = '';
  while (performance.now() - since < VISIBLE_CAP_MS) {
    try {
      const response = await call(url, {}, VISIBLE_CAP_MS);
      if (response.ok && shows(await response.json())) return performance.now() - since;
      if (!response.ok) last = ` (last answer ${response.status})`;
    } catch (error) {
      last = ` (${(error as Error).message})`;
    }
    await sleep(POLL_MS);
  }
  return `not shown after ${VISIBLE_CAP_MS / 1000} s${last}`;
}

/** Follows one edit on every surface a shopper could see it on, at the same time. */
async function followEdit(
  origin: string,
  product: AdminProduct,
  price: number,
  word: string | undefined,
  since: number,
  into: Visibility,
): Promise<void> {
  const listed = (body: unknown) => (body as ProductList).items.some((item) => item.id === product.id && item.price === price);
  const listing = new URLSearchParams({
    category: product.category,
    brand: product.brand,
    minPrice: String(price),
    maxPrice: String(price),
    sort: 'price_asc',
    pageSize: '100',
  });
  const checks: Array<[Surface, string, (body: unknown) => boolean]> = [
    ['product page', `/api/products/${product.id}`, (body) => (body as Product).price === price],
    ['listing', `/api/products?${listing}`, listed],
  ];
  if (word) checks.push(['search', `/api/search?q=${word}`, (body) => (body as ProductList).items.some((item) => item.id === product.id)]);
  await Promise.all(
    checks.map(async ([surface, url, shows]) => {
      const outcome = await timeUntilShown(origin + url, shows, since);
      if (typeof outcome === 'number') into.shownAfterMs[surface].push(outcome);
      else into.notShown[surface].push(`product ${product.id}: ${outcome}`);
    }),
  );
}

/**
 * Starts an edit of a random product every EDIT_INTERVAL_MS until stopped, as an admin through the
 * API, and follows each edit until it shows (into `visibility`). Edits start on the clock, as
 * edits by many people arrive, so a slow answer does not slow the writer down. A product being
 * edited or followed is not edited again meanwhile, so what is looked for stays what was written.
 */
function startWriter(
  origin: string,
  headers: Record<string, string>,
  ids: readonly number[],
  d: Dice,
  visibility: Visibility,
): { stop: () => Promise<WriterReport> } {
  const report: WriterReport = { edits: 0, seconds: 0, errors: [] };
  const busy = new Set<number>();
  const running: Array<Promise<void>> = [];
  const startedAt = performance.now();
  let started = 0;

  async function edit(id: number, renamed: boolean): Promise<void> {
    const read = await call(`${origin}/api/admin/products/${id}`, { headers });
    if (!read.ok) throw new Error(`GET /api/admin/products/${id} answered ${read.status}: ${await read.text()}`);
    const current = ((await read.json()) as { product: AdminProduct }).product;
    const { body, price, word } = nextEdit(current, d, renamed);
    const written = await call(`${origin}/api/admin/products/${id}`, { method: 'PUT', headers, body: JSON.stringify(body) });
    if (!written.ok) throw new Error(`PUT /api/admin/products/${id} answered ${written.status}: ${await written.text()}`);
    report.edits++;
    await followEdit(origin, current, price, word, performance.now(), visibility);
  }

  function startEdit(): void {
    let id = d.pick(ids);
    while (busy.has(id)) id = d.pick(ids);
    busy.add(id);
    // Every other edit renames, so search is followed on half of them.
    const renamed = started++ % 2 === 0;
    running.push(
      edit(id, renamed)
        .catch((error: unknown) => void report.errors.push((error as Error).message))
        .finally(() => busy.delete(id)),
    );
  }

  startEdit();
  const timer = setInterval(startEdit, EDIT_INTERVAL_MS);
  return {
    async stop() {
      clearInterval(timer);
      report.seconds = (performance.now() - startedAt) / 1000;
      await Promise.all(running);
      return report;
    },
  };
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
  /** requests answered, whatever the status */
  answered: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  non2xx: number;
  expectsNon2xx: boolean;
  target?: Target;
  met?: boolean;
  writer?: WriterReport;
}

async function measure(origin: string, scenario: Scenario, serverPid: number | undefined, baselineRps: number): Promise<Row> {
  const result = await autocannon({ url: origin, connections: CONNECTIONS, duration: SECONDS, requests: scenario.requests });
  const rps = result.requests.average;
  const ratio = baselineRps > 0 ? rps / baselineRps : 1;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]));
  const target = scenario.target;
  const clean = result.requests.total > 0 && result.errors === 0 && (scenario.expectsNon2xx || result.non2xx === 0);
  const met = target
    ? clean && (target.ratio === undefined || ratio >= target.ratio) && (target.p99 === undefined || result.latency.p99 < target.p99)
    : undefined;
  const row: Row = {
    scenario: scenario.name,
    rps,
    p50: result.latency.p50,
    p99: result.latency.p99,
    memoryMb: serverPid ? treeMemoryMb(serverPid) : Number.NaN,
    ratio,
    answered: result.requests.total,
    statusCodes,
    // autocannon counts a timeout as an error too; here each is counted once.
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    expectsNon2xx: Boolean(scenario.expectsNon2xx),
    target,
    met,
  };
  // Where in the run a worker's peak comes: it only grows.
  const peak = serverPid ? `, the largest process's peak so far ${largestPeakMb(serverPid).toFixed(0)} MB` : '';
  console.log(`  ${scenario.name}: ${rps.toFixed(0)} req/s, p99 ${row.p99} ms${peak}`);
  return row;
}

/** A read scenario under the writer: the writer starts with the load and is stopped (its edits followed) after it. */
async function measureWhileEditing(
  origin: string,
  scenario: Scenario,
  serverPid: number,
  baselineRps: number,
  startEditing: () => { stop: () => Promise<WriterReport> },
): Promise<Row> {
  const writer = startEditing();
  const row = await measure(origin, scenario, serverPid, baselineRps);
  row.writer = await writer.stop();
  console.log(`    writer: ${row.writer.edits} edits, ${row.writer.errors.length} errors`);
  return row;
}

/** A few requests first (more for drawn ones): a wrong setup should fail loudly, not hide in a throughput number. */
async function check(origin: string, scenario: Scenario): Promise<void> {
  for (const request of scenario.requests.slice(0, 3)) {
    for (let n = 0; n < (request.setupRequest ? 30 : 1); n++) {
      const prepared = request.setupRequest ? request.setupRequest({ ...request }) : request;
      const response = await call(origin + (prepared.path as string), {
        method: prepared.method ?? 'GET',
        headers: prepared.headers,
        body: prepared.body,
      });
      if (!response.ok) throw new Error(`${scenario.name}: ${prepared.path} answered ${response.status}: ${await response.text()}`);
    }
  }
}

const get = (paths: string[]): AutocannonRequest[] => paths.map((p) => ({ method: 'GET', path: p }));

/** The session cookies a sign-in or registration answered with, ready to send back. */
function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// Report

function describeTarget(target?: Target): string {
  if (!target) return '';
  return [target.ratio !== undefined ? `≥ ${target.ratio}×` : '', target.p99 !== undefined ? `p99 < ${target.p99} ms` : '']
    .filter(Boolean)
    .join(', ');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
}

const blankIfNaN = (value: number, digits = 0) => (Number.isNaN(value) ? '' : value.toFixed(digits));

function printScenarios(rows: readonly Row[]): void {
  console.log('| scenario | requests/s | p50 ms | p99 ms | errors | timeouts | non-2xx | server MB | × baseline | target | |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const row of rows) {
    const mark = row.met === undefined ? '' : row.met ? 'met' : '**missed**';
    console.log(
      `| ${row.scenario} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.timeouts} | ${row.non2xx} | ${blankIfNaN(row.memoryMb)} | ` +
        `${row.ratio.toFixed(2)} | ${describeTarget(row.target)} | ${mark} |`,
    );
  }
}

interface VisibilitySummary {
  surface: Surface;
  followed: number;
  p50Ms: number;
  maxMs: number;
  notShown: string[];
  met: boolean;
}

function summarizeVisibility(visibility: Visibility): VisibilitySummary[] {
  return SURFACES.map((surface) => {
    const shown = visibility.shownAfterMs[surface];
    const notShown = visibility.notShown[surface];
    const maxMs = shown.length > 0 ? Math.max(...shown) : Number.NaN;
    return {
      surface,
      followed: shown.length + notShown.length,
      p50Ms: median(shown),
      maxMs,
      notShown,
      met: notShown.length === 0 && !(maxMs >= VISIBLE_TARGET_MS),
    };
  });
}

function printVisibility(summaries: readonly VisibilitySummary[]): void {
  console.log(`| an edit shows in | edits followed | p50 ms | max ms | not within ${VISIBLE_CAP_MS / 1000} s | target | |`);
  console.log('|---|---:|---:|---:|---:|---|---|');
  for (const s of summaries) {
    console.log(
      `| ${s.surface} | ${s.followed} | ${blankIfNaN(s.p50Ms)} | ${blankIfNaN(s.maxMs)} | ${s.notShown.length} | < ${VISIBLE_TARGET_MS} ms | ${s.met ? 'met' : '**missed**'} |`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The run

let server: Started | undefined;
let baseline: Started | undefined;
let exitCode = 0;
// Seeding SQLite writes the products' and offers' indexes and the full-text index, a million rows
// long: with the server's 4 MB page cache, their pages would be spilled and read again all the
// time. The benchmark's process is not the server, and not held to its memory.
const database = openDatabase(databaseUrl, { cacheMb: SEED_CACHE_MB });

try {
  await migrateToLatest(database.db);
  const existing = await database.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const reused = REUSE && Number(existing.n) > 0;
  if (Number(existing.n) > 0 && !reused) {
    throw new RefusalError(
      `Refusing to run: the products table already has ${existing.n} rows. Point BENCH_DATABASE_URL at an empty database.`,
    );
  }

  const seedStart = performance.now();
  if (reused) {
    console.log(`Reusing the ${existing.n} products already in ${databaseUrl}`);
  } else {
    console.log(`Seeding ${PRODUCTS} products from ${VENDORS} vendors on ${dialect}…`);
    await seed(database);
  }
  const seedSeconds = reused ? Number.NaN : (performance.now() - seedStart) / 1000;
  const seedRate = Math.round(PRODUCTS / seedSeconds);
  if (!reused) console.log(`Seeded ${PRODUCTS} products in ${seedSeconds.toFixed(1)} s (${seedRate} products/s)`);
  // Planner statistics, as `PRAGMA optimize` (SQLite) or autovacuum (PostgreSQL) would gather
  // them; on PostgreSQL the vacuum is done now so that autovacuum does not run during the load.
  await (dialect === 'postgres' ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(database.db);
  // The seed written out to the tables now, not by a checkpoint in the middle of the measurements:
  // two PostgreSQL runs that met one writing the seed out refused some edits (503), likely so.
  if (!reused) await (dialect === 'postgres' ? sql`CHECKPOINT` : sql`PRAGMA wal_checkpoint(TRUNCATE)`).execute(database.db);

  const openable = await activeIds(database, false);
  const ids = await activeIds(database, true);
  const idAt = (fraction: number) => ids[Math.floor(ids.length * fraction)] as number;
  // Limited stock for checkout, spread through the catalogue; the writer leaves these alone.
  const limited = Array.from({ length: LIMITED_PRODUCTS }, (_, n) => idAt((n + 0.5) / LIMITED_PRODUCTS));
  // Each seeded product has one offer, its own: the offer holds the stock, the product row its buy box's.
  if (!reused) {
    await database.db.transaction().execute(async (tx) => {
      await tx.updateTable('offers').set({ stock: LIMITED_STOCK }).where('product_id', 'in', limited).execute();
      await tx.updateTable('products').set({ stock: LIMITED_STOCK }).where('id', 'in', limited).execute();
    });
  }
  const editable = ids.filter((id) => !limited.includes(id));

  server = await startServer();
  const origin = server.origin;
  const serverPid = server.pid;
  console.log(
    `Server ready (catalogue loaded, common words searched ahead): the largest process's peak so far ${largestPeakMb(serverPid).toFixed(0)} MB`,
  );
  const sameOrigin = { origin, 'content-type': 'application/json' };

  const signedIn = await call(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: sameOrigin,
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, portal: 'admin' }),
  });
  if (!signedIn.ok) throw new Error(`Signing in as the admin answered ${signedIn.status}: ${await signedIn.text()}`);
  const admin = { ...sameOrigin, cookie: sessionCookie(signedIn) };

  // Customers with an address each, signed in through the API.
  const customers: Array<{ cookie: string; addressId: number }> = [];
  for (let n = 1; n <= (reused ? 0 : CUSTOMERS); n++) {
    const registered = await call(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: sameOrigin,
      body: JSON.stringify({ name: `Bench Customer ${n}`, email: `bench${n}@example.in`, password: 'bench-password-1' }),
    });
    if (registered.status !== 201) throw new Error(`Registering a customer answered ${registered.status}: ${await registered.text()}`);
    const cookie = sessionCookie(registered);
    const address = await call(`${origin}/api/account/addresses`, {
      method: 'POST',
      headers: { ...sameOrigin, cookie },
      body: JSON.stringify({
        name: `Bench Customer ${n}`,
        phone: '9845012345',
        line1: `${n} MG Road`,
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      }),
    });
    if (address.status !== 201) throw new Error(`Adding an address answered ${address.status}: ${await address.text()}`);
    customers.push({ cookie, addressId: ((await address.json()) as { id: number }).id });
  }

  // What shoppers and crawlers do: a fresh random request each time, while the writer edits.
  const draws = dice(20_260_102);
  const baselineDraws = dice(20_260_104);
  // At 1,000,000 products the targets are the same p99s, with every ratio at 0.05.
  const ratio = (atHundredThousand: number) => (PRODUCTS >= 1_000_000 ? 0.05 : atHundredThousand);
  const headline: Scenario[] = [
    {
      name: 'mixed listings (random filters, sorts, pages)',
      requests: drawn(() => listingPath(draws), draws),
      target: { ratio: ratio(0.1), p99: 50 },
    },
    {
      name: 'product by id (random)',
      requests: drawn(() => `/api/products/${draws.pick(openable)}`, draws),
      target: { ratio: ratio(0.5), p99: 25 },
    },
    {
      name: 'mixed search (random words, 30% typos)',
      requests: drawn(() => searchPath(draws), draws),
      target: { ratio: ratio(0.1), p99: 50 },
    },
  ];

  // The same few URLs again and again: what the response cache does for the most popular pages.
  const listPaths = [
    '/api/products?category=Laptop&sort=price_asc',
    '/api/products?category=Laptop&brand=Lenovo&brand=Dell&ram=16&page=3',
    '/api/products?category=Monitor&refreshRate=144&sort=newest',
    '/api/products?category=Desktop&minPrice=3000000&maxPrice=9000000&inStock=true',
    '/api/products?brand=HP&page=2',
    '/api/products?category=Laptop&storage=512&screenSize=14&sort=price_desc',
  ];
  const cart = [0.1, 0.3, 0.5, 0.7, 0.9].map((fraction, n) => ({ productId: idAt(fraction), quantity: 1 + (n % 2) }));
  const cached: Scenario[] = [
    { name: 'cached: list page, six filter sets', requests: get(listPaths), target: { ratio: 0.3, p99: 25 } },
    {
      name: 'cached: product by id, 50 products',
      requests: get(Array.from({ length: 50 }, (_, n) => `/api/products/${idAt(n / 50)}`)),
      target: { ratio: 0.5, p99: 25 },
    },
    { name: 'cached: search, common word', requests: get(['/api/search?q=lenovo']), target: { p99: 50 } },
    { name: 'cached: search, one-typo word', requests: get(['/api/search?q=lenvo']), target: { p99: 50 } },
    {
      name: 'cart quote, 5 items',
      requests: [{ method: 'POST', path: '/api/cart/quote', headers: { 'content-type': 'application/json' }, body: JSON.stringify(cart) }],
      target: { p99: 25 },
    },
  ];
  let orderNumber = 0;
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
  for (const scenario of [...headline, ...cached]) await check(origin, scenario);

  // The baseline answers a body as large as the first list page.
  const listBody = Buffer.from(await (await call(origin + (listPaths[0] as string))).arrayBuffer());
  const bodyFile = path.join(tempDir, 'baseline.json');
  writeFileSync(bodyFile, listBody);
  baseline = await startBaseline(bodyFile);
  console.log(
    `\nMeasuring, ${SECONDS} s per scenario (the headline ones after ${WARM_UP_SECONDS} s unmeasured), ${CONNECTIONS} connections…`,
  );
  const baselineRow = await measure(
    baseline.origin,
    { name: `baseline: bare node:http, ${(listBody.length / 1024).toFixed(1)} KB JSON`, requests: get(['/']) },
    baseline.pid,
    0,
  );
  // The same bare server asked as the headline scenarios ask: a path and an address drawn for each
  // request. Drawing them costs autocannon (in this process, on the same cores) as much as a small
  // answer costs the server, so the headline scenarios are measured against this one. The paths
  // are drawn as product pages draw theirs, the cheapest of the three: the ratios err low.
  const drawnBaselineRow = await measure(
    baseline.origin,
    {
      name: 'baseline: the same, each request drawn at random as the headline scenarios draw theirs',
      requests: drawn(() => `/api/products/${baselineDraws.pick(openable)}`, baselineDraws),
    },
    baseline.pid,
    baselineRow.rps,
  );
  await stop(baseline);
  baseline = undefined;

  const rows: Row[] = [baselineRow, drawnBaselineRow];
  const visibility = newVisibility();
  const writerDice = dice(20_260_103);
  const wanted = (scenario: Scenario) => ONLY === undefined || scenario.name.includes(ONLY);
  for (const scenario of headline.filter(wanted)) {
    await autocannon({ url: origin, connections: CONNECTIONS, duration: WARM_UP_SECONDS, requests: scenario.requests });
    rows.push(
      await measureWhileEditing(origin, scenario, serverPid, drawnBaselineRow.rps, () =>
        startWriter(origin, admin, editable, writerDice, visibility),
      ),
    );
  }
  for (const scenario of cached.filter(wanted)) rows.push(await measure(origin, scenario, serverPid, baselineRow.rps));
  const checkoutRow = !reused && wanted(checkout) ? await measure(origin, checkout, serverPid, baselineRow.rps) : undefined;
  if (checkoutRow) rows.push(checkoutRow);
  const peakMb = treeMemoryMb(serverPid, 'VmHWM');
  // The budget is per process (512 MB at 100,000 products): the largest one's own peak.
  const largestPeak = largestPeakMb(serverPid);
  const serverProcesses = processTree(serverPid).length;
  await stop(server);
  server = undefined;

  // Sold units against stock: never more than there was.
  const sold = await database.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .where('order_items.product_id', 'in', limited)
    .where('orders.status', '!=', 'cancelled')
    .select(['order_items.product_id', (eb) => eb.fn.sum<number>('order_items.quantity').as('units')])
    .groupBy('order_items.product_id')
    .execute();
  const left = await database.db.selectFrom('offers').select(['product_id as id', 'stock']).where('product_id', 'in', limited).execute();
  const oversold = !checkoutRow
    ? []
    : limited.filter((id) => {
        const units = Number(sold.find((row) => row.product_id === id)?.units ?? 0);
        const stock = left.find((row) => row.id === id)?.stock ?? 0;
        return units > LIMITED_STOCK || stock < 0 || units + stock !== LIMITED_STOCK;
      });
  const unitsSold = sold.reduce((sum, row) => sum + Number(row.units), 0);

  // ------------------------------------------------------------------------------------------
  // Report

  const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const environment = {
    date: new Date().toISOString(),
    commit: measuredCommit(),
    settings: serverSettings(),
    engine: dialect,
    products: PRODUCTS,
    vendors: VENDORS,
    node: process.version,
    cpus: availableParallelism(),
    cpuModel,
    seconds: SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    connections: CONNECTIONS,
    redis: Boolean(REDIS_URL),
    webConcurrency: process.env.WEB_CONCURRENCY ?? null,
    serverProcesses,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    seedProductsPerSecond: seedRate,
    serverPeakMemoryMb: Number(peakMb.toFixed(0)),
    largestProcessPeakMemoryMb: Number(largestPeak.toFixed(0)),
  };
  console.log(
    `\n**${dialect}**, ${PRODUCTS.toLocaleString('en-IN')} products, ${VENDORS} vendors · Node ${process.version} · ` +
      `${availableParallelism()} CPUs (${cpuModel}) · ${serverProcesses} server process${serverProcesses === 1 ? '' : 'es'} · ` +
      `${SECONDS} s × ${CONNECTIONS} connections per scenario · ${reused ? 'reusing a database seeded before' : `seeded in ${seedSeconds.toFixed(1)} s (${seedRate} products/s)`}\n`,
  );
  printScenarios(rows);

  const writers = rows.filter((row) => row.writer).map((row) => ({ scenario: row.scenario, ...(row.writer as WriterReport) }));
  const edits = writers.reduce((sum, w) => sum + w.edits, 0);
  const writerErrors = writers.flatMap((w) => w.errors);
  const shown = summarizeVisibility(visibility);
  console.log(
    `\nWriter (an admin editing price, stock and every other time a word of the name): ${edits} edits ` +
      `(${writers.map((w) => `${w.edits} in ${w.seconds.toFixed(1)} s`).join(', ')}), ${writerErrors.length} errors`,
  );
  for (const error of writerErrors.slice(0, 10)) console.log(`  writer error: ${error}`);
  console.log('');
  printVisibility(shown);
  for (const miss of shown.flatMap((s) => s.notShown.map((text) => `${s.surface}: ${text}`)).slice(0, 10)) console.log(`  ${miss}`);

  console.log(
    `\nServer peak memory: ${peakMb.toFixed(0)} MB${serverProcesses > 1 ? `, the sum of its ${serverProcesses} processes' peaks; the largest process's peak ${largestPeak.toFixed(0)} MB` : ''}`,
  );
  const checkoutAnswers = Object.entries(checkoutRow?.statusCodes ?? {}).map(([code, count]) => `${count} × ${code}`);
  if (checkoutRow)
    console.log(
      `Checkout: ${unitsSold} of ${LIMITED_PRODUCTS * LIMITED_STOCK} units sold, ${oversold.length === 0 ? 'none oversold' : `OVERSOLD on products ${oversold.join(', ')}`}; ` +
        `answers ${checkoutAnswers.join(', ')} (409: out of stock)`,
    );

  const resultsDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${environment.date.slice(0, 16).replace(/[:T]/g, '-')}-${dialect}-${PRODUCTS}.json`);
  const json = {
    environment,
    rows,
    writers,
    visibility: shown,
    checkout: { unitsSold, unitsAvailable: LIMITED_PRODUCTS * LIMITED_STOCK, oversold },
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`Wrote ${path.relative(ROOT, file)}`);

  // Failures, as against targets missed: wrong answers, lost edits, stale pages.
  if (oversold.length > 0) exitCode = 1;
  // No answer at all in the whole scenario is a server that stalled: requests still waiting at the end are counted nowhere else.
  for (const row of rows.filter((r) => !r.expectsNon2xx && (r.answered === 0 || r.errors > 0 || r.timeouts > 0 || r.non2xx > 0))) {
    console.error(
      `FAILED ${row.scenario}: ${row.answered} answered, status codes ${JSON.stringify(row.statusCodes)}, ${row.errors} connection errors, ${row.timeouts} timeouts`,
    );
    exitCode = 1;
  }
  if (writerErrors.length > 0) {
    console.error(`FAILED the writer: ${writerErrors.length} edits failed`);
    exitCode = 1;
  }
  for (const s of shown.filter((summary) => summary.notShown.length > 0)) {
    console.error(`FAILED ${s.surface}: ${s.notShown.length} edits had not shown after ${VISIBLE_CAP_MS / 1000} s`);
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
  if (KEEP) console.log(`Kept the database: BENCH_DATABASE_URL=${databaseUrl} (and ${tempDir})`);
  else rmSync(tempDir, { recursive: true, force: true });
}
process.exit(exitCode);
