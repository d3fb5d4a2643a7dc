import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrashWorld, crashEngines, createCrashWorld, placeOrderOverHttp } from '#server/testing/crash-world.ts';
import { type FakeRazorpay, startFakeRazorpay } from '#server/testing/fakes/razorpay/fake-razorpay.ts';

/**
 * Razorpay: a real server process is killed (SIGKILL, from inside) after Razorpay has captured
 * the shopper's money and before anything is recorded. A new process on the same database
 * confirms the order exactly once from Razorpay's webhooks, and the browser's answer sent again
 * finds it done.
 */
describe.each(crashEngines)('kill -9 between Razorpay’s capture and our confirmation, on $engine', ({ engine }) => {
  let world: CrashWorld;
  let fake: FakeRazorpay;
  const start = (extra: Record<string, string> = {}) =>
    world.start({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_URL: fake.url,
      ...extra,
    });

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    fake.switches.holdWebhooks = true;
    world = await createCrashWorld(engine, 'rzpcrash');
  });
  afterAll(async () => {
    await world?.close();
    await fake?.close();
  });

  it('confirms the order once from the webhooks after restart; the browser’s answer again finds it done', async () => {
    const server = await start({ NODE_ENV: 'test', TEST_FAULT: 'kill-after-capture' });
    const { cookie, order } = await placeOrderOverHttp(world, `kavya.rzp.${engine}@example.in`, `rzp-crash-${engine}`);
    const started = await world.call('POST', `/api/orders/${order.id}/payments`, { cookie, body: { method: 'upi' } });
    expect(started.status, started.body).toBe(200);
    const { payment, razorpay } = started.json() as { payment: { id: number }; razorpay: { orderId: string } };
    const handler = await fake.pay(razorpay.orderId, { method: 'upi' });

    // The process dies with the money captured at Razorpay and nothing recorded here.
    await expect(world.call('POST', `/api/payments/${payment.id}/razorpay`, { cookie, body: handler })).rejects.toThrow();
    expect(await server.exited).toBeNull();
    expect(server.child.signalCode).toBe('SIGKILL');
    const left = await world.handle.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(left.status).toBe('pending_payment');

    // A new process hears Razorpay's webhooks, which were waiting, and confirms the order.
    const restarted = await start();
    fake.webhookUrl = `http://127.0.0.1:${restarted.port}/api/webhooks/razorpay`;
    await fake.flushWebhooks();
    expect(fake.sentWebhooks.map((w) => w.status)).toEqual(fake.sentWebhooks.map(() => 200));
    const after = await world.call('GET', `/api/orders/${order.id}`, { cookie });
    expect(after.json()).toMatchObject({ status: 'confirmed' });
    expect(after.json().payments.map((p: { status: string }) => p.status)).toEqual(['captured']);

    const again = await world.call('POST', `/api/payments/${payment.id}/razorpay`, { cookie, body: handler });
    expect(again.status, again.body).toBe(200);
    expect(again.json()).toMatchObject({ next: 'done', orderStatus: 'confirmed' });
    const mails = await world.handle.db.selectFrom('outbox').select(['payload', 'status']).where('kind', '=', 'mail').execute();
    expect(mails.filter((m) => m.payload.includes('is confirmed'))).toEqual([expect.objectContaining({ status: 'done' })]);
  }, 120_000); // two server processes start, seconds each on a loaded machine
});
