import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dialectOf } from '#server/db/database.ts';

/** The benchmark's settings (flags and BENCH_* variables) and the constants it runs by. */

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

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PRODUCTS = positiveInt('products', 'BENCH_PRODUCTS', 100_000);
export const SECONDS = positiveInt('seconds', 'BENCH_SECONDS', 10);
export const CONNECTIONS = positiveInt('connections', 'BENCH_CONNECTIONS', 50);
export const REDIS_URL = setting('redis-url', 'BENCH_REDIS_URL');
export const KEEP = setting('keep', 'BENCH_KEEP') !== undefined || process.argv.includes('--keep');
export const REUSE = setting('reuse', 'BENCH_REUSE') !== undefined || process.argv.includes('--reuse');
export const ONLY = setting('only', 'BENCH_ONLY');
/** Many shops, as on a real marketplace: one per 500 products, at least 40. */
export const VENDORS = Math.max(40, Math.ceil(PRODUCTS / 500));
export const BATCH = 500;
/** The benchmark's own SQLite page cache, for seeding (see where the database is opened). */
export const SEED_CACHE_MB = 256;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Checkout runs against these: few units, many buyers. */
export const LIMITED_PRODUCTS = 20;
export const LIMITED_STOCK = 25;
export const CUSTOMERS = 10;
export const ADMIN = { email: 'bench-admin@example.in', password: 'bench-admin-password-1', name: 'Bench Admin' };
/** The writer's pace: 2 edits a second. */
export const EDIT_INTERVAL_MS = 500;
/** Following an edit until it shows: how often to look, and how long before it counts as never. */
export const POLL_MS = 20;
export const VISIBLE_CAP_MS = 5_000;
export const VISIBLE_TARGET_MS = 1_000;
/**
 * Each headline scenario first runs this long unmeasured. A server runs for days: its figures are
 * those of code the JIT has compiled and of indexes each worker process has built, not of its
 * first seconds (which were 2–5 times slower at 10,000 products).
 */
export const WARM_UP_SECONDS = Math.max(1, Math.round(SECONDS / 2));

export const tempDir = mkdtempSync(path.join(tmpdir(), 'store-bench-'));
export const databaseUrl = setting('database-url', 'BENCH_DATABASE_URL', 'DATABASE_URL') ?? `sqlite:${path.join(tempDir, 'bench.db')}`;
if (!databaseUrl.startsWith('sqlite:') && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error('BENCH_DATABASE_URL must be sqlite:PATH or postgres://…');
  rmSync(tempDir, { recursive: true, force: true });
  process.exit(2);
}
export const dialect = dialectOf(databaseUrl);
