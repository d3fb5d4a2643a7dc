import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { WRONG_PASSWORD_MESSAGE } from '#shared/schemas/account-security.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerCustomer, registerVendor, signIn, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const PASSWORD = 'secret-pass-1';

describe.each(testDialects())('download my data and delete my account on %s', (dialect) => {
  let t: TestApp;
  let asha: TestUser;
  let ravi: TestUser;
  let ashaOrder: Order;
  let raviOrder: Order;
  let address = 0;
  let keys = 0;

  async function placePaidOrder(user: TestUser, productId: number, street: string): Promise<Order> {
    const book = await as(t, user)('POST', '/api/account/addresses', {
      name: 'Home',
      phone: '9845012345',
      line1: street,
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
    });
    expect(book.statusCode, book.body).toBe(201);
    const placed = await as(t, user)('POST', '/api/checkout/orders', {
      idempotencyKey: `privacy-${dialect}-${++keys}`,
      addressId: book.json().id,
      items: [{ productId, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await as(t, user)('POST', `/api/orders/${placed.json().id}/payments`, { method: 'upi', vpa: 'success@upi' });
    expect(paid.statusCode, paid.body).toBe(200);
    return (await as(t, user)('GET', `/api/orders/${placed.json().id}`)).json();
  }
  const attemptSignIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { ...TEST_HEADERS, 'x-forwarded-for': `198.51.100.${++address}` },
    });
  const remove = (user: TestUser, password: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/account', payload: { password }, headers: { ...TEST_HEADERS, cookie: user.cookie } });

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true' });
    asha = await registerCustomer(t, 'asha.privacy@example.in', 'Asha Rao', '198.51.100.201');
    ravi = await registerCustomer(t, 'ravi.privacy@example.in', 'Ravi Kumar', '198.51.100.202');
    const laptop = await createProduct(t.services, { name: 'Lenovo IdeaPad Slim 3', price: rupees(45_000), stock: 10 });
    const monitor = await createProduct(t.services, { category: 'Monitor', name: 'Dell 27 Monitor', price: rupees(18_000), stock: 10 });
    ashaOrder = await placePaidOrder(asha, laptop.id, '5 Residency Road');
    raviOrder = await placePaidOrder(ravi, monitor.id, '9 MG Road');
    // Their reviews, written straight to the table (reviewing through the API needs a delivery).
    for (const [user, product, title] of [
      [asha, laptop, 'Light and quick'],
      [ravi, monitor, 'Sharp, no dead pixels'],
    ] as const) {
      const { vendor_id } = await t.database.db
        .selectFrom('offers')
        .select('vendor_id')
        .where('product_id', '=', product.id)
        .executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      await t.database.db
        .insertInto('reviews')
        .values({
          product_id: product.id,
          user_id: user.uid,
          vendor_id,
          product_name: product.name,
          author_name: user === asha ? 'Asha R.' : 'Ravi K.',
          rating: 4,
          title,
          body: `${title}, happy with it.`,
          hidden_reason: null,
          reply: null,
          reply_author: null,
          replied_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  });
  afterAll(() => t.close());

  it('downloads the signed-in user’s own data as a JSON file, and nobody else’s', async () => {
    const response = await as(t, asha)('GET', '/api/account/data');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.profile).toEqual({
      id: asha.uid,
      name: 'Asha Rao',
      email: asha.email,
      emailVerified: false,
      role: 'customer',
      createdAt: expect.any(String),
    });
    expect(data.addresses).toEqual([expect.objectContaining({ line1: '5 Residency Road', phone: '+919845012345', isDefault: true })]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      number: ashaOrder.number,
      status: 'confirmed',
      total: ashaOrder.total,
      items: [{ name: 'Lenovo IdeaPad Slim 3', quantity: 1, unitPrice: rupees(45_000) }],
      deliveryAddress: { line1: '5 Residency Road' },
      payments: [{ method: 'upi', status: 'captured', amount: ashaOrder.total, refundedAmount: 0 }],
    });
    expect(data.reviews).toEqual([
      expect.objectContaining({
        productName: 'Lenovo IdeaPad Slim 3',
        authorName: 'Asha R.',
        rating: 4,
        title: 'Light and quick',
        text: 'Light and quick, happy with it.',
        status: 'visible',
      }),
    ]);
    const text = response.body;
    for (const foreign of [ravi.email, ravi.uid, raviOrder.number, '9 MG Road', 'Dell 27 Monitor', 'Sharp, no dead pixels'])
      expect(text).not.toContain(foreign);
    // No password hash, no session token, no payment reference or masked VPA.
    const sessionToken = asha.cookie.split('=')[1]!.split('.')[0]!;
    expect(text).not.toContain(sessionToken);
    expect(text).not.toMatch(/scrypt|password|token|"vpa"|reference/i);
    const hash = await t.database.db.selectFrom('accounts').select('password').where('user_id', '=', asha.uid).executeTakeFirstOrThrow();
    expect(text).not.toContain(hash.password!.slice(0, 20));
  });

  it('needs a session to download', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/data', headers: TEST_HEADERS })).statusCode).toBe(401);
  });

  it('refuses a wrong password and leaves the account alone', async () => {
    const response = await remove(ravi, 'not-my-password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: WRONG_PASSWORD_MESSAGE,
      details: { issues: [{ field: 'password' }] },
    });
    expect((await as(t, ravi)('GET', '/api/auth/session')).json().user).toMatchObject({ email: ravi.email });
  });

  it('deletes the account: personal data erased, sign-in impossible, orders and invoices kept', async () => {
    const otherDevice = (await attemptSignIn(ravi.email, PASSWORD)).cookies.find((c) => c.name === 'store.session_token')!;
    const response = await remove(ravi, PASSWORD);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.cookies.find((c) => c.name === 'store.session_token')?.value ?? '').toBe('');

    const user = await t.database.db.selectFrom('users').selectAll().where('id', '=', ravi.uid).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Deleted user', email: `deleted-${ravi.uid}@invalid`, status: 'suspended' });
    expect(Boolean(user.email_verified)).toBe(false);
    expect(user.deleted_at).not.toBeNull();
    const count = async (table: 'addresses' | 'sessions' | 'accounts' | 'verifications', column: 'user_id' | 'value') =>
      (await t.database.db.selectFrom(table).select('id').where(column, '=', ravi.uid).execute()).length;
    expect(await count('addresses', 'user_id')).toBe(0);
    expect(await count('sessions', 'user_id')).toBe(0);
    expect(await count('accounts', 'user_id')).toBe(0);
    expect(await count('verifications', 'value')).toBe(0);
    // The review stays, with its stars and words, under a name that is no one's.
    expect(
      await t.database.db
        .selectFrom('reviews')
        .select(['author_name', 'rating', 'title', 'body'])
        .where('user_id', '=', ravi.uid)
        .execute(),
    ).toEqual([
      { author_name: 'Former customer', rating: 4, title: 'Sharp, no dead pixels', body: 'Sharp, no dead pixels, happy with it.' },
    ]);

    // Every session ended, and no way back in: not with the old address, not with the placeholder.
    expect((await as(t, ravi)('GET', '/api/auth/session')).json()).toEqual({ user: null });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/account/addresses',
          headers: { ...TEST_HEADERS, cookie: `store.session_token=${otherDevice.value}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await attemptSignIn(ravi.email, PASSWORD)).statusCode).toBe(401);
    // (The placeholder is not even a valid e-mail address to the sign-in form: 400.)
    expect([400, 401]).toContain((await attemptSignIn(`deleted-${ravi.uid}@invalid`, PASSWORD)).statusCode);
    // No reset link can bring it back either.
    const before = await t.database.db.selectFrom('outbox').select('id').execute();
    expect([202, 400]).toContain(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: `deleted-${ravi.uid}@invalid` },
          headers: TEST_HEADERS,
        })
      ).statusCode,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ravi.email }, headers: TEST_HEADERS }))
        .statusCode,
    ).toBe(202);
    expect(await t.database.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);

    // The order, its lines, its payment and the delivery address as ordered stay for the tax records.
    const order = await t.services.orders.getById(raviOrder.id);
    expect(order).toMatchObject({ userId: ravi.uid, number: raviOrder.number, total: raviOrder.total, address: { line1: '9 MG Road' } });
    expect(order.items).toHaveLength(1);
    expect(order.payments).toEqual([expect.objectContaining({ status: 'captured', amount: raviOrder.total })]);

    // The e-mail address is free for a new account.
    await registerCustomer(t, ravi.email, 'Ravi Again', '198.51.100.250');
    // The other customer is untouched.
    expect((await as(t, asha)('GET', '/api/account/data')).json().orders).toHaveLength(1);
  });

  it('refuses a vendor and an admin with 409 and a reason', async () => {
    const seller = await registerVendor(t, 'seller.privacy@example.in', 'Privacy Traders');
    const vendor = await remove(seller, PASSWORD);
    expect(vendor.statusCode).toBe(409);
    expect(vendor.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('marketplace') });
    expect((await as(t, seller)('GET', '/api/auth/session')).json().user).toMatchObject({ role: 'vendor' });

    await t.services.authService.ensureAdmin({ email: 'admin@privacy.test', password: 'admin-pass-123', name: 'Asha Admin' });
    const admin = await remove(await signIn(t, { email: 'admin@privacy.test', password: 'admin-pass-123' }, 'admin'), 'admin-pass-123');
    expect(admin.statusCode).toBe(409);
    expect(admin.json().error.message).toContain('administrator');
  });
});
