import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, indiaDate } from '#shared/india-time.ts';
import { rupees } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerActiveVendor, registerCustomer, signInAdmin, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

/**
 * An order placed, paid and delivered at 01:15 in India, which is 19:45 UTC the day before: every
 * page and report puts it on the India date, so the order page and the admin dashboard never
 * show the same order on two different days.
 */
describe.each(testDialects())('India dates on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser & { vendorId: number };
  let customer: TestUser;
  let order: Order;
  // Two India days ago, at 01:15 IST: well inside a 7-day period, and on another UTC date.
  const day = addDays(indiaDate(new Date()), -2);
  const at = new Date(`${day}T01:15:00+05:30`).toISOString();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signInAdmin(t, 'admin@ist.in', 'IST Admin');
    seller = await registerActiveVendor(t, 'seller@ist.in', 'Test Traders');
    const product = await createProduct(t.services, {
      vendorId: seller.vendorId,
      name: 'Night Owl Laptop',
      category: 'Laptop',
      price: rupees(50_000),
      stock: 5,
    });
    customer = await registerCustomer(t, 'owl@ist.in', 'Night Owl');
    const address = (
      await as(t, customer)('POST', '/api/account/addresses', {
        name: 'Night Owl',
        phone: '9845012345',
        line1: '4 Sayyaji Rao Road',
        city: 'Mysuru',
        state: 'Karnataka',
        pincode: '570001',
      })
    ).json().id as number;
    const placed = await as(t, customer)('POST', '/api/checkout/orders', {
      idempotencyKey: `ist-${dialect}`,
      addressId: address,
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(
      (await as(t, customer)('POST', `/api/orders/${placed.json().id}/payments`, { method: 'upi', vpa: 'owl@okhdfc' })).statusCode,
    ).toBe(200);
    for (const shipment of (await as(t, customer)('GET', `/api/orders/${placed.json().id}`)).json<Order>().fulfilments) {
      for (const [step, body] of [['pack'], ['ship', { carrier: 'Delhivery', trackingNumber: 'DLV0115000' }], ['deliver']] as const) {
        expect((await as(t, seller)('POST', `/api/vendor/fulfilments/${shipment.id}/${step}`, body)).statusCode).toBe(200);
      }
    }
    // As if it all happened at 01:15 IST two days ago.
    const id = placed.json().id as number;
    await t.database.db.updateTable('orders').set({ created_at: at, paid_at: at }).where('id', '=', id).execute();
    await t.database.db.updateTable('payments').set({ created_at: at }).where('order_id', '=', id).execute();
    await t.database.db
      .updateTable('fulfilments')
      .set({ packed_at: at, shipped_at: at, delivered_at: at })
      .where('order_id', '=', id)
      .execute();
    order = (await as(t, customer)('GET', `/api/orders/${id}`)).json<Order>();
  });
  afterAll(() => t.close());

  it('is 19:45 UTC the day before, and the order page shows the India date', () => {
    expect(at.slice(0, 10)).toBe(addDays(day, -1));
    expect(at.slice(11, 16)).toBe('19:45');
    expect(new Date(order.orderDate).toISOString()).toBe(at);
    // The order page formats orderDate with #web/lib/format.ts (tested there) in India time.
    expect(indiaDate(order.orderDate)).toBe(day);
  });

  it('counts on the India date in the admin dashboard', async () => {
    const dashboard = (await as(t, admin)('GET', '/api/admin/dashboard?days=7')).json();
    const perDay = Object.fromEntries((dashboard.perDay as Array<{ date: string; orders: number }>).map((row) => [row.date, row.orders]));
    expect(perDay[day]).toBe(1);
    expect(perDay[addDays(day, -1)]).toBe(0);
    // Seven India days, today the last; every order counted in the total is on one of them.
    expect(Object.keys(perDay)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(indiaDate(new Date()), i - 6)));
    expect(dashboard.orders).toBe(1);
  });

  it("counts on the India date in the seller's overview and settlement", async () => {
    const overview = (await as(t, seller)('GET', '/api/vendor/overview?days=7')).json();
    const byDay = Object.fromEntries(
      (overview.revenueByDay as Array<{ date: string; revenue: number }>).map((row) => [row.date, row.revenue]),
    );
    expect(byDay[day]).toBe(rupees(50_000));
    expect(byDay[addDays(day, -1)]).toBe(0);
    expect(Object.keys(byDay)).toHaveLength(7);
    const csv = (await as(t, seller)('GET', '/api/vendor/settlements.csv?days=7')).body;
    expect(csv).toContain(`${order.number},${day},Night Owl Laptop`);
  });

  it('filters payments by India dates', async () => {
    const count = async (from: string, to: string) =>
      (await as(t, admin)('GET', `/api/admin/payments?from=${from}&to=${to}`)).json().total as number;
    expect(await count(day, day)).toBe(1);
    expect(await count(addDays(day, -1), addDays(day, -1))).toBe(0);
  });

  it('counts over whole India days: an order at 23:59 IST the day before the first is outside "7 days", in the totals as in the days', async () => {
    // Within 7 × 24 hours of now, but on the eighth India day back.
    const before = new Date(`${addDays(indiaDate(new Date()), -7)}T23:59:00+05:30`).toISOString();
    await t.database.db.updateTable('orders').set({ paid_at: before }).where('id', '=', order.id).execute();
    try {
      const dashboard = (await as(t, admin)('GET', '/api/admin/dashboard?days=7')).json();
      expect(dashboard).toMatchObject({ orders: 0, gmv: 0 });
      const overview = (await as(t, seller)('GET', '/api/vendor/overview?days=7')).json();
      expect(overview).toMatchObject({ orders: 0, revenue: 0 });
      expect(overview.revenueByDay).toHaveLength(7);
    } finally {
      await t.database.db.updateTable('orders').set({ paid_at: at }).where('id', '=', order.id).execute();
    }
  });
});
