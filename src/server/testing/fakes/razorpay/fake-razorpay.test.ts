import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signWebhook, startFakeRazorpay, type FakeRazorpay } from './fake-razorpay.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in for the store's webhook endpoint: keeps every raw body it is sent. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/razorpay`,
    received,
    events: () => received.map((r) => (JSON.parse(r.body) as { event: string }).event),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The official SDK, pointed at the fake: its host is fixed, so the axios instance's base URL is moved. */
function sdkFor(fake: FakeRazorpay, secret = fake.keySecret) {
  const sdk = new Razorpay({ key_id: fake.keyId, key_secret: secret });
  const api = sdk.api as unknown as {
    rq: { defaults: { baseURL?: string }; post: (url: string, body: unknown, config: unknown) => Promise<{ data: unknown }> };
  };
  api.rq.defaults.baseURL = fake.url;
  return { sdk, rq: api.rq };
}

/** The SDK types recon/combined as one item; the API answers a collection of them. */
async function reconFor(client: Razorpay, day: { year: number; month: number; day: number }) {
  const answer: unknown = await client.settlements.reports(day);
  return answer as { count: number; items: Array<Record<string, unknown> & { entity_id: string; type: string }> };
}

let fake: FakeRazorpay;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sdk: Razorpay;
let rq: ReturnType<typeof sdkFor>['rq'];

beforeEach(async () => {
  fake = await startFakeRazorpay();
  receiver = await startReceiver();
  fake.webhookUrl = receiver.url;
  ({ sdk, rq } = sdkFor(fake));
});

afterEach(async () => {
  await fake.close();
  await receiver.close();
});

async function paidOrder(amount = 129_999_00) {
  const order = await sdk.orders.create({ amount, currency: 'INR', receipt: 'attempt_1', notes: { order: 'CB-1001' } });
  const handler = await fake.pay(order.id, { method: 'upi' });
  if ('error' in handler) throw new Error('payment failed');
  await fake.flushWebhooks();
  return { order, handler };
}

describe('orders', () => {
  it('creates and fetches an order with the SDK, as the reference shows it', async () => {
    const order = await sdk.orders.create({ amount: 50_000, currency: 'INR', receipt: 'Receipt #20', notes: { key1: 'value1' } });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 50_000,
      amount_paid: 0,
      amount_due: 50_000,
      currency: 'INR',
      status: 'created',
      attempts: 0,
    });
    expect(order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(await sdk.orders.fetch(order.id)).toEqual(order);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/orders/${order.id}` });
  });

  it('refuses a wrong key secret with 401 and Razorpay error body', async () => {
    const { sdk: wrong } = sdkFor(fake, 'not-the-secret');
    await expect(wrong.orders.create({ amount: 50_000, currency: 'INR' })).rejects.toMatchObject({
      statusCode: 401,
      error: { code: 'BAD_REQUEST_ERROR', description: expect.stringContaining('invalid') as unknown },
    });
  });

  it('refuses an amount under ₹1 and a receipt over 40 characters, naming the field', async () => {
    await expect(sdk.orders.create({ amount: 99, currency: 'INR' })).rejects.toMatchObject({ statusCode: 400, error: { field: 'amount' } });
    await expect(sdk.orders.create({ amount: 100, currency: 'INR', receipt: 'r'.repeat(41) })).rejects.toMatchObject({
      statusCode: 400,
      error: { field: 'receipt', code: 'BAD_REQUEST_ERROR' },
    });
  });

  it('makes a second order for the same receipt (Razorpay does not deduplicate on it)', async () => {
    const first = await sdk.orders.create({ amount: 100, currency: 'INR', receipt: 'same' });
    const second = await sdk.orders.create({ amount: 100, currency: 'INR', receipt: 'same' });
    expect(second.id).not.toBe(first.id);
    expect((await sdk.orders.all({ receipt: 'same' })).count).toBe(2);
    await expect(sdk.orders.create({ amount: 100, currency: 'INR', receipt: 'same', unique_receipt: true } as never)).rejects.toMatchObject(
      {
        statusCode: 400,
        error: { description: 'Order receipt should be unique.', field: 'receipt' },
      },
    );
  });
});

