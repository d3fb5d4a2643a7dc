import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Order, PaymentResult } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { as, registerCustomer, signIn, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { IN_FLIGHT_STALE_MS } from './checkout.service.ts';

const VISA = { number: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: 2031, cvv: '123', name: 'Asha Rao' };
const UPI = { method: 'upi', vpa: 'asha@okicici' } as const;
let keySequence = 0;

/**
 * What a crash or a retry between any two steps of paying leaves behind, and how it is finished.
 * A "crash" here is the state the real steps leave when nothing after them runs; the test of a
 * real kill -9 of a server process is server-crash.test.ts.
 */
describe.each(testDialects())('payments under faults on %s', (dialect) => {
  let t: TestApp;
  let asha: TestUser;
  let admin: TestUser;
  let addressId: number;
  let monitor: number;

  const placeOrder = async (): Promise<Order> => {
    const response = await as(t, asha)('POST', '/api/checkout/orders', {
      idempotencyKey: `faults-${++keySequence}-${Date.now()}`,
      addressId,
      items: [{ productId: monitor, quantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const pay = (orderId: number, body: unknown = UPI) => as(t, asha)('POST', `/api/orders/${orderId}/payments`, body);
  const getOrder = async (id: number) => (await as(t, asha)('GET', `/api/orders/${id}`)).json() as Order;
  /** What the gateway itself took for an order: its captured charges (the sandbox keeps them like a real gateway). */
  const gatewayCaptures = async (orderId: number) =>
    (
      await t.database.db
        .selectFrom('sandbox_gateway')
        .select('reference')
        .where('kind', '=', 'charge')
        .where('status', '=', 'captured')
        .where('idempotency_key', 'like', `pay_${orderId}_%`)
        .execute()
    ).length;
  const gatewayRefunds = async (orderId: number) => {
    const charges = await t.database.db
      .selectFrom('sandbox_gateway')
      .select('reference')
      .where('kind', '=', 'charge')
      .where('idempotency_key', 'like', `pay_${orderId}_%`)
      .execute();
    if (charges.length === 0) return 0;
    const refunds = await t.database.db
      .selectFrom('sandbox_gateway')
      .select('amount')
      .where('kind', '=', 'refund')
      .where(
        'charge_reference',
        'in',
        charges.map((c) => c.reference),
      )
      .execute();
    return refunds.reduce((sum, r) => sum + Number(r.amount), 0);
  };
  const confirmationMails = async (orderNumber: string) =>
    (await t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'mail').execute()).filter((row) =>
      row.payload.includes(`order ${orderNumber} is confirmed`),
    ).length;
  /** The first steps of pay(), up to and including the gateway's capture; then the process "dies". */
  const captureThenCrash = async (order: Order) => {
    const attempt = await t.database.db.transaction().execute((tx) => t.services.payments.open(tx, order.id, order.total, UPI));
    const outcome = await t.services.payments.charge(attempt, UPI);
    expect(outcome.status).toBe('captured');
    return attempt;
  };
  const age = (paymentId: number) =>
    t.database.db
      .updateTable('payments')
      .set({ updated_at: new Date(Date.now() - IN_FLIGHT_STALE_MS - 1000).toISOString() })
      .where('id', '=', paymentId)
      .execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const lg = await createVendor(t.services, { name: 'LG Brand Shop' });
    monitor = (
      await createProduct(t.services, { vendorId: lg.id, category: 'Monitor', name: 'LG 24MP400', price: rupees(8_999), stock: 500 })
    ).id;
    asha = await registerCustomer(t, 'asha.faults@example.in', 'Asha Rao');
    await t.services.authService.ensureAdmin({ email: 'ops@admin.in', password: 'admin-pass-123', name: 'Ops Admin' });
    admin = await signIn(t, { email: 'ops@admin.in', password: 'admin-pass-123' }, 'admin');
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
  afterAll(() => t.close());

  it('10 concurrent UPI payments for one order make exactly one capture', async () => {
    const order = await placeOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(order.id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/already been paid|already being processed/);
    }
    expect(await gatewayCaptures(order.id)).toBe(1);
    expect(await gatewayRefunds(order.id)).toBe(0);
    const after = await getOrder(order.id);
    expect(after.status).toBe('confirmed');
    expect(after.payments.filter((p) => p.status === 'captured')).toHaveLength(1);
  });

  it('10 concurrent OTP confirmations of one card payment make exactly one capture', async () => {
    const order = await placeOrder();
    const started = (await pay(order.id, { method: 'card', card: VISA })).json() as PaymentResult;
    expect(started.next).toBe('otp');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => as(t, asha)('POST', `/api/payments/${started.payment.id}/otp`, { otp: '123456' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await gatewayCaptures(order.id)).toBe(1);
    expect((await getOrder(order.id)).status).toBe('confirmed');
  });

  it('a crash between the capture and the confirmation: recovery confirms the order once, and a retry never charges again', async () => {
    const order = await placeOrder();
    await captureThenCrash(order);
    expect((await getOrder(order.id)).status).toBe('pending_payment');

    // The shopper retries before recovery has run: refused, not charged.
    const early = await pay(order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('A payment for this order is already being processed. Please wait a moment.');

    expect(await t.services.checkout.reconcile()).toMatchObject({ confirmed: 1 });
    expect(await t.services.checkout.reconcile()).toEqual({ confirmed: 0, refunded: 0, failed: 0, resumed: 0 });
    const after = await getOrder(order.id);
    expect(after.status).toBe('confirmed');
    expect(after.payments.map((p) => p.status)).toEqual(['captured']);
    expect(await confirmationMails(order.number)).toBe(1);

    const retry = await pay(order.id);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.message).toBe('This order has already been paid');
    expect(await gatewayCaptures(order.id)).toBe(1);
  });

  it('a capture the gateway made after the order was cancelled is refunded by recovery', async () => {
    const order = await placeOrder();
    await captureThenCrash(order);
    await t.services.orders.move(t.database.db, order.id, ['pending_payment'], 'cancelled', {
      cancelled_at: new Date().toISOString(),
      cancel_reason: 'Payment was not completed within 30 minutes',
    });
    expect(await t.services.checkout.reconcile()).toMatchObject({ refunded: 1 });
    const after = await getOrder(order.id);
    expect(after.status).toBe('cancelled');
    expect(after.payments[0]).toMatchObject({ status: 'refunded', refundedAmount: order.total });
    expect(await gatewayRefunds(order.id)).toBe(order.total);
  });

  it('an attempt the gateway never received is given up once stale, and the shopper pays again', async () => {
    const order = await placeOrder();
    const attempt = await t.database.db.transaction().execute((tx) => t.services.payments.open(tx, order.id, order.total, UPI));
    // Fresh: another process may still be asking the gateway.
    expect(await t.services.checkout.reconcile()).toMatchObject({ failed: 0 });
    await age(attempt.id);
    expect(await t.services.checkout.reconcile()).toMatchObject({ failed: 1 });
    expect((await pay(order.id)).statusCode).toBe(200);
    expect(await gatewayCaptures(order.id)).toBe(1);
    expect((await getOrder(order.id)).status).toBe('confirmed');
  });

  it('a crash after the OTP was taken but before the bank answered lets the shopper enter it again', async () => {
    const order = await placeOrder();
    const started = (await pay(order.id, { method: 'card', card: VISA })).json() as PaymentResult;
    expect(await t.services.payments.takeStep(started.payment.id, 'otp')).toBe(true);
    // The process dies here. Until recovery, the step is taken:
    expect((await as(t, asha)('POST', `/api/payments/${started.payment.id}/otp`, { otp: '123456' })).statusCode).toBe(409);
    await age(started.payment.id);
    expect(await t.services.checkout.reconcile()).toMatchObject({ resumed: 1 });
    const done = await as(t, asha)('POST', `/api/payments/${started.payment.id}/otp`, { otp: '123456' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await gatewayCaptures(order.id)).toBe(1);
  });

  it('a payment captured before captures and confirmations were one transaction is settled by recovery', async () => {
    const order = await placeOrder();
    const attempt = await captureThenCrash(order);
    // As an older version left it: the payment recorded as captured, the order not confirmed.
    await t.database.db.updateTable('payments').set({ status: 'captured' }).where('id', '=', attempt.id).execute();
    expect(await t.services.checkout.reconcile()).toMatchObject({ confirmed: 1 });
    expect((await getOrder(order.id)).status).toBe('confirmed');
    expect(await confirmationMails(order.number)).toBe(1);
  });

  it('an order with nothing to pay is never sent to the gateway', async () => {
    const order = await placeOrder();
    await t.database.db.updateTable('orders').set({ total: 0 }).where('id', '=', order.id).execute();
    const refused = await pay(order.id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.message).toBe('This order has nothing to pay online');
    await expect(t.database.db.transaction().execute((tx) => t.services.payments.open(tx, order.id, 0, UPI))).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
    });
    await expect(
      t.database.db.transaction().execute((tx) => t.services.gatewayPayments.open(tx, order.id, 0, 'upi')),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    expect(await t.database.db.selectFrom('payments').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    expect(await gatewayCaptures(order.id)).toBe(0);
  });

  it('a capture of a cancelled order with nothing left to refund is settled by one reconciler pass, not every pass', async () => {
    const [zero, spent] = [await placeOrder(), await placeOrder()];
    const stuck = [await captureThenCrash(zero), await captureThenCrash(spent)];
    // As a 0-paise capture, and one whose whole amount is already refunded, left them: captured, the order cancelled.
    await t.database.db.updateTable('payments').set({ status: 'captured', amount: 0 }).where('id', '=', stuck[0]!.id).execute();
    await t.database.db
      .updateTable('payments')
      .set({ status: 'partially_refunded', refunded_amount: spent.total })
      .where('id', '=', stuck[1]!.id)
      .execute();
    await t.database.db.updateTable('orders').set({ status: 'cancelled' }).where('id', 'in', [zero.id, spent.id]).execute();
    const passes = [];
    for (let pass = 0; pass < 4; pass++) passes.push((await t.services.checkout.reconcile()).refunded);
    expect(passes).toEqual([2, 0, 0, 0]);
    for (const { id } of stuck) expect((await t.services.payments.find(id))?.status).toBe('refunded');
    expect(await gatewayRefunds(zero.id)).toBe(0);
  });

  it('a refund the gateway refuses stays queued with its error, visible to the admin, and is done once by the worker', async () => {
    const order = await placeOrder();
    expect((await pay(order.id)).statusCode).toBe(200);
    t.services.paymentProvider.refundsFailWith = 'Gateway timed out';
    try {
      const cancel = await as(t, asha)('POST', `/api/orders/${order.id}/cancel`);
      expect(cancel.statusCode, cancel.body).toBe(200);
    } finally {
      t.services.paymentProvider.refundsFailWith = null;
    }
    const cancelled = await getOrder(order.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await gatewayRefunds(order.id)).toBe(0);
    const pending = await t.services.outbox.list({ status: 'pending', kind: 'refund' }, 1, 50);
    const job = pending.items.find((item) => (item.payload as { paymentId: number }).paymentId === cancelled.payments[0]!.id);
    expect(job).toMatchObject({ attempts: 1, lastError: 'Gateway timed out', status: 'pending' });

    // The admin sees it, on the retry queue and on the payment.
    const queue = (await as(t, admin)('GET', '/api/admin/outbox?status=pending&kind=refund')).json();
    expect(queue.pending).toBeGreaterThanOrEqual(1);
    expect(queue.items).toContainEqual(
      expect.objectContaining({
        id: job!.id,
        paymentId: cancelled.payments[0]!.id,
        attempts: 1,
        lastError: 'Gateway timed out',
        summary: `Refund of ₹8,999 on payment ${cancelled.payments[0]!.id}`,
      }),
    );
    const detail = (await as(t, admin)('GET', `/api/admin/payments/${cancelled.payments[0]!.id}`)).json();
    expect(detail.queuedRefunds).toEqual([
      expect.objectContaining({ jobId: job!.id, amount: order.total, attempts: 1, lastError: 'Gateway timed out' }),
    ]);
    expect((await as(t, asha)('GET', '/api/admin/outbox')).statusCode).toBe(403);

    // Not due yet: the worker leaves it. The admin's "retry now" while the gateway still refuses: attempt 2.
    await t.services.outbox.work();
    expect(await gatewayRefunds(order.id)).toBe(0);
    t.services.paymentProvider.refundsFailWith = 'Gateway timed out';
    const retried = await as(t, admin)('POST', `/api/admin/outbox/${job!.id}/retry`);
    t.services.paymentProvider.refundsFailWith = null;
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 2 });
    // Once due, the worker does it, once, even with two workers at it.
    await t.database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', job!.id)
      .execute();
    await Promise.all([t.services.outbox.work(), t.services.outbox.work()]);
    expect(await t.services.outbox.find(job!.id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(await gatewayRefunds(order.id)).toBe(order.total);
    expect((await as(t, admin)('GET', `/api/admin/payments/${cancelled.payments[0]!.id}`)).json().queuedRefunds).toEqual([]);
    expect((await as(t, admin)('POST', `/api/admin/outbox/${job!.id}/retry`)).statusCode).toBe(409);

    // A crash after the gateway refunded but before the job was marked done: it runs again, and nothing is refunded twice.
    await t.database.db.updateTable('outbox').set({ status: 'pending', done_at: null }).where('id', '=', job!.id).execute();
    await t.services.outbox.work();
    expect(await gatewayRefunds(order.id)).toBe(order.total);
    const refunds = await t.database.db
      .selectFrom('refunds')
      .select('amount')
      .where('payment_id', '=', cancelled.payments[0]!.id)
      .execute();
    expect(refunds.map((r) => Number(r.amount))).toEqual([order.total]);
  });

  it('a mail that cannot be written stays queued with its error and is sent by the worker later', async () => {
    const order = await placeOrder();
    // The mail folder cannot be created (a file is in its way), as on a full or read-only disk.
    const folder = path.join(t.dataDir, 'outbox');
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(folder, 'in the way');
    expect((await pay(order.id)).statusCode).toBe(200); // the order is confirmed all the same
    const [job] = (
      await t.database.db
        .selectFrom('outbox')
        .select(['id', 'payload'])
        .where('kind', '=', 'mail')
        .where('status', '=', 'pending')
        .execute()
    ).filter((row) => row.payload.includes(`order ${order.number} is confirmed`));
    expect(await t.services.outbox.find(job!.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/EEXIST|ENOTDIR/),
    });

    rmSync(folder);
    await t.database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', job!.id)
      .execute();
    await t.services.outbox.work();
    expect(await t.services.outbox.find(job!.id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    const mails = readdirSync(folder).map((file) => readFileSync(path.join(folder, file), 'utf8'));
    expect(mails.filter((mail) => mail.includes(order.number))).toHaveLength(1);
  });
});
