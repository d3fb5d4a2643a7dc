/**
 * Where a worker's memory goes at a catalogue's size, in one process without HTTP: the catalogue
 * loaded and the common words searched ahead, as a server does before it takes requests, then
 * random listings, searches and product pages drawn as the benchmark draws them while 2 products
 * a second are edited, over a database the benchmark seeded and kept.
 *
 *   node --max-semi-space-size=16 --max-old-space-size=512 --experimental-strip-types bench/profile-memory.ts sqlite:/tmp/100k.db [seconds]
 *   (PROFILE_SNAPSHOT=1 writes a heap snapshot at the end to /tmp/profile-memory.heapsnapshot)
 *
 * Prints, after the load, after searching ahead and every 5 s of traffic: resident memory (and its
 * peak), the V8 heap (used, of its size, by space), memory outside it (array buffers), and the
 * process's anonymous and file-backed pages.
 */
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { ProductQuerySchema, SearchQuerySchema } from '#shared/schemas/catalog-query.ts';
import { createServices } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { dice, LETTERS, listingPath, searchPath } from './shopper-draws.ts';

const [url, secondsArg = '20'] = process.argv.slice(2);
if (!url) {
  console.error('usage: bench/profile-memory.ts DATABASE_URL [seconds]');
  process.exit(2);
}
const SECONDS = Number(secondsArg);
const draws = dice(20_260_102);
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Fields of /proc/self/status and smaps_rollup, in MB (Linux). */
function proc(): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const file of ['/proc/self/status', '/proc/self/smaps_rollup']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      const found = /^(\w+):\s+(\d+) kB/.exec(line);
      if (found) fields[found[1] as string] = Math.round(Number(found[2]) / 1024);
    }
  }
  return fields;
}

function report(when: string): void {
  // With --expose-gc, after a full collection: what is alive, not what waits to be collected.
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  const own = proc();
  const spaces = getHeapSpaceStatistics()
    .filter((space) => space.space_size > 2 ** 20)
    .map((space) => `${space.space_name.replace('_space', '')} ${mb(space.space_used_size)}/${mb(space.space_size)}`)
    .join(', ');
  console.log(
    `${when}: rss ${mb(usage.rss)} MB (peak ${own.VmHWM ?? '?'}; anonymous ${own.Anonymous ?? '?'}, files ${(own.RssFile ?? 0) + (own.RssShmem ?? 0)}), ` +
      `heap ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)} (${spaces}), array buffers ${mb(usage.arrayBuffers)}, external ${mb(usage.external)}`,
  );
}

function toObject(params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    object[key] =
      all.length > 1 || ['brand', 'ram', 'storage', 'screenSize', 'os', 'formFactor', 'resolution', 'panel', 'refreshRate'].includes(key)
        ? all
        : (all[0] as string);
  }
  return object;
}

const database = openDatabase(url);
const config = loadConfig({ DATABASE_URL: url, DATA_DIR: '/tmp/profile-search-data', SESSION_SECRET: 'b'.repeat(32), SEED_DEMO: 'false' });
const services = createServices({ database, config });
report('started');
await services.catalog.ready();
report('loaded');
const warmed = await services.search.warm();
report(`searched ${warmed.words} words ahead (${warmed.hits} hits kept)`);

const ids = (await database.db.selectFrom('products').select('id').where('status', '=', 'active').execute()).map((row) => row.id);
let edits = 0;
const writer = setInterval(() => {
  const id = draws.pick(ids);
  const renamed = edits++ % 2 === 0;
  void (async () => {
    const row = await database.db.selectFrom('products').select(['name', 'price', 'stock']).where('id', '=', id).executeTakeFirstOrThrow();
    const word = `zq${Array.from({ length: 6 }, () => LETTERS[draws.int(0, 25)]).join('')}`;
    await database.db
      .updateTable('products')
      .set({
        price: Number(row.price) + 100,
        mrp: Number(row.price) + 100_000,
        stock: Math.max(0, row.stock + draws.int(-2, 3)),
        name: renamed ? `${row.name.replace(/ zq[a-z]{6}$/, '')} ${word}` : row.name,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
  })();
}, 500);

// Each kind of request in turn, a third of the time each, as the benchmark's scenarios follow one another.
const kinds = ['listing', 'product', 'search'] as const;
const started = performance.now();
const counts = { listing: 0, product: 0, search: 0 };
let next = started + 5_000;
while (performance.now() - started < SECONDS * 1000) {
  const kind = kinds[Math.min(2, Math.floor(((performance.now() - started) / (SECONDS * 1000)) * 3))] as (typeof kinds)[number];
  counts[kind]++;
  if (kind === 'product') await services.catalog.getJson(draws.pick(ids)).catch(() => '');
  else if (kind === 'listing')
    await services.catalog.listJson(ProductQuerySchema.parse(toObject(new URL(listingPath(draws), 'http://x').searchParams)));
  else await services.search.searchJson(SearchQuerySchema.parse(toObject(new URL(searchPath(draws), 'http://x').searchParams)));
  await new Promise(setImmediate);
  if (performance.now() >= next) {
    next += 5_000;
    report(
      `${Math.round((performance.now() - started) / 1000)} s (${counts.listing} listings, ${counts.product} products, ${counts.search} searches)`,
    );
  }
}
clearInterval(writer);
report('end');
if (process.env.PROFILE_SNAPSHOT === '1') console.log(`heap snapshot: ${writeHeapSnapshot('/tmp/profile-memory.heapsnapshot')}`);
await database.destroy();
process.exit(0);
