import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/database.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { type HttpResponse, request, type ServerProcess, startServer } from '#server/testing/server-process.ts';

/**
 * Two real server processes on different ports share one fresh PostgreSQL database (and Redis
 * when TEST_REDIS_URL is set), as several instances behind a load balancer would.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const PUBLIC_URL = 'http://store.test';
const SECRET = randomBytes(24).toString('hex');
const PASSWORD = 'secret-pass-1';

/** A client address of its own for each use, so counts left in a shared Redis never meet this run's. */
const freshAddress = () => `10.${randomBytes(3).join('.')}`;
const sessionCookie = (response: HttpResponse) => {
  const raw = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('store.session_token='));
  return raw ? raw.split(';')[0]! : '';
};

describe.skipIf(!PG_URL)(`two server processes on one PostgreSQL${PG_URL ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  const name = `store_scale_${randomBytes(5).toString('hex')}`;
  const dirs: string[] = [];
  let databaseUrl: string;
  let a: ServerProcess;
  let b: ServerProcess;
  /** the test's own connection, for arranging data and checking stock */
  let handle: DatabaseHandle;
  let services: Services;

  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-scale-'));
    dirs.push(dir);
    return dir;
  };
  const adminClient = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  const call = (server: ServerProcess, method: string, url: string, options: { body?: unknown; cookie?: string; ip?: string } = {}) =>
    request(server.port, method, url, {
      body: options.body,
      headers: {
        origin: PUBLIC_URL,
        'x-forwarded-for': options.ip ?? freshAddress(),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });
  const register = async (server: ServerProcess, email: string) => {
    const response = await call(server, 'POST', '/api/auth/register', { body: { name: 'Scale Tester', email, password: PASSWORD } });
    expect(response.status, response.body).toBe(201);
    return sessionCookie(response);
  };
  const signIn = (server: ServerProcess, email: string, password: string, ip = freshAddress()) =>
    call(server, 'POST', '/api/auth/login', { body: { email, password }, ip });
  const stockOf = async (id: number) =>
    (await handle.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

  beforeAll(async () => {
    await adminClient((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(PG_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();

    // As a deploy would: migrate once, then start the processes.
    const migrated = await promisify(execFile)(
      process.execPath,
      ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'scripts/migrate.ts'],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: tempDir(), SESSION_SECRET: SECRET },
      },
    );
    expect(migrated.stdout).toContain('migrated');

    const env = () => ({
      DATABASE_URL: databaseUrl,
      DATA_DIR: tempDir(),
      SESSION_SECRET: SECRET,
      PUBLIC_URL,
      TRUST_PROXY: 'true',
      // Both create the same first admin at the same moment; start-up steps take turns.
      ADMIN_EMAIL: 'admin@scale.test',
      ADMIN_PASSWORD: 'admin-pass-123',
      ...(REDIS_URL ? { REDIS_URL } : {}),
    });
    [a, b] = await Promise.all([startServer(env()), startServer(env())]);
    expect(a.port).not.toBe(b.port);

    handle = openDatabase(databaseUrl, { poolSize: 4 });
    services = createServices({
      database: handle,
      config: loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: tempDir(), SESSION_SECRET: SECRET, SEED_DEMO: 'false' }),
    });
  });

  afterAll(async () => {
    // Both stop cleanly on SIGTERM: server, Redis and database closed, exit code 0.
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await handle?.destroy();
    await adminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    expect(codes, `${a?.output()}\n${b?.output()}`).toEqual([0, 0]);
  });

  it('started both processes at once on an empty database without a clash', async () => {
    for (const server of [a, b]) expect((await call(server, 'GET', '/api/ready')).json()).toEqual({ status: 'ok' });
    const admins = await handle.db.selectFrom('users').select('id').where('email', '=', 'admin@scale.test').execute();
    expect(admins).toHaveLength(1);
  });

  it('accepts a session made on one process on the other, and a sign-out on one ends it on both', async () => {
    const cookie = await register(a, 'shared-session@scale.test');
    const onB = await call(b, 'GET', '/api/auth/session', { cookie });
    expect(onB.json().user).toMatchObject({ email: 'shared-session@scale.test' });
    const address = await call(b, 'POST', '/api/account/addresses', {
      cookie,
      body: { name: 'Scale Tester', phone: '9845012345', line1: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
    });
    expect(address.status, address.body).toBe(201);
    expect((await call(a, 'GET', '/api/account/addresses', { cookie })).json().items).toHaveLength(1);

    expect((await call(b, 'POST', '/api/auth/logout', { cookie })).status).toBe(204);
    expect((await call(a, 'GET', '/api/auth/session', { cookie })).json().user).toBeNull();
    expect((await call(a, 'GET', '/api/account/addresses', { cookie })).status).toBe(401);
  });

  it('counts failed sign-ins for one account across both processes: the 11th is refused on either', async () => {
    await register(b, 'target@scale.test');
    for (let i = 0; i < 10; i++) {
      const attempt = await signIn(i % 2 === 0 ? a : b, 'target@scale.test', `guess-${i}`);
      expect(attempt.status, attempt.body).toBe(401);
    }
    for (const server of [a, b]) {
      const right = await signIn(server, 'target@scale.test', PASSWORD);
      expect(right.status, right.body).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(800);
    }
  });

  it('lets no more than 10 of a burst of guesses split across both processes through', async () => {
    await register(a, 'burst@scale.test');
    const attempts = await Promise.all(Array.from({ length: 24 }, (_, i) => signIn(i % 2 === 0 ? a : b, 'burst@scale.test', `guess-${i}`)));
    const checked = attempts.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(attempts.filter((r) => r.status === 429)).toHaveLength(24 - checked);
    for (let i = checked; i < 10; i++) expect((await signIn(i % 2 === 0 ? b : a, 'burst@scale.test', `late-${i}`)).status).toBe(401);
    expect((await signIn(b, 'burst@scale.test', PASSWORD)).status).toBe(429);
  });

  it.skipIf(!REDIS_URL)(`shares the sign-up limits through Redis${REDIS_URL ? '' : ' (skipped: TEST_REDIS_URL is not set)'}`, async () => {
    // 5 sign-up attempts an hour per e-mail address (sign-up-limits.ts), wherever they come from:
    // each from another address and browser, to either process.
    const email = `limited.${Date.now()}@scale.test`;
    for (let i = 0; i < 5; i++) {
      const response = await call(i % 2 === 0 ? a : b, 'POST', '/api/auth/register', {
        body: { name: 'Limited', email, password: PASSWORD },
        ip: freshAddress(),
      });
      expect(response.status, response.body).not.toBe(429);
    }
    for (const server of [a, b]) {
      const limited = await call(server, 'POST', '/api/auth/register', {
        body: { name: 'Limited', email, password: PASSWORD },
        ip: freshAddress(),
      });
      expect(limited.status, limited.body).toBe(429);
      expect(limited.json().error.message).toContain('this e-mail address');
    }
  });

  it('never oversells when checkouts for the last units arrive at both processes at once, and expiry running on both returns stock once', async () => {
    const vendor = await createVendor(services, { name: 'Scale Vendor' });
    const product = (await createProduct(services, { vendorId: vendor.id, name: 'Last Five Laptop', stock: 5 })).id;
    const customers = await Promise.all(
      [a, b, a, b].map(async (server, i) => {
        const cookie = await register(server, `buyer-${i}@scale.test`);
        const address = await call(server, 'POST', '/api/account/addresses', {
          cookie,
          body: {
            name: `Buyer ${i}`,
            phone: '9845012345',
            line1: `${i} Residency Road`,
            city: 'Bengaluru',
            state: 'Karnataka',
            pincode: '560025',
          },
        });
        return { cookie, addressId: address.json().id as number };
      }),
    );

    const attempts = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const customer = customers[i % customers.length]!;
        return call(i % 2 === 0 ? a : b, 'POST', '/api/checkout/orders', {
          cookie: customer.cookie,
          body: { idempotencyKey: `scale-${name}-${i}`, addressId: customer.addressId, items: [{ productId: product, quantity: 1 }] },
        });
      }),
    );
    const placed = attempts.filter((r) => r.status === 201);
    expect(placed).toHaveLength(5);
    for (const refused of attempts.filter((r) => r.status !== 201)) {
      expect(refused.status, refused.body).toBe(409);
    }
    expect(await stockOf(product)).toBe(0);

    // Every process runs the unpaid-order expiry; run it twice at once on two connection pools.
    const orderIds = placed.map((r) => r.json().id as number);
    await handle.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 31 * 60 * 1000).toISOString() })
      .where('id', 'in', orderIds)
      .execute();
    const other = openDatabase(databaseUrl, { poolSize: 4 });
    try {
      const otherServices = createServices({
        database: other,
        config: loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: tempDir(), SESSION_SECRET: SECRET, SEED_DEMO: 'false' }),
      });
      const [first, second] = await Promise.all([services.checkout.expireUnpaid(), otherServices.checkout.expireUnpaid()]);
      expect(first + second).toBe(5);
    } finally {
      await other.destroy();
    }
    expect(await stockOf(product)).toBe(5);
    const statuses = await handle.db.selectFrom('orders').select('status').where('id', 'in', orderIds).execute();
    expect(statuses.map((row) => row.status)).toEqual(Array(5).fill('cancelled'));
  });
});
