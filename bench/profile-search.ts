/**
 * Profiles the catalogue's search and listings in one process, without HTTP: random searches
 * drawn as the benchmark draws them, while 2 products a second are edited (price, stock, and
 * every other edit a word of the name), over a database the benchmark seeded and kept.
 *
 *   node --experimental-strip-types bench/profile-search.ts sqlite:/path/bench.db [seconds] [search|listing]
 *   (PROFILE_WARM=0 to measure from the first request, as a server meets them; PROFILE_AHEAD=1 to
 *   search the common words first, as a server does before it takes requests; PROFILE_DELIVER_TO=781001
 *   to ask every request for what delivers to that PIN code)
 *
 * A database to run it on: `npm run bench -- --products=1000000 --database-url=sqlite:/tmp/1m.db --only=none`
 * seeds one and keeps it. The search index and the listing index answer here exactly as in the
 * server, without Fastify and HTTP, so a change to them is measured apart from the noise of both.
 *
 * Prints the time per request (mean, p50, p90, p99, max) and the ten slowest requests, garbage
 * collections by kind, memory, and writes a CPU profile of the measured part to /tmp/profile-search.cpuprofile
 * and the spans of requests over 20 ms, in its clock, to /tmp/profile-search-slow.json.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { constants, PerformanceObserver, performance } from 'node:perf_hooks';
import { SPEC_FACET_KEYS } from '#shared/facets.ts';
import { ProductQuerySchema, SearchQuerySchema } from '#shared/schemas/catalog-query.ts';
import { createServices } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { dice, LETTERS, listingPath, searchPath } from './shopper-draws.ts';

const [url, secondsArg = '20', mode = 'search'] = process.argv.slice(2);
if (!url || !['search', 'listing'].includes(mode)) {
  console.error('usage: bench/profile-search.ts DATABASE_URL [seconds] [search|listing]');
  process.exit(2);
}
const SECONDS = Number(secondsArg);

const draws = dice(20_260_102);

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
let started = performance.now();
await services.catalog.ready();
console.log(
  `loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
);
// The search index loads on the first search.
started = performance.now();
await services.search.searchJson(SearchQuerySchema.parse({ q: 'lenovo' }));
console.log(
  `search index loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
);
if (process.env.PROFILE_AHEAD === '1') {
  // What a server does before it takes requests (see searchService.warm).
  const warmed = await services.search.warm();
  console.log(
    `searched ${warmed.words} common words ahead (${warmed.hits} hits kept) in ${(warmed.ms / 1000).toFixed(1)} s; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
  );
}

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

/** The request last made, for the slowest ones' list. */
let asked = '';

async function once(): Promise<void> {
  asked = mode === 'listing' ? listingPath(draws) : searchPath(draws);
  const params = toObject(new URL(asked, 'http://x').searchParams);
  if (process.env.PROFILE_DELIVER_TO) params.deliverTo = process.env.PROFILE_DELIVER_TO;
  if (mode === 'listing') await services.catalog.listJson(ProductQuerySchema.parse(params));
  else await services.search.searchJson(SearchQuerySchema.parse(params));
}

// Warm up for a third of the time (PROFILE_WARM seconds if set: 0 measures searches met afresh), then measure.
const warmUntil = performance.now() + Number(process.env.PROFILE_WARM ?? SECONDS / 3) * 1000;
while (performance.now() < warmUntil) {
  await once();
  await new Promise(setImmediate);
}
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const gcs: Array<{ kind: number; ms: number }> = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    gcs.push({ kind: (entry as unknown as { detail: { kind: number } }).detail.kind, ms: entry.duration });
});
observer.observe({ entryTypes: ['gc'] });
const times: number[] = [];
const slowWindows: Array<[number, number, string]> = [];
const slowest: Array<{ ms: number; path: string }> = [];
const measuring = performance.now();
const end = measuring + SECONDS * 1000;
/**
 * What kind of request a path is: a search's words (how many, the last one short) or a listing's
 * filters (brands, a spec, a price range, in stock); a category, a sort (searches), a later page.
 */
