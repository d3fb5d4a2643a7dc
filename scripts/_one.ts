import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { ProductQuerySchema } from '#shared/schemas/catalog-query.ts';
import { createServices } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
const [url, ...paths] = process.argv.slice(2);
const database = openDatabase(url as string);
const config = loadConfig({ DATABASE_URL: url, DATA_DIR: '/tmp/profile-search-data', SESSION_SECRET: 'b'.repeat(32), SEED_DEMO: 'false' });
const services = createServices({ database, config });
await services.catalog.ready();
const parse = (path: string) => {
  const params = new URL(path, 'http://x').searchParams;
  const o: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) { const all = params.getAll(key); o[key] = ['category', 'sort', 'page', 'minPrice', 'maxPrice', 'inStock'].includes(key) ? (all[0] as string) : all; }
  return ProductQuerySchema.parse(o);
};
const session = new Session(); session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start');
for (const path of paths) {
  const q = parse(path);
  for (let i = 0; i < 20; i++) await services.catalog.listJson(q);
  const t = performance.now();
  for (let i = 0; i < 200; i++) await services.catalog.listJson(q);
  console.log(((performance.now() - t) / 200).toFixed(3), 'ms', path);
}
const { profile } = await session.post('Profiler.stop');
writeFileSync('/tmp/one.cpuprofile', JSON.stringify(profile));
await database.destroy(); process.exit(0);
