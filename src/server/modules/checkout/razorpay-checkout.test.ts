import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { indiaDate } from '#shared/india-time.ts';
import { rupees } from '#shared/money.ts';
import type { CheckoutOptions, Order, PaymentResult } from '#shared/schemas/orders.ts';
import type { ReconciliationReport } from '#shared/schemas/reconciliation.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { type FakeRazorpay, startFakeRazorpay } from '#server/testing/fakes/razorpay/fake-razorpay.ts';
import { as, registerCustomer, signInAdmin, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { GATEWAY_QUIET_MS } from './hosted-checkout.service.ts';

type Handler = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
let keySequence = 0;

/**
 * Paying through Razorpay, against the fake Razorpay: the browser's answer, the webhooks and the
 * reconciler reach the same payment in any order and any number of times, and it ends as one
 * confirmed order and one capture (or its refund).
 */
describe.each(testDialects())('paying through Razorpay on %s', (dialect) => {
  let fake: FakeRazorpay;
  let t: TestApp;
  let asha: TestUser;
  let admin: TestUser;
  let addressId: number;
  let monitor: number;

  const placeOrder = async (): Promise<Order> => {
    const response = await as(t, asha)('POST', '/api/checkout/orders', {
      idempotencyKey: `rzp-${++keySequence}-${Date.now()}`,
      addressId,
      items: [{ productId: monitor, quantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const start = async (orderId: number): Promise<PaymentResult> => {
    const response = await as(t, asha)('POST', `/api/orders/${orderId}/payments`, { method: 'upi' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const answer = (paymentId: number, body: Handler) => as(t, asha)('POST', `/api/payments/${paymentId}/razorpay`, body);
  const getOrder = async (id: number) => (await as(t, asha)('GET', `/api/orders/${id}`)).json() as Order;
  const shopperPays = async (gatewayOrderId: string) => (await fake.pay(gatewayOrderId, { method: 'upi' })) as Handler;
  /** Captured payments at the fake for one of its orders. */
  const capturesAt = async (gatewayOrderId: string) =>
    (await t.services.gatewayPayments.hosted!.paymentsOfOrder(gatewayOrderId)).filter((p) => p.status === 'captured').length;
  const confirmationMails = async (orderNumber: string) =>
    (await t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'mail').execute()).filter((row) =>
      row.payload.includes(`order ${orderNumber} is confirmed`),
    ).length;
  const storedEvents = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('gateway_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  /** Runs the reconciler as if the attempts had had no news for longer than it waits. */
  const reconcileLater = async () => {
    await t.database.db
      .updateTable('payments')
      .set({ updated_at: new Date(Date.now() - GATEWAY_QUIET_MS - 1000).toISOString() })
      .where('awaiting', '=', 'gateway')
      .execute();
    return t.services.hostedCheckout.reconcile();
  };

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await buildTestApp(dialect, {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_URL: fake.url,
      RAZORPAY_CHECKOUT_URL: `${fake.url}/v1/checkout.js`,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/webhooks/razorpay`;
    const lg = await createVendor(t.services, { name: 'LG Brand Shop' });
    monitor = (
      await createProduct(t.services, { vendorId: lg.id, category: 'Monitor', name: 'LG 24MP400', price: rupees(8_999), stock: 500 })
    ).id;
    asha = await registerCustomer(t, `asha.rzp.${dialect}@example.in`, 'Asha Rao');
    admin = await signInAdmin(t, `ops.rzp.${dialect}@admin.in`);
    addressId = (
      await as(t, asha)('POST', '/api/account/addresses', {
        name: 'Asha Rao',
        phone: '9845012345',
        line1: '5 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560025',
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    Object.assign(fake.switches, {
      holdWebhooks: true,
      duplicateWebhooks: false,
      reorderWebhooks: false,
      failRefunds: false,
      holdRefunds: false,
    });
  });

  it('names the gateway in the checkout options, in test mode for rzp_test_ keys, and allows its hosts in the CSP', async () => {
    const response = await as(t, asha)('GET', '/api/checkout/options');
    const options = response.json() as CheckoutOptions;
    expect(options.gateway).toEqual({ provider: 'razorpay', keyId: fake.keyId, checkoutScriptUrl: `${fake.url}/v1/checkout.js` });
    expect(options.testMode).toBe(fake.keyId.startsWith('rzp_test_'));
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${fake.url}`);
    expect(csp).toContain(`frame-src 'self' ${fake.url}`);
    expect(csp).toContain(`connect-src 'self' ${fake.url}`);
  });

  it('refuses card details: they are typed into Razorpay, never sent to us', async () => {
    const order = await placeOrder();
    const card = { number: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: 2031, cvv: '123', name: 'Asha Rao' };
    const response = await as(t, asha)('POST', `/api/orders/${order.id}/payments`, { method: 'card', card });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Unexpected field: card/);
    expect((await getOrder(order.id)).payments).toHaveLength(0);
  });

  it('a paid order end to end: Razorpay order, Checkout, the signed answer, one confirmed order and one capture', async () => {
    const order = await placeOrder();
    const started = await start(order.id);
    expect(started.next).toBe('razorpay');
    expect(started.razorpay).toMatchObject({
      keyId: fake.keyId,
      amount: order.total,
      currency: 'INR',
      method: 'upi',
      description: `Order ${order.number}`,
      prefill: { name: 'Asha Rao', email: asha.email, contact: '+919845012345' },
    });
    const rzpOrder = started.razorpay!.orderId;
    expect(rzpOrder).toMatch(/^order_/);
    // Asked again before paying: the same Razorpay order, never a second one to pay.
    expect((await start(order.id)).razorpay!.orderId).toBe(rzpOrder);

    const handler = await shopperPays(rzpOrder);
    const done = await answer(started.payment.id, handler);
    expect(done.statusCode, done.body).toBe(200);
    const result = done.json() as PaymentResult;
    expect(result).toMatchObject({ next: 'done', orderStatus: 'confirmed' });
    expect(result.payment).toMatchObject({ status: 'captured', reference: handler.razorpay_payment_id, amount: order.total });

    // The webhooks that follow, even twice, change nothing.
    fake.switches.duplicateWebhooks = true;
    await fake.flushWebhooks();
    expect(fake.sentWebhooks.filter((w) => w.status !== 200)).toEqual([]);
    const after = await getOrder(order.id);
    expect(after.status).toBe('confirmed');
    expect(after.payments.filter((p) => p.status === 'captured')).toHaveLength(1);
    expect(await capturesAt(rzpOrder)).toBe(1);
    expect(await confirmationMails(order.number)).toBe(1);
    expect((await as(t, asha)('GET', `/api/payments/${started.payment.id}`)).json().payment.status).toBe('captured');
  });

  it('a forged handler signature is refused and changes nothing', async () => {
    const order = await placeOrder();
    const started = await start(order.id);
    const handler = await shopperPays(started.razorpay!.orderId);
    const forged = { ...handler, razorpay_signature: 'f'.repeat(64) };
    const refused = await answer(started.payment.id, forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/could not be verified/);
    // Nor is a real signature accepted for another payment's id.
    const other = await answer(started.payment.id, { ...handler, razorpay_payment_id: 'pay_Forged0000000' });
    expect(other.statusCode).toBe(400);
    const unchanged = await getOrder(order.id);
    expect(unchanged.status).toBe('pending_payment');
    expect(unchanged.payments[0]!.status).toBe('created');
  });

  it('a forged webhook gets 400, is not stored and changes nothing', async () => {
    const order = await placeOrder();
    const started = await start(order.id);
    await shopperPays(started.razorpay!.orderId);
    const real = fake.sentWebhooks.length;
    const before = await storedEvents();
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_Forged', order_id: started.razorpay!.orderId, amount: order.total, status: 'captured' } } },
    });
    for (const signature of ['0'.repeat(64), undefined]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/razorpay',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-event-id': 'evt_forged',
          ...(signature ? { 'x-razorpay-signature': signature } : {}),
        },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await storedEvents()).toBe(before);
    expect((await getOrder(order.id)).status).toBe('pending_payment');
    expect(fake.sentWebhooks.length).toBe(real);
  });

  it('the webhook first, then twice, then the browser: one confirmed order, one capture', async () => {
    const order = await placeOrder();
    const started = await start(order.id);
    const handler = await shopperPays(started.razorpay!.orderId);
    fake.switches.duplicateWebhooks = true;
    fake.switches.reorderWebhooks = true;
    await fake.flushWebhooks();
    expect(fake.sentWebhooks.slice(-6).map((w) => w.status)).toEqual(Array(6).fill(200));
    expect((await getOrder(order.id)).status).toBe('confirmed');
    const late = await answer(started.payment.id, handler);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ next: 'done', orderStatus: 'confirmed' });
    const after = await getOrder(order.id);
    expect(after.payments.filter((p) => p.status === 'captured')).toHaveLength(1);
    expect(await confirmationMails(order.number)).toBe(1);
    expect(await capturesAt(started.razorpay!.orderId)).toBe(1);
  });

  it('the browser and the webhook at the same moment: one confirmation', async () => {
    const order = await placeOrder();
    const started = await start(order.id);
    const handler = await shopperPays(started.razorpay!.orderId);
    fake.switches.duplicateWebhooks = true;
    const [browser] = await Promise.all([answer(started.payment.id, handler), answer(started.payment.id, handler), fake.flushWebhooks()]);
    expect(browser.statusCode, browser.body).toBe(200);
    const after = await getOrder(order.id);
    expect(after.status).toBe('confirmed');
    expect(after.payments.filter((p) => p.status === 'captured')).toHaveLength(1);
    expect(await confirmationMails(order.number)).toBe(1);
  });

  it('the browser never returns and the webhooks are lost: the reconciler asks Razorpay and confirms', async () => {
    const order = await placeOrder();
    const started = await start(order.id);
    await shopperPays(started.razorpay!.orderId);
    fake.sentWebhooks.length = 0; // never delivered
    expect((await t.services.hostedCheckout.reconcile()).confirmed).toBe(0); // too soon to ask
    expect((await reconcileLater()).confirmed).toBe(1);
    expect((await getOrder(order.id)).status).toBe('confirmed');
    expect((await reconcileLater()).confirmed).toBe(0);
    expect(await confirmationMails(order.number)).toBe(1);
  });

  it('a crash between Razorpay’s capture and our confirmation is finished by the webhook, or by a fetch', async () => {
    for (const road of ['webhook', 'fetch'] as const) {
      const order = await placeOrder();
      const started = await start(order.id);
      const handler = await shopperPays(started.razorpay!.orderId);
      // The process "dies" after Razorpay answered captured and before anything is recorded.
      const crash = new Error('killed');
      t.services.hostedCheckout.faults.afterGatewayCapture = () => {
        throw crash;
      };
      expect((await answer(started.payment.id, handler)).statusCode).toBe(500);
      t.services.hostedCheckout.faults.afterGatewayCapture = undefined;
      expect((await getOrder(order.id)).status).toBe('pending_payment');
      if (road === 'webhook') await fake.flushWebhooks();
      else {
        fake.sentWebhooks.length = 0;
        await reconcileLater();
      }
      const after = await getOrder(order.id);
      expect(after.status, road).toBe('confirmed');
      expect(after.payments.filter((p) => p.status === 'captured')).toHaveLength(1);
      expect(await confirmationMails(order.number)).toBe(1);
    }
  });

  it('paid after the order expired: the late capture is refunded, once', async () => {
    const order = await placeOrder();
    const started = await start(order.id);
    expect((await as(t, asha)('POST', `/api/orders/${order.id}/cancel`)).statusCode).toBe(200);
    await shopperPays(started.razorpay!.orderId);
    fake.switches.duplicateWebhooks = true;
    await fake.flushWebhooks();
    await fake.flushWebhooks(); // the refund's own webhooks
    const after = await getOrder(order.id);
    expect(after.status).toBe('cancelled');
    expect(after.payments[0]).toMatchObject({ status: 'refunded', refundedAmount: order.total });
    const refunds = fake.requests.filter((r) => r.method === 'POST' && /\/refund$/.test(r.path));
    expect(new Set(refunds.map((r) => r.headers['x-refund-idempotency'])).size).toBe(1);
    expect(after.payments[0]!.refunds).toEqual([
      expect.objectContaining({ amount: order.total, status: 'processed', arn: expect.any(String) }),
    ]);
  });

  it('an admin refund whose answer is lost is made once, and refund.processed shows the ARN', async () => {
    const order = await placeOrder();
    const started = await start(order.id);
    const paid = (await answer(started.payment.id, await shopperPays(started.razorpay!.orderId))).json() as PaymentResult;
    fake.switches.loseNextAnswer.push({ method: 'POST', path: /\/refund$/ });
    const refund = await as(t, admin)('POST', `/api/admin/payments/${paid.payment.id}/refund`, {
      amount: rupees(1_000),
      reason: 'Price drop goodwill',
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    // The lost answer left the job queued; the outbox worker asks again with the same key.
    await t.database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where('status', '=', 'pending')
      .execute();
    await t.services.outbox.work();
    const calls = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${paid.payment.reference}/refund`);
    expect(calls.length).toBe(2);
    expect(new Set(calls.map((c) => c.headers['x-refund-idempotency'])).size).toBe(1);
    const atGateway = await t.services.gatewayPayments.hosted!.fetchPayment(paid.payment.reference);
    expect(atGateway.amountRefunded).toBe(rupees(1_000));
    await fake.flushWebhooks();
    const detail = (await as(t, admin)('GET', `/api/admin/payments/${paid.payment.id}`)).json();
    expect(detail.refunds).toEqual([expect.objectContaining({ amount: rupees(1_000), status: 'processed', arn: expect.any(String) })]);
    const mine = (await getOrder(order.id)).payments[0]!;
    expect(mine.refunds).toEqual([expect.objectContaining({ status: 'processed', arn: detail.refunds[0].arn })]);
  });

  it('the reconciliation report finds a planted payment and an amount mismatch, and is kept for the admin', async () => {
    const today = indiaDate(new Date());
    const planted = fake.plantPayment({ amount: rupees(4_321), status: 'captured' });
    const order = await placeOrder();
    const started = await start(order.id);
    const handler = await shopperPays(started.razorpay!.orderId);
    expect((await answer(started.payment.id, handler)).statusCode).toBe(200);
    fake.setAmount(handler.razorpay_payment_id, order.total - 100);
    fake.settle();
    const run = await as(t, admin)('POST', '/api/admin/payments/reconciliation', { date: today });
    expect(run.statusCode, run.body).toBe(200);
    const report = run.json() as ReconciliationReport;
    expect(report.differences).toContainEqual({
      kind: 'missing_here',
      paymentId: null,
      gatewayPaymentId: planted.id,
      ours: null,
      theirs: rupees(4_321),
      resolution: null,
    });
    expect(report.differences).toContainEqual(
      expect.objectContaining({ kind: 'amount_mismatch', paymentId: started.payment.id, ours: order.total, theirs: order.total - 100 }),
    );
    expect(report.settlements.length).toBeGreaterThan(0);
    expect(report.settlements[0]).toMatchObject({ fees: expect.any(Number), tax: expect.any(Number) });
    const kept = await as(t, admin)('GET', `/api/admin/payments/reconciliation?date=${today}`);
    expect(kept.json()).toEqual(report);
    expect((await as(t, asha)('GET', `/api/admin/payments/reconciliation?date=${today}`)).statusCode).toBe(403);
    expect((await as(t, admin)('POST', '/api/admin/payments/reconciliation', { date: '2026-02-30' })).statusCode).toBe(400);
  });

  it('the reconciler confirms a capture it finds for an order still awaiting payment', async () => {
    const order = await placeOrder();
    const started = await start(order.id);
    await shopperPays(started.razorpay!.orderId);
    fake.sentWebhooks.length = 0;
    const report = (
      await as(t, admin)('POST', '/api/admin/payments/reconciliation', { date: indiaDate(new Date()) })
    ).json() as ReconciliationReport;
    expect(report.differences).toContainEqual(
      expect.objectContaining({ kind: 'missing_here', paymentId: started.payment.id, resolution: 'confirmed' }),
    );
    expect((await getOrder(order.id)).status).toBe('confirmed');
  });
});
