import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Order, PaymentResult } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { as, registerCustomer, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const VISA = { number: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: 2031, cvv: '123', name: 'Asha Rao' };
const DECLINED = { ...VISA, number: '4000 0000 0000 0002' };
let keySequence = 0;
const key = () => `checkout-key-${Date.now()}-${++keySequence}`;

describe.each(testDialects())('checkout and orders API on %s', (dialect) => {
  let t: TestApp;
  let asha: TestUser;
  let bilal: TestUser;
  let addressId: number;
  let laptop: number;
  let monitor: number;
  let mouse: number;
  let draft: number;

  const stockOf = async (id: number) =>
    (await t.database.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const count = async (table: 'orders' | 'payments') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function place(user: TestUser, items: unknown, extra: Record<string, unknown> = {}) {
    return as(t, user)('POST', '/api/checkout/orders', { idempotencyKey: key(), addressId, items, ...extra });
  }
  async function placeOk(items: unknown): Promise<Order> {
    const response = await place(asha, items);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const pay = async (orderId: number, body: unknown) => as(t, asha)('POST', `/api/orders/${orderId}/payments`, body);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const s = t.services;
    const dell = await createVendor(s, { name: 'Dell Store Delhi' });
    const lg = await createVendor(s, { name: 'LG Brand Shop' });
    laptop = (await createProduct(s, { vendorId: dell.id, name: 'Dell Inspiron 14', price: rupees(55_000), stock: 8 })).id;
    monitor = (await createProduct(s, { vendorId: lg.id, category: 'Monitor', name: 'LG 24MP400', price: rupees(8_999), stock: 20 })).id;
    mouse = (await createProduct(s, { vendorId: lg.id, category: 'Monitor', name: 'LG Mini Monitor', price: rupees(450), stock: 5 })).id;
    draft = (await createProduct(s, { vendorId: dell.id, name: 'Dell Draft Laptop', status: 'draft' })).id;
    asha = await registerCustomer(t, 'asha@example.in', 'Asha Rao');
    bilal = await registerCustomer(t, 'bilal@example.in', 'Bilal Khan');
    const address = await as(t, asha)('POST', '/api/account/addresses', {
      name: 'Asha Rao',
      phone: '9845012345',
      line1: '5 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
    });
    addressId = address.json().id;
  });
  afterAll(() => t.close());

  it('prices the order on the server, ignores client prices, splits it per vendor and takes stock', async () => {
    const order = await placeOk([
      { productId: laptop, quantity: 2, price: 1 },
      { productId: monitor, quantity: 1, unitPrice: 100 },
    ]);
    expect(order).toMatchObject({
      status: 'pending_payment',
      displayStatus: 'Awaiting payment',
      subtotal: rupees(118_999),
      shipping: 0,
      total: rupees(118_999),
      canPay: true,
    });
    expect(order.gst).toBe(Math.round((rupees(118_999) * 18) / 118));
    expect(order.items.map((i) => [i.name, i.unitPrice, i.quantity, i.vendor.name])).toEqual([
      ['Dell Inspiron 14', rupees(55_000), 2, 'Dell Store Delhi'],
      ['LG 24MP400', rupees(8_999), 1, 'LG Brand Shop'],
    ]);
    expect(order.fulfilments.map((f) => [f.vendor.name, f.status])).toEqual([
      ['Dell Store Delhi', 'pending'],
      ['LG Brand Shop', 'pending'],
    ]);
    expect(order.address).toMatchObject({ city: 'Bengaluru', pincode: '560025' });
    expect(order.number).toMatch(/^CB\d{8}$/);
    expect(await stockOf(laptop)).toBe(6);
  });

  it.each([
    [[{ productId: 1, quantity: 0 }], 'quantity must be at least 1'],
    [[{ productId: 1, quantity: -1 }], 'quantity must be at least 1'],
    [[{ productId: 1, quantity: 1.5 }], 'quantity must be a whole number'],
    [[{ productId: 1, quantity: 11 }], 'quantity must be at most 10'],
    [[{ productId: 1, quantity: 1e12 }], 'quantity must be at most 10'],
    [[{ productId: 1, quantity: '2' }], 'quantity must be a whole number'],
    [[], 'Your cart is empty'],
  ])('refuses lines %j with 400 and creates nothing', async (items, message) => {
    const before = await count('orders');
    const response = await place(asha, items);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
    expect(await count('orders')).toBe(before);
  });

  it('refuses an inactive product or too little stock with 409 naming the items, and takes nothing', async () => {
    const before = await stockOf(monitor);
    const inactive = await place(asha, [
      { productId: monitor, quantity: 1 },
      { productId: draft, quantity: 1 },
    ]);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error.message).toBe('These items are no longer available: Dell Draft Laptop');
    const tooMany = await place(asha, [
      { productId: monitor, quantity: 2 },
      { productId: mouse, quantity: 6 },
    ]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe('Not enough stock for: LG Mini Monitor (only 5 left)');
    const short = await place(asha, [
      { productId: monitor, quantity: 2 },
      { productId: laptop, quantity: 7 },
    ]);
    expect(short.statusCode).toBe(409);
    expect(short.json().error.message).toBe('Not enough stock for: Dell Inspiron 14 (only 6 left)');
    expect(await stockOf(monitor)).toBe(before);
  });

  it('refuses an address that is not the buyer’s own', async () => {
    const response = await place(bilal, [{ productId: monitor, quantity: 1 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please choose one of your saved delivery addresses');
  });

  it('makes a double-submitted checkout one order, sequentially and at once', async () => {
    const body = { idempotencyKey: key(), addressId, items: [{ productId: monitor, quantity: 1 }] };
    const first = await as(t, asha)('POST', '/api/checkout/orders', body);
    const again = await as(t, asha)('POST', '/api/checkout/orders', body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const twin = { ...body, idempotencyKey: key() };
    const both = await Promise.all([as(t, asha)('POST', '/api/checkout/orders', twin), as(t, asha)('POST', '/api/checkout/orders', twin)]);
    expect(new Set(both.map((r) => r.json().id)).size).toBe(1);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
  });

  it('sells exactly the stock when 50 checkouts race for 5 units', async () => {
    const scarce = (
      await createProduct(t.services, { name: 'Limited Edition Monitor', category: 'Monitor', price: rupees(20_000), stock: 5 })
    ).id;
    const results = await Promise.all(Array.from({ length: 50 }, () => place(asha, [{ productId: scarce, quantity: 1 }])));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(45);
    expect(await stockOf(scarce)).toBe(0);
  });

  it('pays by UPI after a failed attempt; the order is confirmed and a mail is written', async () => {
    const order = await placeOk([{ productId: monitor, quantity: 1 }]);
    const failed = await pay(order.id, { method: 'upi', vpa: 'failure@upi' });
    expect(failed.json()).toMatchObject({ next: 'retry', orderStatus: 'pending_payment', payment: { status: 'failed', method: 'upi' } });
    const bad = await pay(order.id, { method: 'upi', vpa: 'not-a-vpa' });
    expect(bad.statusCode).toBe(400);
    const ok = await pay(order.id, { method: 'upi', vpa: 'success@upi' });
    expect(ok.json()).toMatchObject({
      next: 'done',
      orderStatus: 'confirmed',
      payment: { status: 'captured', amount: order.total, details: { vpa: 'success@upi' } },
    });
    const again = await pay(order.id, { method: 'upi', vpa: 'success@upi' });
    expect(again.statusCode).toBe(409);
    const detail = (await as(t, asha)('GET', `/api/orders/${order.id}`)).json() as Order;
    expect(detail.payments.map((p) => p.status)).toEqual(['failed', 'captured']);
    const mails = readdirSync(path.join(t.dataDir, 'outbox')).map((f) => readFileSync(path.join(t.dataDir, 'outbox', f), 'utf8'));
    expect(mails.some((m) => m.includes(`order ${order.number} is confirmed`) && m.includes('asha@example.in'))).toBe(true);
  });

  it('pays by card with an OTP, never storing the number; a declined card and a wrong OTP fail', async () => {
    const order = await placeOk([{ productId: monitor, quantity: 1 }]);
    const declined = await pay(order.id, { method: 'card', card: DECLINED });
    expect(declined.json()).toMatchObject({ next: 'retry', payment: { status: 'failed', details: { network: 'Visa', last4: '0002' } } });
    for (const [card, message] of [
      [{ ...VISA, number: '4111 1111 1111 1112' }, 'The card number is not valid'],
      [{ ...VISA, expiryYear: 2020 }, 'The card has expired'],
      [{ ...VISA, cvv: '12' }, 'CVV must be 3 or 4 digits'],
    ] as const) {
      const response = await pay(order.id, { method: 'card', card });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const started = (await pay(order.id, { method: 'card', card: VISA })).json() as PaymentResult;
    expect(started).toMatchObject({ next: 'otp', payment: { status: 'created', details: { network: 'Visa', last4: '1111' } } });
    const wrong = (await as(t, asha)('POST', `/api/payments/${started.payment.id}/otp`, { otp: '000000' })).json();
    expect(wrong).toMatchObject({ next: 'retry', payment: { status: 'failed', failureReason: 'The OTP was incorrect' } });
    const retry = (await pay(order.id, { method: 'card', card: VISA })).json() as PaymentResult;
    const paid = (await as(t, asha)('POST', `/api/payments/${retry.payment.id}/otp`, { otp: '123456' })).json();
    expect(paid).toMatchObject({ next: 'done', orderStatus: 'confirmed', payment: { status: 'captured' } });
    const stored = await t.database.db.selectFrom('payments').select('details').execute();
    expect(stored.map((row) => row.details).join(' ')).not.toMatch(/4111\s?1111\s?1111|"cvv"|123"/);
  });

  it('pays by Net Banking through the bank page', async () => {
    const order = await placeOk([{ productId: monitor, quantity: 1 }]);
    const started = (await pay(order.id, { method: 'netbanking', bank: 'HDFC' })).json() as PaymentResult;
    expect(started).toMatchObject({ next: 'bank', payment: { details: { bank: 'HDFC Bank' } } });
    const page = await as(t, asha)('GET', `/api/payments/${started.payment.id}`);
    expect(page.json().order).toMatchObject({ id: order.id, total: order.total });
    expect((await as(t, bilal)('GET', `/api/payments/${started.payment.id}`)).statusCode).toBe(404);
    expect((await as(t, bilal)('POST', `/api/payments/${started.payment.id}/bank`, { outcome: 'success' })).statusCode).toBe(404);
    const failed = (await as(t, asha)('POST', `/api/payments/${started.payment.id}/bank`, { outcome: 'failure' })).json();
    expect(failed).toMatchObject({ next: 'retry', orderStatus: 'pending_payment' });
    const second = (await pay(order.id, { method: 'netbanking', bank: 'SBIN' })).json() as PaymentResult;
    const ok = (await as(t, asha)('POST', `/api/payments/${second.payment.id}/bank`, { outcome: 'success' })).json();
    expect(ok).toMatchObject({ next: 'done', orderStatus: 'confirmed' });
    expect((await as(t, asha)('POST', `/api/payments/${second.payment.id}/bank`, { outcome: 'success' })).statusCode).toBe(409);
  });

  it('offers card EMI from ₹3,000 with the plan recorded', async () => {
    const small = await placeOk([{ productId: mouse, quantity: 1 }]);
    const refused = await pay(small.id, { method: 'emi', card: VISA, months: 6 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('EMI is available on orders of ₹3,000 or more');
    const big = await placeOk([{ productId: laptop, quantity: 1 }]);
    const badTenure = await pay(big.id, { method: 'emi', card: VISA, months: 7 });
    expect(badTenure.statusCode).toBe(400);
    const started = (await pay(big.id, { method: 'emi', card: VISA, months: 12 })).json() as PaymentResult;
    expect(started.payment.details.emi).toMatchObject({ months: 12, annualRatePercent: 14 });
    expect(started.payment.details.emi!.interest).toBeGreaterThan(0);
    const noCost = (await pay(big.id, { method: 'emi', card: VISA, months: 6 })).json() as PaymentResult;
    expect(noCost.payment.details.emi).toMatchObject({ months: 6, interest: 0, monthly: Math.ceil(big.total / 6 / 100) * 100 });
    const done = (await as(t, asha)('POST', `/api/payments/${noCost.payment.id}/otp`, { otp: '123456' })).json();
    expect(done.orderStatus).toBe('confirmed');
  });

  it('cancels a paid order with a full refund and the stock returned; refuses once shipped', async () => {
    const before = await stockOf(laptop);
    const order = await placeOk([{ productId: laptop, quantity: 2 }]);
    await pay(order.id, { method: 'upi', vpa: 'asha@okicici' });
    expect(await stockOf(laptop)).toBe(before - 2);
    const cancelled = (await as(t, asha)('POST', `/api/orders/${order.id}/cancel`)).json() as Order;
    expect(cancelled).toMatchObject({ status: 'cancelled', displayStatus: 'Cancelled', canCancel: false });
    expect(cancelled.payments[0]).toMatchObject({ status: 'refunded', refundedAmount: order.total });
    expect(cancelled.fulfilments.every((f) => f.status === 'cancelled')).toBe(true);
    expect(await stockOf(laptop)).toBe(before);
    expect((await as(t, asha)('POST', `/api/orders/${order.id}/cancel`)).statusCode).toBe(409);

    const shipped = await placeOk([{ productId: monitor, quantity: 1 }]);
    await pay(shipped.id, { method: 'upi', vpa: 'asha@okicici' });
    await t.database.db
      .updateTable('fulfilments')
      .set({ status: 'shipped', shipped_at: new Date().toISOString() })
      .where('order_id', '=', shipped.id)
      .execute();
    const refused = await as(t, asha)('POST', `/api/orders/${shipped.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This order can no longer be cancelled');
  });

  it('cancels an order left unpaid for 30 minutes and returns its stock', async () => {
    const before = await stockOf(monitor);
    const order = await placeOk([{ productId: monitor, quantity: 3 }]);
    const started = (await pay(order.id, { method: 'card', card: VISA })).json() as PaymentResult;
    expect(await t.services.checkout.expireUnpaid()).toBe(0);
    await t.database.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 31 * 60 * 1000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    expect(await t.services.checkout.expireUnpaid()).toBeGreaterThanOrEqual(1);
    const expired = (await as(t, asha)('GET', `/api/orders/${order.id}`)).json() as Order;
    expect(expired).toMatchObject({ status: 'cancelled', canPay: false });
    expect(expired.payments[0]?.status).toBe('failed');
    expect(await stockOf(monitor)).toBe(before);
    const late = await as(t, asha)('POST', `/api/payments/${started.payment.id}/otp`, { otp: '123456' });
    expect(late.statusCode).toBe(409);
  });

  it('keeps exactly one payment when two OTPs for one order are confirmed at once, and never refunds twice', async () => {
    const order = await placeOk([{ productId: monitor, quantity: 1 }]);
    const first = (await pay(order.id, { method: 'card', card: VISA })).json() as PaymentResult;
    const second = (await pay(order.id, { method: 'card', card: VISA })).json() as PaymentResult;
    const answers = await Promise.all([
      as(t, asha)('POST', `/api/payments/${first.payment.id}/otp`, { otp: '123456' }),
      as(t, asha)('POST', `/api/payments/${second.payment.id}/otp`, { otp: '123456' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const detail = (await as(t, asha)('GET', `/api/orders/${order.id}`)).json() as Order;
    expect(detail.status).toBe('confirmed');
    const kept = detail.payments.reduce(
      (sum, p) => sum + (p.status === 'captured' || p.status === 'refunded' ? p.amount - p.refundedAmount : 0),
      0,
    );
    expect(kept).toBe(order.total);
    const refundAll = (reason: string) =>
      Promise.all(
        detail.payments.map((p) => t.database.db.transaction().execute((tx) => t.services.payments.queueFullRefund(tx, p.id, reason))),
      );
    const queued = await refundAll('checking twice');
    expect(queued.map((job) => job !== undefined)).toEqual(detail.payments.map((p) => p.status === 'captured'));
    await t.services.outbox.runNow(queued.filter((job) => job !== undefined));
    expect(await refundAll('a second time')).toEqual(detail.payments.map(() => undefined));
    const again = (await as(t, asha)('GET', `/api/orders/${order.id}`)).json() as Order;
    expect(again.payments.every((p) => p.refundedAmount <= p.amount)).toBe(true);
    expect(again.payments.reduce((sum, p) => sum + p.refundedAmount, 0)).toBe(order.total);
  });

  it('leaves an order paid just before its deadline alone when unpaid orders expire', async () => {
    const order = await placeOk([{ productId: monitor, quantity: 1 }]);
    await pay(order.id, { method: 'upi', vpa: 'asha@okicici' });
    await t.database.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 31 * 60 * 1000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    await t.services.checkout.expireUnpaid();
    const after = (await as(t, asha)('GET', `/api/orders/${order.id}`)).json() as Order;
    expect(after.status).toBe('confirmed');
    expect(after.payments[0]).toMatchObject({ status: 'captured', refundedAmount: 0 });
  });

  it('refuses any move the order state machine does not allow', async () => {
    const order = await placeOk([{ productId: monitor, quantity: 1 }]);
    await expect(t.services.orders.move(t.database.db, order.id, ['cancelled'], 'confirmed')).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
    });
    await expect(t.services.orders.move(t.database.db, order.id, ['pending_payment'], 'refunded')).rejects.toMatchObject({ status: 409 });
    expect(await t.services.orders.move(t.database.db, order.id, ['pending_payment'], 'cancelled')).toBe(true);
    const pay = await as(t, asha)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'success@upi' });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.message).toBe('This order has been cancelled');
  });

  it('takes a return request within 10 days of delivery only', async () => {
    const order = await placeOk([{ productId: monitor, quantity: 1 }]);
    await pay(order.id, { method: 'upi', vpa: 'asha@okicici' });
    expect((await as(t, asha)('POST', `/api/orders/${order.id}/return`, { reason: 'The panel has a dead pixel cluster' })).statusCode).toBe(
      409,
    );
    const deliveredAt = new Date(Date.now() - 11 * 24 * 60 * 60 * 1000).toISOString();
    await t.database.db
      .updateTable('fulfilments')
      .set({ status: 'delivered', delivered_at: deliveredAt })
      .where('order_id', '=', order.id)
      .execute();
    expect((await as(t, asha)('POST', `/api/orders/${order.id}/return`, { reason: 'The panel has a dead pixel cluster' })).statusCode).toBe(
      409,
    );
    await t.database.db
      .updateTable('fulfilments')
      .set({ delivered_at: new Date().toISOString() })
      .where('order_id', '=', order.id)
      .execute();
    expect((await as(t, asha)('POST', `/api/orders/${order.id}/return`, { reason: 'short' })).statusCode).toBe(400);
    const requested = (
      await as(t, asha)('POST', `/api/orders/${order.id}/return`, { reason: 'The panel has a dead pixel cluster' })
    ).json() as Order;
    // The whole order's request is a return of each of its lines: the order stays confirmed and reads "Return requested".
    expect(requested).toMatchObject({ status: 'confirmed', displayStatus: 'Return requested', canReturn: false });
    expect(requested.returns).toMatchObject([
      { status: 'requested', reason: 'other', details: 'The panel has a dead pixel cluster', resolution: 'refund', quantity: 1 },
    ]);
  });

  it('lists only the caller’s orders, newest first, and answers 404 for anyone else’s', async () => {
    const mine = (await as(t, asha)('GET', '/api/orders')).json().items as Array<{ id: number; orderDate: string; thumbnails: unknown[] }>;
    expect(mine.length).toBeGreaterThan(3);
    const dates = mine.map((o) => o.orderDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(mine[0]!.thumbnails.length).toBeGreaterThan(0);
    expect((await as(t, bilal)('GET', '/api/orders')).json().items).toEqual([]);
    const response = await as(t, bilal)('GET', `/api/orders/${mine[0]!.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Order not found');
    expect((await as(t, bilal)('POST', `/api/orders/${mine[0]!.id}/cancel`)).statusCode).toBe(404);
    expect((await as(t, asha)('GET', '/api/orders/999999')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    // Signed out with a bad body: 401, not a validation error.
    expect((await t.app.inject({ method: 'POST', url: '/api/checkout/orders', payload: { items: [] } })).statusCode).toBe(401);
  });
});
