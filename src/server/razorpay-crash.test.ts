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
import { type FakeRazorpay, startFakeRazorpay } from '#server/testing/fakes/razorpay/fake-razorpay.ts';
import { type HttpResponse, request, type ServerProcess, startServer } from '#server/testing/server-process.ts';

/**
 * Razorpay: a real server process is killed (SIGKILL, from inside) after Razorpay has captured
 * the shopper's money and before anything is recorded. A new process on the same database
 * confirms the order exactly once from Razorpay's webhooks, and the browser's answer sent again
 * finds it done.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const SECRET = randomBytes(24).toString('hex');
const PUBLIC_URL = 'http://store.test';
const ROOT = path.resolve(import.meta.dirname, '../..');

const engines = [{ engine: 'sqlite' as const }, ...(PG_URL ? [{ engine: 'postgres' as const }] : [])];

describe.each(engines)('kill -9 between Razorpay’s capture and our confirmation, on $engine', ({ engine }) => {
  const dirs: string[] = [];
  const pgName = `store_rzpcrash_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string;
  let handle: DatabaseHandle;
  let server: ServerProcess | undefined;
  let fake: FakeRazorpay;
  let productId: number;

  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-rzpcrash-'));
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
  const start = (extra: Record<string, string> = {}) =>
    startServer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: tempDir(),
      SESSION_SECRET: SECRET,
      PUBLIC_URL,
      TRUST_PROXY: 'true',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_URL: fake.url,
      ...extra,
    });
  const call = (method: string, url: string, options: { body?: unknown; cookie?: string } = {}): Promise<HttpResponse> =>
    request(server!.port, method, url, {
      body: options.body,
      headers: { origin: PUBLIC_URL, 'x-forwarded-for': '10.9.8.7', ...(options.cookie ? { cookie: options.cookie } : {}) },
    });

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    fake.switches.holdWebhooks = true;
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
      { cwd: ROOT, env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: tempDir(), SESSION_SECRET: SECRET } },
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
    await fake?.close();
    if (engine === 'postgres') await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('confirms the order once from the webhooks after restart; the browser’s answer again finds it done', async () => {
    server = await start({ NODE_ENV: 'test', TEST_FAULT: 'kill-after-capture', SEED_DEMO: 'false' });
    const registered = await call('POST', '/api/auth/register', {
      body: { name: 'Kavya Menon', email: `kavya.rzp.${engine}@example.in`, password: 'secret-pass-1' },
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
      body: { idempotencyKey: `rzp-crash-${engine}`, addressId: address.json().id, items: [{ productId, quantity: 1 }] },
    });
    expect(placed.status, placed.body).toBe(201);
    const order = placed.json() as { id: number; total: number };
    const started = await call('POST', `/api/orders/${order.id}/payments`, { cookie, body: { method: 'upi' } });
    expect(started.status, started.body).toBe(200);
    const { payment, razorpay } = started.json() as { payment: { id: number }; razorpay: { orderId: string } };
    const handler = await fake.pay(razorpay.orderId, { method: 'upi' });

    // The process dies with the money captured at Razorpay and nothing recorded here.
    await expect(call('POST', `/api/payments/${payment.id}/razorpay`, { cookie, body: handler })).rejects.toThrow();
    expect(await server.exited).toBeNull();
    expect(server.child.signalCode).toBe('SIGKILL');
    const left = await handle.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(left.status).toBe('pending_payment');

    // A new process hears Razorpay's webhooks, which were waiting, and confirms the order.
    server = await start({ SEED_DEMO: 'false' });
    fake.webhookUrl = `http://127.0.0.1:${server.port}/api/webhooks/razorpay`;
    await fake.flushWebhooks();
    expect(fake.sentWebhooks.map((w) => w.status)).toEqual(fake.sentWebhooks.map(() => 200));
    const after = await call('GET', `/api/orders/${order.id}`, { cookie });
    expect(after.json()).toMatchObject({ status: 'confirmed' });
    expect(after.json().payments.map((p: { status: string }) => p.status)).toEqual(['captured']);

    const again = await call('POST', `/api/payments/${payment.id}/razorpay`, { cookie, body: handler });
    expect(again.status, again.body).toBe(200);
    expect(again.json()).toMatchObject({ next: 'done', orderStatus: 'confirmed' });
    const mails = await handle.db.selectFrom('outbox').select(['payload', 'status']).where('kind', '=', 'mail').execute();
    expect(mails.filter((m) => m.payload.includes('is confirmed'))).toEqual([expect.objectContaining({ status: 'done' })]);
  }, 120_000); // two server processes start, seconds each on a loaded machine
});