describe('payments', () => {
  it('signs the handler payload so the SDK verifies it, and captures the payment with its fee', async () => {
    const { order, handler } = await paidOrder();
    const verified = validatePaymentVerification(
      { order_id: handler.razorpay_order_id, payment_id: handler.razorpay_payment_id },
      handler.razorpay_signature,
      fake.keySecret,
    );
    expect(verified).toBe(true);
    expect(validatePaymentVerification({ order_id: order.id, payment_id: 'pay_forged' }, handler.razorpay_signature, fake.keySecret)).toBe(
      false,
    );
    const payment = await sdk.payments.fetch(handler.razorpay_payment_id);
    // 2% of ₹1,29,999 is 259998 paise, plus 18% GST on it (46800): the fee includes the GST.
    expect(payment).toMatchObject({
      status: 'captured',
      captured: true,
      amount: 129_999_00,
      order_id: order.id,
      method: 'upi',
      fee: 306_798,
      tax: 46_800,
    });
    expect(await sdk.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_paid: 129_999_00, amount_due: 0, attempts: 1 });
    expect((await sdk.orders.fetchPayments(order.id)).items.map((p) => p.id)).toEqual([payment.id]);
  });

  it('sends payment.authorized, payment.captured and order.paid, signed over the raw body', async () => {
    const { order, handler } = await paidOrder();
    expect(receiver.events()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    for (const { headers, body } of receiver.received) {
      expect(Razorpay.validateWebhookSignature(body, String(headers['x-razorpay-signature']), fake.webhookSecret)).toBe(true);
      expect(headers['x-razorpay-signature']).toBe(signWebhook(body, fake.webhookSecret));
      expect(headers['x-razorpay-event-id']).toMatch(/^[0-9A-Za-z]{14}$/);
    }
    const paid = JSON.parse(receiver.received[2]?.body ?? '{}') as Record<string, unknown>;
    expect(paid).toMatchObject({
      entity: 'event',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: { entity: { id: handler.razorpay_payment_id, status: 'captured' } },
        order: { entity: { id: order.id, status: 'paid' } },
      },
    });
    expect(paid.account_id).toMatch(/^acc_/);
    expect(typeof paid.created_at).toBe('number');
    expect(fake.sentWebhooks.map((w) => w.status)).toEqual([200, 200, 200]);
  });

  it('fails a payment with Checkout error and a payment.failed webhook; the order stays open', async () => {
    const order = await sdk.orders.create({ amount: 50_000, currency: 'INR' });
    const result = await fake.pay(order.id, { method: 'card', fail: true });
    if (!('error' in result)) throw new Error('expected a failure');
    expect(result.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      source: 'customer',
      step: 'payment_authentication',
      metadata: { order_id: order.id },
    });
    await fake.flushWebhooks();
    expect(receiver.events()).toEqual(['payment.failed']);
    expect(await sdk.payments.fetch(result.error.metadata.payment_id)).toMatchObject({ status: 'failed', error_reason: 'incorrect_otp' });
    expect(await sdk.orders.fetch(order.id)).toMatchObject({ status: 'attempted', attempts: 1 });
    const retry = await fake.pay(order.id, { method: 'upi' });
    expect('razorpay_payment_id' in retry).toBe(true);
  });

  it('captures an authorized payment only for its full amount, once', async () => {
    const { id } = fake.plantPayment({ amount: 10_000, status: 'authorized' });
    await expect(sdk.payments.capture(id, 9_000, 'INR')).rejects.toMatchObject({ statusCode: 400, error: { field: 'amount' } });
    expect(await sdk.payments.capture(id, 10_000, 'INR')).toMatchObject({ status: 'captured', fee: 236, tax: 36 });
    await expect(sdk.payments.capture(id, 10_000, 'INR')).rejects.toMatchObject({ statusCode: 400 });
    await fake.flushWebhooks();
    expect(receiver.events()).toEqual(['payment.captured']);
  });

  it('lists payments by created time with from, to, count and skip, newest first', async () => {
    const day = (d: number) => new Date(Date.UTC(2026, 11, d, 6));
    const ids = [1, 2, 3, 4].map((d) => fake.plantPayment({ amount: 1_000 * d, createdAt: day(d) }).id);
    const window = await sdk.payments.all({ from: day(2).getTime() / 1000, to: day(4).getTime() / 1000, count: 2, skip: 0 });
    expect(window.items.map((p) => p.id)).toEqual([ids[3], ids[2]]);
    const next = await sdk.payments.all({ from: day(2).getTime() / 1000, to: day(4).getTime() / 1000, count: 2, skip: 2 });
    expect(next.items.map((p) => p.id)).toEqual([ids[1]]);
    fake.setAmount(ids[0] ?? '', 777);
    expect((await sdk.payments.fetch(ids[0] ?? '')).amount).toBe(777);
    await expect(sdk.payments.all({ count: 101 })).rejects.toMatchObject({ statusCode: 400, error: { field: 'count' } });
  });
});

