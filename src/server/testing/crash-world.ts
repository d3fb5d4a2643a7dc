import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { rupees } from '#shared/money.ts';
import { createServices } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/database.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { type HttpResponse, request, type ServerProcess, startServer } from '#server/testing/server-process.ts';

/**
 * A database of its own on disk (SQLite) or on the test server (PostgreSQL), migrated by the
 * real script and holding one product, for tests that run the real server in a process of its own
 * and kill it. `start` runs a server on it; `call` speaks to the one running.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../../..');
export const CRASH_PUBLIC_URL = 'http://store.test';

export type CrashEngine = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL when the tests have a server. */
export const crashEngines = [{ engine: 'sqlite' as const }, ...(PG_URL ? [{ engine: 'postgres' as const }] : [])];

async function onPostgres(text: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface CrashWorld {
  handle: DatabaseHandle;
  productId: number;
  server: ServerProcess | undefined;
  /** a real server on the world's database, with a fresh data folder and the given environment */
  start: (extra?: Record<string, string>) => Promise<ServerProcess>;
  call: (method: string, url: string, options?: { body?: unknown; cookie?: string }) => Promise<HttpResponse>;
  close: () => Promise<void>;
}

export async function createCrashWorld(engine: CrashEngine, name: string): Promise<CrashWorld> {
  const secret = randomBytes(24).toString('hex');
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), `store-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const pgName = `store_${name}_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string;
  if (engine === 'postgres') {
    await onPostgres(`CREATE DATABASE ${pgName}`);
    const url = new URL(PG_URL!);
    url.pathname = `/${pgName}`;
    databaseUrl = url.toString();
  } else {
    databaseUrl = `sqlite:${path.join(tempDir(), 'store.db')}`;
  }
  await promisify(execFile)(
    process.execPath,
    ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'scripts/migrate.ts'],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: tempDir(), SESSION_SECRET: secret },
    },
  );
  const handle = openDatabase(databaseUrl, { poolSize: 2 });
  const services = createServices({
    database: handle,
    config: loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: tempDir(), SESSION_SECRET: secret, SEED_DEMO: 'false' }),
  });
  const vendor = await createVendor(services, { name: 'Crash Test Computers' });
  const product = await createProduct(services, { vendorId: vendor.id, name: 'Lenovo IdeaPad Slim 3', price: rupees(45_990), stock: 5 });

  const world: CrashWorld = {
    handle,
    productId: product.id,
    server: undefined,
    start: async (extra = {}) => {
      world.server = await startServer({
        DATABASE_URL: databaseUrl,
        DATA_DIR: tempDir(),
        SESSION_SECRET: secret,
        PUBLIC_URL: CRASH_PUBLIC_URL,
        TRUST_PROXY: 'true',
        ...extra,
      });
      return world.server;
    },
    call: (method, url, options = {}) =>
      request(world.server!.port, method, url, {
        body: options.body,
        headers: { origin: CRASH_PUBLIC_URL, 'x-forwarded-for': '10.9.8.7', ...(options.cookie ? { cookie: options.cookie } : {}) },
      }),
    close: async () => {
      await world.server?.stop();
      await handle.destroy();
      if (engine === 'postgres') await onPostgres(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}

/**
 * A shopper registered over HTTP with a Kochi address, and an order of the world's product
 * placed: what each crash test starts from.
 */
export async function placeOrderOverHttp(world: CrashWorld, email: string, idempotencyKey: string) {
  const registered = await world.call('POST', '/api/auth/register', { body: { name: 'Kavya Menon', email, password: 'secret-pass-1' } });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.body}`);
  const cookie = [registered.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith('store.session_token='))!
    .split(';')[0]!;
  const address = await world.call('POST', '/api/account/addresses', {
    cookie,
    body: { name: 'Kavya Menon', phone: '9847012345', line1: '12 Marine Drive', city: 'Kochi', state: 'Kerala', pincode: '682031' },
  });
  if (address.status !== 201) throw new Error(`address answered ${address.status}: ${address.body}`);
  const placed = await world.call('POST', '/api/checkout/orders', {
    cookie,
    body: { idempotencyKey, addressId: address.json().id, items: [{ productId: world.productId, quantity: 1 }] },
  });
  if (placed.status !== 201) throw new Error(`the order answered ${placed.status}: ${placed.body}`);
  return { cookie, order: placed.json() as { id: number; total: number } };
}
