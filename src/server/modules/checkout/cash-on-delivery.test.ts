import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Order, PaymentResult } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, completeShopDetails, registerCustomer, registerVendor, signIn, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const PUNE = { name: 'Asha Rao', phone: '9845012345', line1: '7 FC Road', city: 'Pune', state: 'Maharashtra', pincode: '411004' };
const PORT_BLAIR = {
  name: 'Asha Rao',
  phone: '9845012345',
  line1: '3 Aberdeen Bazaar',
  city: 'Port Blair',
  state: 'Andaman and Nicobar Islands',
  pincode: '744101',
};

describe.each(testDialects())('Cash on Delivery on %s', (dialect) => {
  let t: TestApp;
  let asha: TestUser;
  let admin: TestUser;
  let cashShop: TestUser & { vendorId: number };
  let otherCashShop: TestUser & { vendorId: number };
  let prepaidShop: TestUser & { vendorId: number };
  let laptop: number;
  let monitor: number;
  let costly: number;
  let prepaidOnly: number;
  let pune: number;
  let portBlair: number;
  let keys = 0;

  const stockOf = async (id: number) =>
    (await t.database.db.selectFrom('offers').select('stock').where('product_id', '=', id).executeTakeFirstOrThrow()).stock;
  const paymentsOf = (orderId: number) =>
    t.database.db.selectFrom('payments').select(['method', 'status', 'amount']).where('order_id', '=', orderId).execute();
  const outbox = (kind: 'refund' | 'mail') => t.database.db.selectFrom('outbox').select(['payload']).where('kind', '=', kind).execute();

  async function place(items: Array<{ productId: number; quantity: number }>, addressId = pune): Promise<Order> {
    const response = await as(t, asha)('POST', '/api/checkout/orders', { idempotencyKey: `cod-${dialect}-${++keys}`, addressId, items });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const payCash = (orderId: number) => as(t, asha)('POST', `/api/orders/${orderId}/payments`, { method: 'cod' });
  const orderOf = async (id: number) => (await as(t, asha)('GET', `/api/orders/${id}`)).json() as Order;
  async function deliver(seller: TestUser, fulfilmentId: number) {
    for (const [step, body] of [
      ['pack'],
      ['ship', { carrier: 'Delhivery', trackingNumber: `DLV${fulfilmentId}00042` }],
      ['deliver'],
    ] as const) {
      const response = await as(t, seller)('POST', `/api/vendor/fulfilments/${fulfilmentId}/${step}`, body);
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { COD_MAX: '60000' });
    const shop = async (email: string, name: string, settings: Record<string, boolean> = {}) => {
      const seller = await registerVendor(t, email, name);
      await completeShopDetails(t, seller, name);
      if (Object.keys(settings).length > 0) {
        await t.database.db
          .updateTable('vendors')
          .set({ accepts_cod: Number(settings.acceptsCod ?? true) })
          .where('id', '=', seller.vendorId)
          .execute();
      }
      await t.services.vendors.setStatus(seller.vendorId, 'active');
      return seller;
    };
    cashShop = await shop('cash@shop.in', 'Cash Traders');
    otherCashShop = await shop('cash2@shop.in', 'Monitor Mart');
    prepaidShop = await shop('prepaid@shop.in', 'Prepaid Only Store', { acceptsCod: false });
    laptop = (await createProduct(t.services, { vendorId: cashShop.vendorId, name: 'HP 15s Laptop', price: rupees(42_000), stock: 10 })).id;
    monitor = (
      await createProduct(t.services, {
        vendorId: otherCashShop.vendorId,
        category: 'Monitor',
        name: 'Dell 24 Monitor',
        price: rupees(11_000),
        stock: 10,
      })
    ).id;
    costly = (await createProduct(t.services, { vendorId: cashShop.vendorId, name: 'Dell XPS 15', price: rupees(61_000), stock: 10 })).id;
    prepaidOnly = (
      await createProduct(t.services, { vendorId: prepaidShop.vendorId, name: 'Asus Zenbook 14', price: rupees(30_000), stock: 10 })
    ).id;
    asha = await registerCustomer(t, 'asha.cod@example.in', 'Asha Rao');
    pune = (await as(t, asha)('POST', '/api/account/addresses', PUNE)).json().id;
    portBlair = (await as(t, asha)('POST', '/api/account/addresses', PORT_BLAIR)).json().id;
    await t.services.authService.ensureAdmin({ email: 'admin@cod.in', password: 'admin-pass-123', name: 'Cash Admin' });
    admin = await signIn(t, { email: 'admin@cod.in', password: 'admin-pass-123' }, 'admin');
  });
  afterAll(() => t.close());

  it('confirms the order at once with a payment authorized for the cash, and captures it when the last shipment is delivered', async () => {
    const order = await place([
      { productId: laptop, quantity: 1 },
      { productId: monitor, quantity: 1 },
    ]);
    expect((await as(t, asha)('GET', `/api/orders/${order.id}/cash-on-delivery`)).json()).toEqual({
      available: true,
      reason: null,
      max: rupees(60_000),
    });
    const paid = await payCash(order.id);
    expect(paid.statusCode, paid.body).toBe(200);
    const result = paid.json<PaymentResult>();
    expect(result).toMatchObject({
      next: 'done',
      orderStatus: 'confirmed',
      payment: { method: 'cod', status: 'authorized', amount: rupees(53_000), refundedAmount: 0 },
    });
    expect((await outbox('mail')).some(({ payload }) => String(payload).includes('To pay on delivery: ₹53,000 (includes GST'))).toBe(true);
    expect(await stockOf(laptop)).toBe(9);

    const [laptopShipment, monitorShipment] = (await orderOf(order.id)).fulfilments;
    // the seller's card says how much cash the courier collects for its items
    const card = (await as(t, cashShop)('GET', '/api/vendor/orders')).json().items.find((o: { orderId: number }) => o.orderId === order.id);
    expect(card.cashOnDelivery).toEqual({ amount: rupees(42_000) });
    await deliver(cashShop, laptopShipment!.id);
    // one of two shipments delivered: the rest of the cash is still to be collected
    expect(await paymentsOf(order.id)).toEqual([expect.objectContaining({ method: 'cod', status: 'authorized' })]);
    await deliver(otherCashShop, monitorShipment!.id);
    expect(await paymentsOf(order.id)).toEqual([expect.objectContaining({ method: 'cod', status: 'captured' })]);
    const delivered = await orderOf(order.id);
    expect(delivered.payments[0]).toMatchObject({ method: 'cod', status: 'captured' });
    expect(delivered.fulfilments.every((f) => f.invoice !== null)).toBe(true);
    // the seller's settlement shows the sale as paid in cash on delivery
    const settlement = (await as(t, cashShop)('GET', '/api/vendor/settlements?days=7')).json();
    expect(settlement.lines).toContainEqual(
      expect.objectContaining({ orderNumber: order.number, product: 'HP 15s Laptop', paymentMethod: 'cod' }),
    );
    const csv = (await as(t, cashShop)('GET', '/api/vendor/settlements.csv?days=7')).body;
    expect(csv).toContain(',cod');
  });

  it('refuses Cash on Delivery over COD_MAX, from a seller that takes no cash, or to the islands, by name, and changes nothing', async () => {
    const refusals: Array<[number, string]> = [
      [
        (await place([{ productId: costly, quantity: 1 }])).id,
        "Cash on Delivery is not available: this order's ₹61,000 is over the ₹60,000 limit for cash. Please choose another way to pay.",
      ],
      [
        (
          await place([
            { productId: laptop, quantity: 1 },
            { productId: prepaidOnly, quantity: 1 },
          ])
        ).id,
        "Cash on Delivery is not available: this order's ₹72,000 is over the ₹60,000 limit for cash. Please choose another way to pay.",
      ],
      [
        (await place([{ productId: prepaidOnly, quantity: 1 }])).id,
        'Cash on Delivery is not available for: Asus Zenbook 14 (The seller does not take Cash on Delivery). Please choose another way to pay.',
      ],
      [
        (await place([{ productId: monitor, quantity: 1 }], portBlair)).id,
        'Cash on Delivery is not available for: Dell 24 Monitor (Cash on Delivery is not available in Andaman and Nicobar Islands). Please choose another way to pay.',
      ],
    ];
    for (const [orderId, message] of refusals) {
      expect((await as(t, asha)('GET', `/api/orders/${orderId}/cash-on-delivery`)).json()).toEqual({
        available: false,
        reason: message,
        max: rupees(60_000),
      });
      const response = await payCash(orderId);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(message);
      expect(await paymentsOf(orderId)).toEqual([]);
      expect((await orderOf(orderId)).status).toBe('pending_payment');
    }
    // the same order may still be paid another way
    const [prepaid] = refusals[2]!;
    expect((await as(t, asha)('POST', `/api/orders/${prepaid}/payments`, { method: 'upi', vpa: 'asha@okhdfc' })).json()).toMatchObject({
      next: 'done',
      orderStatus: 'confirmed',
    });
  });

  it('leaves nothing half-written when the process fails between authorizing the cash and confirming the order, or between delivery and capture', async () => {
    const order = await place([{ productId: monitor, quantity: 1 }]);
    const move = t.services.orders.move;
    t.services.orders.move = async () => {
      throw new Error('crash between the payment and the order');
    };
    try {
      expect((await payCash(order.id)).statusCode).toBe(500);
    } finally {
      t.services.orders.move = move;
    }
    expect(await paymentsOf(order.id)).toEqual([]);
    expect((await orderOf(order.id)).status).toBe('pending_payment');
    expect((await payCash(order.id)).statusCode).toBe(200);

    const shipment = (await orderOf(order.id)).fulfilments[0]!;
    for (const [step, body] of [['pack'], ['ship', { carrier: 'Delhivery', trackingNumber: 'DLV555000111' }]] as const) {
      expect((await as(t, otherCashShop)('POST', `/api/vendor/fulfilments/${shipment.id}/${step}`, body)).statusCode).toBe(200);
    }
    const collect = t.services.payments.collectCash;
    t.services.payments.collectCash = async () => {
      throw new Error('crash between delivery and capture');
    };
    try {
      expect((await as(t, otherCashShop)('POST', `/api/vendor/fulfilments/${shipment.id}/deliver`)).statusCode).toBe(500);
    } finally {
      t.services.payments.collectCash = collect;
    }
    expect((await orderOf(order.id)).fulfilments[0]!.status).toBe('shipped');
    expect(await paymentsOf(order.id)).toEqual([expect.objectContaining({ status: 'authorized' })]);
    expect((await as(t, otherCashShop)('POST', `/api/vendor/fulfilments/${shipment.id}/deliver`)).statusCode).toBe(200);
    expect(await paymentsOf(order.id)).toEqual([expect.objectContaining({ status: 'captured' })]);
  });

  it('answers for a cart not yet ordered, as the order would be priced', async () => {
    const ask = (items: Array<{ productId: number; quantity: number }>, addressId = pune) =>
      as(t, asha)('POST', '/api/checkout/cash-on-delivery', { addressId, items });
    expect((await ask([{ productId: laptop, quantity: 1 }])).json()).toEqual({ available: true, reason: null, max: rupees(60_000) });
    expect((await ask([{ productId: laptop, quantity: 2 }])).json()).toMatchObject({
      available: false,
      reason:
        "Cash on Delivery is not available: this order's ₹84,000 is over the ₹60,000 limit for cash. Please choose another way to pay.",
    });
    expect(
      (
        await ask([
          { productId: monitor, quantity: 1 },
          { productId: prepaidOnly, quantity: 1 },
        ])
      ).json(),
    ).toMatchObject({
      available: false,
      reason:
        'Cash on Delivery is not available for: Asus Zenbook 14 (The seller does not take Cash on Delivery). Please choose another way to pay.',
    });
    expect((await ask([{ productId: monitor, quantity: 1 }], portBlair)).json()).toMatchObject({ available: false });
    expect((await ask([{ productId: monitor, quantity: 1 }], 999_999)).statusCode).toBe(400);
  });

  it('takes a double-clicked Cash on Delivery once', async () => {
    const order = await place([{ productId: laptop, quantity: 1 }]);
    const answers = await Promise.all([payCash(order.id), payCash(order.id), payCash(order.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await paymentsOf(order.id)).toEqual([expect.objectContaining({ method: 'cod', status: 'authorized' })]);
  });

  it('cancels without a refund: the payment is cancelled, no cash changed hands, and the stock comes back', async () => {
    const order = await place([{ productId: monitor, quantity: 2 }]);
    expect((await payCash(order.id)).statusCode).toBe(200);
    const stock = await stockOf(monitor);
    const refundsBefore = (await outbox('refund')).length;
    const cancelled = await as(t, asha)('POST', `/api/orders/${order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().payments[0]).toMatchObject({
      method: 'cod',
      status: 'cancelled',
      failureReason: 'Cancelled by the customer; no cash was collected',
    });
    expect((await outbox('refund')).length).toBe(refundsBefore);
    expect(await stockOf(monitor)).toBe(stock + 2);
    expect((await outbox('mail')).some(({ payload }) => String(payload).includes('No payment was taken.'))).toBe(true);
  });

  it('shows Cash on Delivery to the admin as its own method, and does not send it back through the gateway', async () => {
    const listed = await as(t, admin)('GET', '/api/admin/payments?method=cod');
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().items as Array<{ id: number; method: string; status: string }>;
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(new Set(items.map((p) => p.method))).toEqual(new Set(['cod']));
    const dashboard = (await as(t, admin)('GET', '/api/admin/dashboard?days=7')).json();
    const authorized = await t.database.db
      .selectFrom('payments')
      .select(['amount'])
      .where('method', '=', 'cod')
      .where('status', '=', 'authorized')
      .execute();
    expect(dashboard.payments.codToCollect).toEqual({
      count: authorized.length,
      amount: authorized.reduce((sum, p) => sum + Number(p.amount), 0),
    });
    expect(dashboard.payments.byMethod).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: 'cod', count: items.filter((p) => p.status === 'captured').length })]),
    );
  });

  it('sends a Cash on Delivery refund to the UPI ID or bank account the customer gives, never through the gateway', async () => {
    const order = await place([{ productId: laptop, quantity: 1 }]);
    expect((await payCash(order.id)).statusCode).toBe(200);
    await deliver(cashShop, (await orderOf(order.id)).fulfilments[0]!.id);
    const payment = (await orderOf(order.id)).payments[0]!;
    expect(payment).toMatchObject({ method: 'cod', status: 'captured' });
    const refund = (body: Record<string, unknown>) =>
      as(t, admin)('POST', `/api/admin/payments/${payment.id}/refund`, { amount: payment.amount, reason: 'Returned unopened', ...body });

    const without = await refund({});
    expect(without.statusCode).toBe(400);
    expect(without.json().error.details.issues).toEqual([
      { field: 'payout', message: 'Cash paid on delivery goes back to the customer’s UPI ID or bank account: please give one' },
    ]);
    expect((await refund({ payout: { holder: 'Asha Rao', accountNumber: '12', ifsc: 'HDFC0001234' } })).statusCode).toBe(400);
    expect((await paymentsOf(order.id))[0]).toMatchObject({ status: 'captured' });

    const done = await refund({ payout: { holder: 'Asha Rao', accountNumber: '50100123456789', ifsc: 'hdfc0001234' } });
    expect(done.statusCode, done.body).toBe(200);
    expect((await paymentsOf(order.id))[0]).toMatchObject({ status: 'refunded' });
    const payouts = await t.database.db.selectFrom('sandbox_gateway').select(['kind', 'amount']).where('kind', '=', 'payout').execute();
    expect(payouts.map((p) => Number(p.amount))).toContain(payment.amount);
    expect((await outbox('mail')).some(({ payload }) => String(payload).includes('to your bank account ending 6789 (HDFC0001234)'))).toBe(
      true,
    );
    // a card payment takes no payout destination: its money goes back the way it came
    const prepaid = await place([{ productId: monitor, quantity: 1 }]);
    const upi = (
      await as(t, asha)('POST', `/api/orders/${prepaid.id}/payments`, { method: 'upi', vpa: 'asha@okhdfc' })
    ).json<PaymentResult>().payment;
    expect(
      (
        await as(t, admin)('POST', `/api/admin/payments/${upi.id}/refund`, {
          amount: 100,
          reason: 'Goodwill gesture',
          payout: { upi: 'asha@okhdfc' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
