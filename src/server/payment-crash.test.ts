import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { createServices } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/database.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { type HttpResponse, request, type ServerProcess, startServer } from '#server/testing/server-process.ts';

/**
 * A real server process is killed (SIGKILL, from inside, at the worst moment: the gateway has
 * captured the money and nothing is recorded yet). A new process on the same database must
 * confirm the order exactly once, and the shopper's retry must not charge again.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const SECRET = randomBytes(24).toString('hex');
const PUBLIC_URL = 'http://store.test';
const ROOT = path.resolve(import.meta.dirname, '../..');

const engines = [{ engine: 'sqlite' as const }, ...(PG_URL ? [{ engine: 'postgres' as const }] : [])];

describe.each(engines)('kill -9 between the capture and the confirmation, on $engine', ({ engine }) => {
  const dirs: string[] = [];
  const pgName = `store_crash_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string;
  let handle: DatabaseHandle;
  let server: ServerProcess | undefined;
  let productId: number;

  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-crash-'));
    dirs.push(dir);
    return dir;
  };
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const dataDir = () => tempDir();
  const start = (extra: Record<string, string> = {}) =>
    startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir(), SESSION_SECRET: SECRET, PUBLIC_URL, TRUST_PROXY: 'true', ...extra });
  const call = (method: string, url: string, options: { body?: unknown; cookie?: string } = {}): Promise<HttpResponse> =>
    request(server!.port, method, url, {
      body: options.body,
      headers: { origin: PUBLIC_URL, 'x-forwarded-for': '10.9.8.7', ...(options.cookie ? { cookie: options.cookie } : {}) },
    });
  const gatewayCaptures = async (orderId: number) =>
    (
      await handle.db
        .selectFrom('sandbox_gateway')
        .select('id')
        .where('kind', '=', 'charge')
        .where('status', '=', 'captured')
        .where('idempotency_key', 'like', `pay_${orderId}_%`)
        .execute()
    ).length;

  beforeAll(async () => {
    if (engine === 'postgres') {
      await admin(`CREATE DATABASE ${pgName}`);
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
        env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: tempDir(), SESSION_SECRET: SECRET },
      },
    );
    handle = openDatabase(databaseUrl, { poolSize: 2 });
    const services = createServices({
      database: handle,
      config: loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: tempDir(), SESSION_SECRET: SECRET, SEED_DEMO: 'false' }),
    });
    const vendor = await createVendor(services, { name: 'Crash Test Computers' });
    productId = (await createProduct(services, { vendorId: vendor.id, name: 'Lenovo IdeaPad Slim 3', price: rupees(45_990), stock: 5 })).id;
  });

  afterAll(async () => {
    await server?.stop();
    await handle?.destroy();
    if (engine === 'postgres') await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('confirms the order once after restart, and the retry does not charge again', async () => {
    server = await start({ NODE_ENV: 'test', TEST_FAULT: 'kill-after-capture' });
    const registered = await call('POST', '/api/auth/register', {
      body: { name: 'Kavya Menon', email: `kavya.${engine}@example.in`, password: 'secret-pass-1' },
    });
    expect(registered.status, registered.body).toBe(201);
    const cookie = [registered.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('store.session_token='))!
      .split(';')[0]!;
    const address = await call('POST', '/api/account/addresses', {
      cookie,
      body: { name: 'Kavya Menon', phone: '9847012345', line1: '12 Marine Drive', city: 'Kochi', state: 'Kerala', pincode: '682031' },
    });
    expect(address.status, address.body).toBe(201);
    const placed = await call('POST', '/api/checkout/orders', {
      cookie,
      body: { idempotencyKey: `crash-${engine}`, addressId: address.json().id, items: [{ productId, quantity: 1 }] },
    });
    expect(placed.status, placed.body).toBe(201);
    const order = placed.json() as { id: number; total: number };

    // The process dies with the money captured and nothing recorded.
    await expect(
      call('POST', `/api/orders/${order.id}/payments`, { cookie, body: { method: 'upi', vpa: 'kavya@okaxis' } }),
    ).rejects.toThrow();
    expect(await server.exited).toBeNull();
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(await gatewayCaptures(order.id)).toBe(1);
    const left = await handle.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(left.status).toBe('pending_payment');

    // A new process finishes it at start.
    server = await start();
    const after = await call('GET', `/api/orders/${order.id}`, { cookie });
    expect(after.json()).toMatchObject({ status: 'confirmed' });
    expect(after.json().payments.map((p: { status: string }) => p.status)).toEqual(['captured']);

    const retry = await call('POST', `/api/orders/${order.id}/payments`, { cookie, body: { method: 'upi', vpa: 'kavya@okaxis' } });
    expect(retry.status).toBe(409);
    expect(retry.json().error.message).toBe('This order has already been paid');
    expect(await gatewayCaptures(order.id)).toBe(1);
    const mails = await handle.db.selectFrom('outbox').select(['payload', 'status']).where('kind', '=', 'mail').execute();
    expect(mails.filter((m) => m.payload.includes('is confirmed'))).toEqual([expect.objectContaining({ status: 'done' })]);
  });
});