function kindOf(path: string): string {
  const params = new URL(path, 'http://x').searchParams;
  if (mode === 'listing') {
    const brands = params.getAll('brand').length;
    return (
      [
        brands > 0 ? `${brands} brand${brands === 1 ? '' : 's'}` : '',
        [...params.keys()].some((key) => SPEC_FACET_KEYS.includes(key)) ? 'a spec' : '',
        params.has('minPrice') || params.has('maxPrice') ? 'a price range' : '',
        params.get('inStock') === 'true' ? 'in stock' : '',
        Number(params.get('page') ?? 1) > 1 ? 'later page' : '',
      ]
        .filter(Boolean)
        .join(', ') || 'nothing'
    );
  }
  const words = (params.get('q') ?? '').split(/\s+/).filter(Boolean);
  return [
    `${words.length} word${words.length === 1 ? '' : 's'}`,
    (words.at(-1)?.length ?? 0) < 4 ? 'short' : '',
    params.get('category') ? 'category' : '',
    params.get('sort') && params.get('sort') !== 'relevance' ? 'sorted' : '',
    Number(params.get('page') ?? 1) > 1 ? 'later page' : '',
  ]
    .filter(Boolean)
    .join(', ');
}
/** time spent in the first 10 s, by kind of request */
const firstTen = new Map<string, { count: number; ms: number }>();
/** requests done in each 5 s of the measured time: how fast kept hits and passes fill */
const perFive: number[] = [];
while (performance.now() < end) {
  const t = performance.now();
  const from = process.hrtime.bigint();
  await once();
  const ms = performance.now() - t;
  // In the profile's clock (microseconds), to tell what the slow requests spent their time on.
  if (ms > 20) slowWindows.push([Number(from / 1000n), Number(process.hrtime.bigint() / 1000n), asked]);
  times.push(ms);
  if (performance.now() - measuring < 10_000) {
    const spent = firstTen.get(kindOf(asked)) ?? { count: 0, ms: 0 };
    firstTen.set(kindOf(asked), { count: spent.count + 1, ms: spent.ms + ms });
  }
  const five = Math.floor((performance.now() - measuring) / 5000);
  perFive[five] = (perFive[five] ?? 0) + 1;
  if (slowest.length < 10 || ms > (slowest[slowest.length - 1] as { ms: number }).ms) {
    slowest.push({ ms, path: asked });
    slowest.sort((a, b) => b.ms - a.ms);
    slowest.length = Math.min(slowest.length, 10);
  }
  await new Promise(setImmediate);
}
const { profile } = await session.post('Profiler.stop');
observer.disconnect();
const kinds: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
};
for (const kind of new Set(gcs.map((gc) => gc.kind))) {
  const of = gcs.filter((gc) => gc.kind === kind).map((gc) => gc.ms);
  console.log(
    `gc ${kinds[kind] ?? kind}: ${of.length}, ${of.reduce((a, b) => a + b, 0).toFixed(0)} ms in all, longest ${Math.max(...of).toFixed(1)} ms, ${of.filter((ms) => ms > 10).length} over 10 ms, ${of.filter((ms) => ms > 25).length} over 25 ms`,
  );
}
writeFileSync('/tmp/profile-search.cpuprofile', JSON.stringify(profile));
writeFileSync('/tmp/profile-search-slow.json', JSON.stringify(slowWindows));
clearInterval(writer);
times.sort((a, b) => a - b);
const q = (p: number) => (times[Math.min(times.length - 1, Math.floor(times.length * p))] as number).toFixed(2);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(
  `${mode}: ${times.length} in ${SECONDS} s (${(times.length / SECONDS).toFixed(0)}/s); mean ${mean.toFixed(3)} ms, p50 ${q(0.5)}, p90 ${q(0.9)}, p99 ${q(0.99)}, max ${q(1)}; ${edits} edits; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
);
console.log(`a second, in each 5 s: ${Array.from(perFive, (n = 0) => Math.round(n / 5)).join(', ')}`);
console.log('time in the first 10 s, by kind:');
for (const [kind, { count, ms }] of [...firstTen].sort((a, b) => b[1].ms - a[1].ms).slice(0, 16))
  console.log(`  ${(ms / 1000).toFixed(2)} s in ${count} (${(ms / count).toFixed(2)} ms each): ${kind}`);
console.log('slowest:');
for (const { ms, path } of slowest) console.log(`  ${ms.toFixed(1)} ms ${decodeURIComponent(path)}`);
const usage = process.memoryUsage();
console.log(
  `memory MB: rss ${(usage.rss / 2 ** 20).toFixed(0)}, heap used ${(usage.heapUsed / 2 ** 20).toFixed(0)} of ${(usage.heapTotal / 2 ** 20).toFixed(0)}, external ${(usage.external / 2 ** 20).toFixed(0)} (array buffers ${(usage.arrayBuffers / 2 ** 20).toFixed(0)})`,
);
await database.destroy();
process.exit(0);
