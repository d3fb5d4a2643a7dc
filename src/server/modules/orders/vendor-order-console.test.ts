import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchByDate } from '#shared/delivery.ts';
import { rupees } from '#shared/money.ts';
import type { VendorOrderList } from '#shared/schemas/vendor.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerCustomer, registerVendor, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())("the seller console's orders on %s", (dialect) => {
  let t: TestApp;
  let seller: TestUser & { vendorId: number };
  let other: TestUser & { vendorId: number };
  let buyer: TestUser;
  let addressId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    seller = await registerVendor(t, 'jaya@shop.in', 'Jaya Computers');
    other = await registerVendor(t, 'kabir@shop.in', 'Kabir Monitors');
    await t.services.vendors.setStatus(seller.vendorId, 'active');
    await t.services.vendors.setStatus(other.vendorId, 'active');
    buyer = await registerCustomer(t, 'leela@example.in', 'Leela Das');
    addressId = (
      await as(t, buyer)('POST', '/api/account/addresses', {
        name: 'Leela Das',
        phone: '9845012345',
        line1: '3 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        pincode: '700016',
      })
    ).json().id;
  });
  afterAll(() => t.close());

  it('counts the orders in each status for the tabs (whatever the status filter), and says by when each paid one must be dispatched', async () => {
    const laptop = await createProduct(t.services, {
      vendorId: seller.vendorId,
      name: 'Jaya Office Laptop',
      price: rupees(40_000),
      stock: 10,
    });
    const slow = await createProduct(t.services, {
      vendorId: seller.vendorId,
      name: 'Jaya Workstation',
      category: 'Desktop',
      price: rupees(90_000),
      stock: 10,
    });
    const elsewhere = await createProduct(t.services, {
      vendorId: other.vendorId,
      category: 'Monitor',
      name: 'Kabir 24 Monitor',
      price: rupees(9_000),
      stock: 10,
    });
    // The workstation's seller takes 5 working days to dispatch it.
    await t.database.db.updateTable('offers').set({ dispatch_days: 5 }).where('product_id', '=', slow.id).execute();

    const buy = async (key: string, items: unknown) => {
      const order = (await as(t, buyer)('POST', '/api/checkout/orders', { idempotencyKey: key, addressId, items })).json();
      expect(
        (await as(t, buyer)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'leela@okicici' })).json().orderStatus,
      ).toBe('confirmed');
      return order.id as number;
    };
    const quick = await buy('console-1', [{ productId: laptop.id, quantity: 1 }]);
    const mixed = await buy('console-2', [
      { productId: laptop.id, quantity: 1 },
      { productId: slow.id, quantity: 1 },
      { productId: elsewhere.id, quantity: 1 },
    ]);
    await buy('console-3', [{ productId: laptop.id, quantity: 2 }]);
    // An order not yet paid is not the seller's business: neither listed nor counted.
    await as(t, buyer)('POST', '/api/checkout/orders', {
      idempotencyKey: 'console-4',
      addressId,
      items: [{ productId: laptop.id, quantity: 1 }],
    });

    const list = async (query = '') => (await as(t, seller)('GET', `/api/vendor/orders${query}`)).json() as VendorOrderList;
    const all = await list();
    expect(all.counts).toEqual({ pending: 3, packed: 0, shipped: 0, delivered: 0, cancelled: 0 });
    const paidAt = async (orderId: number) =>
      new Date(
        (await t.database.db.selectFrom('orders').select('paid_at').where('id', '=', orderId).executeTakeFirstOrThrow()).paid_at as
          string | Date,
      );
    const byOrder = new Map(all.items.map((item) => [item.orderId, item]));
    expect(byOrder.get(quick)?.dispatchBy).toBe(dispatchByDate(await paidAt(quick), 2));
    // The slowest of the shipment's lines decides.
    expect(byOrder.get(mixed)?.dispatchBy).toBe(dispatchByDate(await paidAt(mixed), 5));

    const packed = await as(t, seller)('POST', `/api/vendor/fulfilments/${byOrder.get(quick)!.fulfilmentId}/pack`);
    expect(packed.json()).toMatchObject({ status: 'packed', dispatchBy: dispatchByDate(await paidAt(quick), 2) });
    const shipped = await as(t, seller)('POST', `/api/vendor/fulfilments/${byOrder.get(quick)!.fulfilmentId}/ship`, {
      carrier: 'Delhivery',
      trackingNumber: 'DLV12345678',
    });
    expect(shipped.json()).toMatchObject({ status: 'shipped', dispatchBy: null });

    // The counts stay the shop's whole picture on a tab, and follow the search.
    const toPack = await list('?status=pending');
    expect(toPack.items).toHaveLength(2);
    expect(toPack.counts).toEqual({ pending: 2, packed: 0, shipped: 1, delivered: 0, cancelled: 0 });
    const searched = await list(`?q=CB${String(quick).padStart(8, '0')}`);
    expect(searched.counts).toEqual({ pending: 0, packed: 0, shipped: 1, delivered: 0, cancelled: 0 });
    // Another seller counts only its own.
    expect((await as(t, other)('GET', '/api/vendor/orders')).json().counts).toEqual({
      pending: 1,
      packed: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    });
  });
});