describe('refunds', () => {
  it('creates a pending refund that the bank then processes with an ARN, with both webhooks', async () => {
    const { handler } = await paidOrder(50_000);
    fake.switches.holdRefunds = true;
    const refund = await sdk.payments.refund(handler.razorpay_payment_id, { amount: 20_000, speed: 'normal', receipt: 'outbox_42' });
    expect(refund).toMatchObject({
      entity: 'refund',
      amount: 20_000,
      status: 'pending',
      payment_id: handler.razorpay_payment_id,
      receipt: 'outbox_42',
    });
    expect(refund.acquirer_data?.arn ?? null).toBeNull();
    await fake.processRefunds();
    const processed = await sdk.refunds.fetch(refund.id);
    expect(processed.status).toBe('processed');
    expect(processed.acquirer_data?.arn).toMatch(/^\d{10,}$/);
    expect((await sdk.payments.fetchMultipleRefund(handler.razorpay_payment_id)).items.map((r) => r.id)).toEqual([refund.id]);
    expect(await sdk.payments.fetch(handler.razorpay_payment_id)).toMatchObject({
      amount_refunded: 20_000,
      refund_status: 'partial',
      status: 'captured',
    });
    await fake.flushWebhooks();
    expect(receiver.events().slice(3)).toEqual(['refund.created', 'refund.processed']);
    const last = JSON.parse(receiver.received.at(-1)?.body ?? '{}') as {
      contains: string[];
      payload: { refund: { entity: { acquirer_data: { arn: string } } } };
    };
    expect(last.contains).toEqual(['refund', 'payment']);
    expect(last.payload.refund.entity.acquirer_data.arn).toBe(processed.acquirer_data?.arn);
  });

  it('processes a refund by itself unless held, and fails it with failRefunds', async () => {
    const { handler } = await paidOrder(50_000);
    fake.switches.failRefunds = true;
    const refund = await sdk.payments.refund(handler.razorpay_payment_id, {});
    expect(refund.amount).toBe(50_000);
    await fake.processRefunds();
    expect((await sdk.refunds.fetch(refund.id)).status).toBe('failed');
    expect(await sdk.payments.fetch(handler.razorpay_payment_id)).toMatchObject({
      amount_refunded: 0,
      refund_status: null,
      status: 'captured',
    });
    await fake.flushWebhooks();
    expect(receiver.events().slice(3)).toEqual(['refund.created', 'refund.failed']);
  });

  it('refuses more than is left to refund', async () => {
    const { handler } = await paidOrder(50_000);
    await sdk.payments.refund(handler.razorpay_payment_id, { amount: 30_000 });
    await expect(sdk.payments.refund(handler.razorpay_payment_id, { amount: 30_000 })).rejects.toMatchObject({
      statusCode: 400,
      error: { field: 'amount' },
    });
  });

  it('makes one refund for one X-Refund-Idempotency key, and refuses the key with another body', async () => {
    const { handler } = await paidOrder(50_000);
    const url = `/v1/payments/${handler.razorpay_payment_id}/refund`;
    const headers = { headers: { 'X-Refund-Idempotency': 'outbox-job-0001' } };
    fake.switches.loseNextAnswer.push({ path: /\/refund$/ });
    await expect(rq.post(url, { amount: 10_000 }, headers)).rejects.toThrow();
    const again = await rq.post(url, { amount: 10_000 }, headers);
    expect((await sdk.payments.fetchMultipleRefund(handler.razorpay_payment_id)).items.map((r) => r.id)).toEqual([
      (again.data as { id: string }).id,
    ]);
    await expect(rq.post(url, { amount: 20_000 }, headers)).rejects.toMatchObject({
      response: {
        status: 400,
        data: { error: { description: 'Different request with the same idempotency key has already been processed.' } },
      },
    });
    await expect(rq.post(url, { amount: 10_000 }, { headers: { 'X-Refund-Idempotency': 'short' } })).rejects.toMatchObject({
      response: { status: 400 },
    });
  });
  it('answers 409 to a retry with the same key while the first refund request is still being answered', async () => {
    const { handler } = await paidOrder(50_000);
    const url = `/v1/payments/${handler.razorpay_payment_id}/refund`;
    const headers = { headers: { 'X-Refund-Idempotency': 'outbox-job-0002' } };
    fake.switches.delayMs = 200;
    const [first, second] = await Promise.allSettled([
      rq.post(url, { amount: 10_000 }, headers),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => rq.post(url, { amount: 10_000 }, headers)),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { response: { status: 409 } } });
    expect((await sdk.payments.fetchMultipleRefund(handler.razorpay_payment_id)).count).toBe(1);
  });
});

