import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, indiaClock, indiaDate } from '#shared/india-time.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { TEST_HEADERS } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
  DEMO_SELLER_PASSWORD,
  demoAccountsUnfinished,
  demoSellerEmail,
  seedDemoAccounts,
} from './demo-accounts.ts';
import { DEMO_VENDORS } from './demo-catalog.ts';
import { seedDemoCatalog } from './seed.ts';

describe.each(testDialects())('demo accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoCatalog(t.database.db, t.services);
  });
  afterAll(() => t.close());

  const signIn = async (email: string, password: string, portal: 'store' | 'vendor' | 'admin') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: TEST_HEADERS,
      payload: { email, password, portal },
    });
    const cookie = response.cookies.find((c) => c.name === 'store.session_token');
    return { status: response.statusCode, body: response.json(), cookie: `store.session_token=${cookie?.value}` };
  };
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { ...TEST_HEADERS, cookie } });

  it('a half-finished run (a shop without its account) is seen, and finished by the next', async () => {
    expect(await demoAccountsUnfinished(t.services)).toBe(true);
    // As if the process stopped after the customer's account, before the order and the shops.
    await t.services.authService.ensureAccount({
      email: DEMO_CUSTOMER_EMAIL,
      password: DEMO_CUSTOMER_PASSWORD,
      name: 'Priya Sharma',
      role: 'customer',
    });
    const created = await seedDemoAccounts(t.database.db, t.services, { withAdmin: true });
    // The customer was there already: not shown again (its password is the README's anyway).
    expect(created.map((account) => [account.role, account.email])).toEqual([
      ['admin', DEMO_ADMIN_EMAIL],
      ...DEMO_VENDORS.map((shop) => ['vendor', demoSellerEmail(shop.slug)]),
    ]);
    expect(await demoAccountsUnfinished(t.services)).toBe(false);
    // Done: a second run creates nothing and places no second order.
    expect(await seedDemoAccounts(t.database.db, t.services, { withAdmin: true })).toEqual([]);
    const customer = await t.services.users.findByEmail(DEMO_CUSTOMER_EMAIL);
    expect(await t.services.orders.list(customer!.id)).toHaveLength(1);

    const admin = created[0]!;
    expect(admin.password).toMatch(/^[\w-]{16}$/); // random, not a demo value
    expect((await signIn(admin.email, admin.password, 'admin')).status).toBe(200);
  });

  it('every demo shop has its seller, who signs in to that shop', async () => {
    for (const shop of DEMO_VENDORS) {
      const seller = await signIn(demoSellerEmail(shop.slug), DEMO_SELLER_PASSWORD, 'vendor');
      expect(seller.status).toBe(200);
      expect(seller.body.user).toMatchObject({ role: 'vendor', emailVerified: true, vendor: { slug: shop.slug, status: 'active' } });
    }
  });

  it('the demo customer has one delivered order with its GST invoice, to review or return', async () => {
    const customer = await signIn(DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, 'store');
    expect(customer.status).toBe(200);
    expect(customer.body.user).toMatchObject({ role: 'customer', emailVerified: true });
    const list = (await get('/api/orders', customer.cookie)).json().items as Array<{ id: number }>;
    expect(list).toHaveLength(1);
    const order = (await get(`/api/orders/${list[0]!.id}`, customer.cookie)).json<Order>();
    expect(order).toMatchObject({ displayStatus: 'Delivered', items: [{ name: 'LG 29WQ600 UltraWide', quantity: 1 }] });
    expect(order.fulfilments).toHaveLength(1);
    expect(order.fulfilments[0]).toMatchObject({
      status: 'delivered',
      invoice: { number: expect.stringMatching(/^INV\/\d{2}-\d{2}\/000001$/) },
    });
    // A past order, not one of the seeding's minute: placed six India days ago, packed and shipped
    // the next day, delivered three days ago, each in the day's working hours; so still returnable.
    const shipment = order.fulfilments[0]!;
    const today = indiaDate(new Date());
    const steps = [order.orderDate, shipment.packedAt!, shipment.shippedAt!, shipment.deliveredAt!];
    expect(steps.map((at) => indiaDate(at))).toEqual([addDays(today, -6), addDays(today, -5), addDays(today, -5), addDays(today, -3)]);
    expect(steps.map((at) => Date.parse(at))).toEqual(steps.map((at) => Date.parse(at)).sort((a, b) => a - b));
    expect(new Set(steps).size).toBe(4);
    for (const at of steps) expect(indiaClock(at).getUTCHours()).toBeGreaterThanOrEqual(9);
    // The invoice is dated as the shipment left, in the financial year of that day.
    const issued = await t.database.db
      .selectFrom('invoices')
      .select('issued_at')
      .where('id', '=', shipment.invoice!.id)
      .executeTakeFirstOrThrow();
    expect(new Date(issued.issued_at).toISOString()).toBe(shipment.shippedAt);
    expect(order.items[0]!.returnableQuantity).toBe(1);
    const invoice = await get(`/api/invoices/${order.fulfilments[0]!.invoice!.id}/pdf`, customer.cookie);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toContain('application/pdf');
    // WELCOME10 is for a first order: not this customer's, who has had one delivered.
    const laptop = await t.database.db
      .selectFrom('offers')
      .select('product_id')
      .where('price', '>=', 2_000_000)
      .orderBy('price')
      .executeTakeFirstOrThrow();
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      headers: { ...TEST_HEADERS, cookie: customer.cookie },
      payload: { items: [{ productId: laptop.product_id, quantity: 1 }], couponCode: 'WELCOME10' },
    });
    expect(quote.json()).toMatchObject({
      coupon: null,
      couponError: 'WELCOME10 is for your first order only, and you have ordered with us before',
    });
  });

  it('leaves the admin out when ADMIN_EMAIL names one', async () => {
    const fresh = await buildTestApp(dialect);
    try {
      await seedDemoCatalog(fresh.database.db, fresh.services);
      const created = await seedDemoAccounts(fresh.database.db, fresh.services, { withAdmin: false });
      expect(created.map((account) => account.role)).not.toContain('admin');
      expect(await fresh.services.users.findByEmail(DEMO_ADMIN_EMAIL)).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });
});
