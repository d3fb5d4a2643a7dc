import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrashWorld, crashEngines, createCrashWorld, placeOrderOverHttp } from '#server/testing/crash-world.ts';

/**
 * A real server process is killed (SIGKILL, from inside, at the worst moment: the gateway has
 * captured the money and nothing is recorded yet). A new process on the same database must
 * confirm the order exactly once, and the shopper's retry must not charge again.
 */
describe.each(crashEngines)('kill -9 between the capture and the confirmation, on $engine', ({ engine }) => {
  let world: CrashWorld;
  const gatewayCaptures = async (orderId: number) =>
    (
      await world.handle.db
        .selectFrom('sandbox_gateway')
        .select('id')
        .where('kind', '=', 'charge')
        .where('status', '=', 'captured')
        .where('idempotency_key', 'like', `pay_${orderId}_%`)
        .execute()
    ).length;

  beforeAll(async () => {
    world = await createCrashWorld(engine, 'crash');
  });
  afterAll(() => world?.close());

  it('confirms the order once after restart, and the retry does not charge again', async () => {
    const server = await world.start({ NODE_ENV: 'test', TEST_FAULT: 'kill-after-capture' });
    const { cookie, order } = await placeOrderOverHttp(world, `kavya.${engine}@example.in`, `crash-${engine}`);

    // The process dies with the money captured and nothing recorded.
    await expect(
      world.call('POST', `/api/orders/${order.id}/payments`, { cookie, body: { method: 'upi', vpa: 'kavya@okaxis' } }),
    ).rejects.toThrow();
    expect(await server.exited).toBeNull();
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(await gatewayCaptures(order.id)).toBe(1);
    const left = await world.handle.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(left.status).toBe('pending_payment');

    // A new process finishes it at start.
    await world.start();
    const after = await world.call('GET', `/api/orders/${order.id}`, { cookie });
    expect(after.json()).toMatchObject({ status: 'confirmed' });
    expect(after.json().payments.map((p: { status: string }) => p.status)).toEqual(['captured']);

    const retry = await world.call('POST', `/api/orders/${order.id}/payments`, { cookie, body: { method: 'upi', vpa: 'kavya@okaxis' } });
    expect(retry.status).toBe(409);
    expect(retry.json().error.message).toBe('This order has already been paid');
    expect(await gatewayCaptures(order.id)).toBe(1);
    const mails = await world.handle.db.selectFrom('outbox').select(['payload', 'status']).where('kind', '=', 'mail').execute();
    expect(mails.filter((m) => m.payload.includes('is confirmed'))).toEqual([expect.objectContaining({ status: 'done' })]);
  });
});