describe('settlements', () => {
  it('settles captured payments less fees, GST on fees and refunds, and itemises them in recon/combined', async () => {
    const { order, handler } = await paidOrder(100_000);
    await sdk.payments.refund(handler.razorpay_payment_id, { amount: 10_000 });
    await fake.processRefunds();
    const planted = fake.plantPayment({ amount: 50_000 });
    const date = new Date('2026-12-03T12:00:00+05:30');
    const { id } = fake.settle({ date });
    // fees: 2% of ₹1,500 = 3000 paise; GST 18% of that = 540; refund ₹100.
    const settlement = await sdk.settlements.fetch(id);
    expect(settlement).toMatchObject({
      entity: 'settlement',
      status: 'processed',
      fees: 3_000,
      tax: 540,
      amount: 150_000 - 3_540 - 10_000,
    });
    expect(settlement.utr).toMatch(/^\d{10}[0-9a-z]{6}$/);
    expect((await sdk.settlements.all({})).items.map((s) => s.id)).toEqual([id]);
    const recon = await reconFor(sdk, { year: 2026, month: 12, day: 3 });
    expect(recon.count).toBe(3);
    const byId = new Map(recon.items.map((item) => [item.entity_id, item]));
    expect(byId.get(handler.razorpay_payment_id)).toMatchObject({
      type: 'payment',
      amount: 100_000,
      fee: 2_360,
      tax: 360,
      credit: 97_640,
      debit: 0,
      order_id: order.id,
      order_receipt: 'attempt_1',
      settlement_id: id,
      settlement_utr: settlement.utr,
    });
    expect(byId.get(planted.id)).toMatchObject({ type: 'payment', order_id: null, amount: 50_000 });
    expect([...byId.values()].find((item) => item.type === 'refund')).toMatchObject({
      debit: 10_000,
      payment_id: handler.razorpay_payment_id,
    });
    expect((await reconFor(sdk, { year: 2026, month: 12, day: 4 })).count).toBe(0);
    expect(fake.settle().id).not.toBe(id);
    expect((await sdk.settlements.fetch(fake.settle().id)).amount).toBe(0);
  });
});

describe('switches', () => {
  it('failNext answers the first matching request with the given status and does not perform it', async () => {
    fake.switches.failNext.push({ method: 'POST', path: /\/v1\/orders$/, status: 503 });
    fake.switches.failNext.push({
      status: 400,
      error: { code: 'GATEWAY_ERROR', description: 'Payment processing failed due to error at bank or wallet gateway' },
    });
    await expect(sdk.orders.create({ amount: 100, currency: 'INR' })).rejects.toMatchObject({
      statusCode: 503,
      error: { code: 'SERVER_ERROR' },
    });
    await expect(sdk.orders.all({})).rejects.toMatchObject({ statusCode: 400, error: { code: 'GATEWAY_ERROR' } });
    expect((await sdk.orders.all({})).count).toBe(0);
    expect(fake.switches.failNext).toEqual([]);
  });

  it('loseNextAnswer performs the request and cuts the connection before answering', async () => {
    fake.switches.loseNextAnswer.push({ method: 'POST', path: /\/v1\/orders$/ });
    await expect(sdk.orders.create({ amount: 100, currency: 'INR', receipt: 'lost' })).rejects.toBeDefined();
    expect((await sdk.orders.all({ receipt: 'lost' })).count).toBe(1);
  });

  it('delayMs holds every REST answer back', async () => {
    fake.switches.delayMs = 150;
    const started = performance.now();
    await sdk.orders.create({ amount: 100, currency: 'INR' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('duplicateWebhooks sends each event twice with the same event id', async () => {
    fake.switches.duplicateWebhooks = true;
    await paidOrder();
    expect(receiver.events()).toEqual([
      'payment.authorized',
      'payment.authorized',
      'payment.captured',
      'payment.captured',
      'order.paid',
      'order.paid',
    ]);
    const ids = receiver.received.map((r) => r.headers['x-razorpay-event-id']);
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toBe(ids[1]);
  });

  it('reorderWebhooks sends a batch in reverse order', async () => {
    fake.switches.reorderWebhooks = true;
    await paidOrder();
    expect(receiver.events()).toEqual(['order.paid', 'payment.captured', 'payment.authorized']);
  });

  it('holdWebhooks keeps events until flushWebhooks, and webhookDelayMs delays them', async () => {
    fake.switches.holdWebhooks = true;
    fake.switches.webhookDelayMs = 100;
    const order = await sdk.orders.create({ amount: 100, currency: 'INR' });
    await fake.pay(order.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received).toEqual([]);
    const started = performance.now();
    await fake.flushWebhooks();
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(receiver.events()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
  });

  it('records a webhook nobody answered with status null', async () => {
    await receiver.close();
    const order = await sdk.orders.create({ amount: 100, currency: 'INR' });
    await fake.pay(order.id, { fail: true });
    await fake.flushWebhooks();
    expect(fake.sentWebhooks).toMatchObject([{ event: 'payment.failed', status: null }]);
    receiver = await startReceiver();
  });
});
