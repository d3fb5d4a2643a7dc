import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_IN_USE_MESSAGE } from '#shared/schemas/auth.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { SHOP_DETAILS } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { INVALID_CREDENTIALS_MESSAGE } from './auth.service.ts';

const ORIGIN = 'http://127.0.0.1:3000';
const HOST = '127.0.0.1:3000';

describe.each(testDialects())('accounts API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.services.authService.ensureAdmin({ email: 'admin@circuitbazaar.in', password: 'admin-pass-123', name: 'Asha Admin' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, cookie?: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { host: HOST, origin: ORIGIN, ...(cookie ? { cookie } : {}), ...extra },
    });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });
  const sessionCookie = (response: { cookies: Array<{ name: string; value: string }> }) => {
    const cookie = response.cookies.find((c) => c.name === 'store.session_token');
    return cookie ? `store.session_token=${cookie.value}` : '';
  };
  const count = async (table: 'users' | 'vendors') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('registers a customer, signs them in with an httpOnly cookie, and reports the session', async () => {
    const response = await post('/api/auth/register', {
      name: 'Priya Sharma',
      email: '  Priya.Sharma@Example.in ',
      password: 'correct-horse',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      email: 'priya.sharma@example.in',
      name: 'Priya Sharma',
      role: 'customer',
      addresses: [],
      vendor: null,
    });
    const raw = response.cookies.find((c) => c.name === 'store.session_token');
    expect(raw).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const session = await get('/api/auth/session', sessionCookie(response));
    expect(session.json().user).toMatchObject({ email: 'priya.sharma@example.in', role: 'customer' });
    expect((await get('/api/auth/session')).json()).toEqual({ user: null });
  });

  it('refuses a duplicate e-mail in another case with the exact message and creates nothing', async () => {
    const before = await count('users');
    const response = await post('/api/auth/register', {
      name: 'Another Priya',
      email: 'PRIYA.SHARMA@example.IN',
      password: 'another-pass',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'EMAIL_IN_USE', message: EMAIL_IN_USE_MESSAGE });
    expect(await count('users')).toBe(before);
  });

  it.each([
    [{ name: 'Mallory', email: 'mallory@example.in', password: 'password-1', role: 'admin' }, 'Unexpected field: role'],
    [{ name: 'Mallory', email: 'mallory@example.in', password: 'password-1', role: 'superuser' }, 'Unexpected field: role'],
    [{ name: 'Mallory', email: 'mallory@example.in', password: 'password-1', isAdmin: true }, 'Unexpected field: isAdmin'],
    [{ name: 'Mallory', email: 'mallory@example.in', password: 'short' }, 'Password must be at least 8 characters'],
    [{ name: 'Mallory', email: 'mallory@example.in', password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ name: 'Mallory', email: 'not-an-email', password: 'password-1' }, 'Please enter a valid e-mail address'],
    [{ email: 'mallory@example.in', password: 'password-1' }, 'Please enter your name'],
  ])('refuses registration %j with 400 and creates nothing', async (payload, message) => {
    const before = await count('users');
    const response = await post('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
    expect(await count('users')).toBe(before);
  });

  it('registers a vendor as pending with a shop, and checks phone and GSTIN', async () => {
    const bad = await post('/api/auth/vendor-register', {
      name: 'Ravi',
      email: 'ravi@shop.in',
      password: 'vendor-pass',
      businessName: 'Ravi Computers',
      phone: '12345',
      gstin: 'ABC',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['gstin', 'phone']);
    const mistyped = await post('/api/auth/vendor-register', {
      name: 'Ravi',
      email: 'ravi@shop.in',
      password: 'vendor-pass',
      businessName: 'Ravi Computers',
      phone: '9845012345',
      gstin: '29ABCDE1234F1ZV',
    });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().error.details.issues).toEqual([
      expect.objectContaining({ field: 'gstin', message: expect.stringContaining('GSTIN does not add up') }),
    ]);
    const asAdmin = await post('/api/auth/vendor-register', {
      name: 'Ravi',
      email: 'ravi@shop.in',
      password: 'vendor-pass',
      businessName: 'Ravi Computers',
      phone: '9845012345',
      gstin: '29ABCDE1234F1ZW',
      role: 'admin',
    });
    expect(asAdmin.statusCode).toBe(400);
    const vendorsBefore = await count('vendors');

    const ok = await post('/api/auth/vendor-register', {
      name: 'Ravi Kumar',
      email: 'ravi@shop.in',
      password: 'vendor-pass',
      businessName: 'Ravi Computers',
      phone: '+91 98450 12345',
      gstin: '29abcde1234f1zw',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user).toMatchObject({ role: 'vendor', vendor: { name: 'Ravi Computers', slug: 'ravi-computers', status: 'pending' } });
    expect(await count('vendors')).toBe(vendorsBefore + 1);
    const profile = await get('/api/vendor/profile', sessionCookie(ok));
    expect(profile.json()).toMatchObject({ status: 'pending', phone: '+919845012345', gstin: '29ABCDE1234F1ZW' });
  });

  it.each([
    ['left out', {}],
    ['empty', { gstin: '' }],
    ['blank', { gstin: '   ' }],
  ])('refuses a vendor registration with its GSTIN %s (approval requires one) with 400 and creates nothing', async (_, gstin) => {
    const [users, vendors] = [await count('users'), await count('vendors')];
    const response = await post('/api/auth/vendor-register', {
      name: 'Ravi',
      email: 'ravi.nogst@shop.in',
      password: 'vendor-pass',
      businessName: 'Ravi Computers',
      phone: '9845012345',
      ...gstin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.issues).toEqual([
      { field: 'gstin', message: 'Please enter your GSTIN: every seller on this marketplace must be GST-registered' },
    ]);
    expect([await count('users'), await count('vendors')]).toEqual([users, vendors]);
  });

  it('gives one generic message for a wrong e-mail and a wrong password', async () => {
    const wrongPassword = await post('/api/auth/login', { email: 'priya.sharma@example.in', password: 'wrong-password' });
    const unknownEmail = await post('/api/auth/login', { email: 'nobody@example.in', password: 'correct-horse' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS_MESSAGE });
      expect(sessionCookie(response)).toBe('');
    }
  });

  it('refuses the wrong role at the vendor and admin login pages, pointing to the right page, without a session', async () => {
    const customerAtVendor = await post('/api/auth/login', {
      email: 'priya.sharma@example.in',
      password: 'correct-horse',
      portal: 'vendor',
    });
    expect(customerAtVendor.statusCode).toBe(403);
    expect(customerAtVendor.json().error.message).toContain('/login');
    expect(sessionCookie(customerAtVendor)).toBe('');
    const vendorAtAdmin = await post('/api/auth/login', { email: 'ravi@shop.in', password: 'vendor-pass', portal: 'admin' });
    expect(vendorAtAdmin.statusCode).toBe(403);
    expect(vendorAtAdmin.json().error.message).toContain('/vendor/login');
    const customerAtAdmin = await post('/api/auth/login', { email: 'priya.sharma@example.in', password: 'correct-horse', portal: 'admin' });
    expect(customerAtAdmin.statusCode).toBe(403);
    const sessions = await t.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('users.email')
      .execute();
    expect(sessions.filter((s) => s.email === 'priya.sharma@example.in')).toHaveLength(1); // only the registration session
    const admin = await post('/api/auth/login', { email: 'admin@circuitbazaar.in', password: 'admin-pass-123', portal: 'admin' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.role).toBe('admin');
    const vendor = await post('/api/auth/login', { email: 'ravi@shop.in', password: 'vendor-pass', portal: 'vendor' });
    expect(vendor.statusCode).toBe(200);
  });

  it('changes the session id at sign-in and invalidates it at logout', async () => {
    const first = await post('/api/auth/login', { email: 'priya.sharma@example.in', password: 'correct-horse' });
    const firstCookie = sessionCookie(first);
    const second = await post('/api/auth/login', { email: 'priya.sharma@example.in', password: 'correct-horse' }, firstCookie);
    const secondCookie = sessionCookie(second);
    expect(secondCookie).not.toBe(firstCookie);
    expect((await get('/api/auth/session', firstCookie)).json().user).toBeNull();
    expect((await get('/api/auth/session', secondCookie)).json().user.email).toBe('priya.sharma@example.in');

    const logout = await post('/api/auth/logout', undefined, secondCookie);
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'store.session_token')?.value ?? '').toBe('');
    // The copied cookie no longer works anywhere.
    expect((await get('/api/auth/session', secondCookie)).json().user).toBeNull();
    expect((await get('/api/account/addresses', secondCookie)).statusCode).toBe(401);
  });

  it('enforces roles at the API: 401 signed out, 403 for the wrong role', async () => {
    const customer = sessionCookie(await post('/api/auth/login', { email: 'priya.sharma@example.in', password: 'correct-horse' }));
    const vendor = sessionCookie(await post('/api/auth/login', { email: 'ravi@shop.in', password: 'vendor-pass', portal: 'vendor' }));
    const admin = sessionCookie(
      await post('/api/auth/login', { email: 'admin@circuitbazaar.in', password: 'admin-pass-123', portal: 'admin' }),
    );
    expect((await get('/api/admin/summary')).statusCode).toBe(401);
    expect((await get('/api/vendor/profile')).statusCode).toBe(401);
    expect((await get('/api/admin/summary', customer)).statusCode).toBe(403);
    expect((await get('/api/vendor/profile', customer)).statusCode).toBe(403);
    expect((await get('/api/admin/summary', vendor)).statusCode).toBe(403);
    const summary = await get('/api/admin/summary', admin);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ users: { customer: 1, vendor: 1, admin: 1 }, vendors: { pending: 1 } });
  });

  it('lets only an admin approve or suspend a shop', async () => {
    const admin = sessionCookie(
      await post('/api/auth/login', { email: 'admin@circuitbazaar.in', password: 'admin-pass-123', portal: 'admin' }),
    );
    const vendor = sessionCookie(await post('/api/auth/login', { email: 'ravi@shop.in', password: 'vendor-pass', portal: 'vendor' }));
    const shop = (await get('/api/vendor/profile', vendor)).json();
    const patch = (cookie: string, body: unknown, id = shop.id) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/vendors/${id}`,
        payload: body as object,
        headers: { host: HOST, origin: ORIGIN, cookie },
      });
    expect((await patch(vendor, { status: 'active' })).statusCode).toBe(403);
    expect((await patch(admin, { status: 'approved' })).statusCode).toBe(400);
    expect((await patch(admin, { status: 'active' }, 999_999)).statusCode).toBe(404);
    expect((await patch(admin, { status: 'active' })).statusCode).toBe(409); // its GSTIN, PAN, pickup address and bank account are not in yet
    // Replacing the GSTIN given at registration takes the password.
    const details = {
      businessName: 'Ravi Computers',
      phone: '9845012345',
      lowStockThreshold: 5,
      ...SHOP_DETAILS,
      currentPassword: 'vendor-pass',
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/vendor/profile',
      payload: details,
      headers: { host: HOST, origin: ORIGIN, cookie: vendor },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await patch(admin, { status: 'active' })).json()).toMatchObject({ status: 'active', name: 'Ravi Computers' });
    expect((await get('/api/vendor/profile', vendor)).json().status).toBe('active');
    await patch(admin, { status: 'pending' });
  });

  it('refuses a state-changing request with a session cookie from another origin', async () => {
    const customer = sessionCookie(await post('/api/auth/login', { email: 'priya.sharma@example.in', password: 'correct-horse' }));
    const address = {
      name: 'Priya Sharma',
      phone: '9845012345',
      line1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    };
    const forged = await post('/api/account/addresses', address, customer, { origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/account/addresses',
      payload: address,
      headers: { host: HOST, cookie: customer },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await get('/api/account/addresses', customer)).json().items).toEqual([]);
  });

  it('treats the session of a suspended user as signed out and ends it', async () => {
    const response = await post('/api/auth/register', { name: 'Suspended Sam', email: 'sam@example.in', password: 'sam-password' });
    const cookie = sessionCookie(response);
    await t.services.users.setStatus(response.json().user.uid, 'suspended');
    expect((await get('/api/auth/session', cookie)).json().user).toBeNull();
    expect((await get('/api/account/addresses', cookie)).statusCode).toBe(401);
    const again = await post('/api/auth/login', { email: 'sam@example.in', password: 'sam-password' });
    expect(again.statusCode).toBe(403);
  });

  it('limits failed sign-ins per account: 10 failures in 15 minutes → 429 with a retry time', async () => {
    await post('/api/auth/register', { name: 'Target Tara', email: 'tara@example.in', password: 'tara-password' });
    for (let i = 0; i < 10; i++) {
      const attempt = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'tara@example.in', password: `guess-${i}` },
        headers: { host: HOST, origin: ORIGIN },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(attempt.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'tara@example.in', password: 'tara-password' },
      headers: { host: HOST, origin: ORIGIN },
      remoteAddress: '10.0.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(blocked.json().error.message).toMatch(/try again in 15 minutes/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('lets no more than 10 guesses through when they arrive all at once', async () => {
    await post('/api/auth/register', { name: 'Rushed Ravi', email: 'rushed@example.in', password: 'rushed-password' });
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'rushed@example.in', password: `guess-${i}` },
          headers: { host: HOST, origin: ORIGIN },
          remoteAddress: `10.0.2.${i + 1}`,
        }),
      ),
    );
    // Attempts in flight count too, so a burst may be refused whole; never more than 10 are checked.
    const checked = attempts.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(attempts.filter((a) => a.statusCode === 429)).toHaveLength(20 - checked);
    // Refused attempts are not counted as failures; the checked ones are.
    const recorded = async () =>
      (await t.database.db.selectFrom('sign_in_failures').select('id').where('key', '=', 'email:rushed@example.in').execute()).length;
    expect(await recorded()).toBe(checked);
    for (let i = checked; i < 10; i++) {
      const attempt = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'rushed@example.in', password: `late-guess-${i}` },
        headers: { host: HOST, origin: ORIGIN },
        remoteAddress: '10.0.3.1',
      });
      expect(attempt.statusCode).toBe(401);
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'rushed@example.in', password: 'rushed-password' },
      headers: { host: HOST, origin: ORIGIN },
      remoteAddress: '10.0.3.2',
    });
    expect(right.statusCode).toBe(429);
    expect(await recorded()).toBe(10);
  });

  it('takes back the attempt of a successful sign-in, so it never counts against the address', async () => {
    const address = '10.0.4.1';
    for (let i = 0; i < 11; i++) {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'priya.sharma@example.in', password: 'correct-horse' },
        headers: { host: HOST, origin: ORIGIN },
        remoteAddress: address,
      });
      expect(ok.statusCode).toBe(200);
    }
    const rows = await t.database.db.selectFrom('sign_in_failures').select('id').where('key', '=', `ip:${address}`).execute();
    expect(rows).toHaveLength(0);
  });

  it('forgets failures older than the window when pruned', async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60 * 1000).toISOString();
    await t.database.db
      .insertInto('sign_in_failures')
      .values([
        { key: 'ip:10.0.5.1', failed_at: at(16) },
        { key: 'ip:10.0.5.1', failed_at: at(1) },
      ])
      .execute();
    await t.services.authService.pruneSignInFailures();
    const left = await t.database.db.selectFrom('sign_in_failures').select('failed_at').where('key', '=', 'ip:10.0.5.1').execute();
    expect(left).toHaveLength(1);
  });

  const signIn = (email: string, password: string, remoteAddress: string, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { host: HOST, origin: ORIGIN, ...(device ? { cookie: `store.device=${device}` } : {}) },
      remoteAddress,
    });
  const deviceId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('lets 25 shoppers behind one shared address each mistype twice and still sign in', async () => {
    const address = '100.64.0.1'; // a carrier-grade NAT's shared address
    const shoppers = Array.from({ length: 25 }, (_, i) => ({ email: `nat${i}@example.in`, device: deviceId(100 + i) }));
    for (const [i, shopper] of shoppers.entries()) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: `Shopper ${i}`, email: shopper.email, password: 'shopper-password' },
        headers: { host: HOST, origin: ORIGIN },
        remoteAddress: `10.20.0.${i + 1}`,
      });
      expect(created.statusCode).toBe(201);
    }
    for (const shopper of shoppers) {
      expect((await signIn(shopper.email, 'mistyped-1', address, shopper.device)).statusCode).toBe(401);
      expect((await signIn(shopper.email, 'mistyped-2', address, shopper.device)).statusCode).toBe(401);
    }
    for (const shopper of shoppers) {
      expect((await signIn(shopper.email, 'shopper-password', address, shopper.device)).statusCode).toBe(200);
    }
  }, 180_000); // 100 password hashes

  it('still locks one account hammered from many browsers and addresses, naming the e-mail limit', async () => {
    await post('/api/auth/register', { name: 'Hammered Hari', email: 'hammered@example.in', password: 'hammered-password' });
    for (let i = 0; i < 10; i++) {
      expect((await signIn('hammered@example.in', `guess-${i}`, `10.21.0.${i + 1}`, deviceId(200 + i))).statusCode).toBe(401);
    }
    const blocked = await signIn('hammered@example.in', 'hammered-password', '10.21.1.1', deviceId(300));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/^Too many failed sign-ins with this e-mail address\. Please try again in 15 minutes\.$/);
    // The same words for an e-mail without an account: the limit does not tell them apart.
    for (let i = 0; i < 10; i++) await signIn('nobody-here@example.in', `guess-${i}`, `10.21.2.${i + 1}`);
    expect((await signIn('nobody-here@example.in', 'guess', '10.21.3.1')).json().error.message).toBe(blocked.json().error.message);
  }, 60_000);

  it('limits failed sign-ins per browser across accounts and addresses', async () => {
    const device = deviceId(400);
    for (let i = 0; i < 20; i++) {
      expect((await signIn(`browser${i}@example.in`, 'guess-guess', `10.22.0.${i + 1}`, device)).statusCode).toBe(401);
    }
    const blocked = await signIn('nat1@example.in', 'shopper-password', '10.22.1.1', device);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/^Too many failed sign-ins from this browser\./);
    // Another browser at the same address is not held back.
    expect((await signIn('nat1@example.in', 'shopper-password', '10.22.1.1', deviceId(401))).statusCode).toBe(200);
  }, 60_000);

  it('holds the per-address ceiling: 200 failures from one address in 15 minutes, then 429 for everyone there', async () => {
    const address = '10.9.9.9';
    const recent = new Date(Date.now() - 60 * 1000).toISOString();
    // 199 failures from many accounts and browsers (written directly: 199 password checks are slow).
    await t.database.db
      .insertInto('sign_in_failures')
      .values(Array.from({ length: 199 }, () => ({ key: `ip:${address}`, failed_at: recent })))
      .execute();
    expect((await signIn('someone@example.in', 'guess-guess', address, deviceId(500))).statusCode).toBe(401);
    const blocked = await signIn('priya.sharma@example.in', 'correct-horse', address, deviceId(501));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/^Too many failed sign-ins from your network\. Please try again in 14 minutes\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await signIn('priya.sharma@example.in', 'correct-horse', '10.9.9.10', deviceId(501))).statusCode).toBe(200);
  });

  it('gives a browser without a device cookie one, and counts its failures by it', async () => {
    const first = await signIn('cookie-less@example.in', 'guess-guess', '10.23.0.1');
    expect(first.statusCode).toBe(401);
    const cookie = first.cookies.find((c) => c.name === 'store.device');
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true });
    const rows = await t.database.db.selectFrom('sign_in_failures').select('key').where('key', '=', `device:${cookie!.value}`).execute();
    expect(rows).toHaveLength(1);
  });

  it('creates the first admin once and leaves an existing account alone', async () => {
    expect(await t.services.authService.ensureAdmin({ email: 'ADMIN@circuitbazaar.in', password: 'other-pass-123', name: 'X' })).toBe(
      'exists',
    );
    expect(
      await t.services.authService.ensureAdmin({
        email: 'second-admin@circuitbazaar.in',
        password: 'admin-pass-456',
        name: 'Second Admin',
      }),
    ).toBe('created');
    const user = await t.services.users.findByEmail('second-admin@circuitbazaar.in');
    expect(user?.role).toBe('admin');
  });
});
