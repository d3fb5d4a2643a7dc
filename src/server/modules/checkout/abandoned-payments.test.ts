import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Order, Payment, PaymentResult } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerCustomer, signIn, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

let keys = 0;

describe.each(testDialects())('abandoned payment attempts on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let meera: TestUser;
  let addressId: number;
  let laptop: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.services.authService.ensureAdmin({ email: 'lata@admin.in', password: 'admin-pass-123', name: 'Lata Admin' });
    admin = await signIn(t, { email: 'lata@admin.in', password: 'admin-pass-123' }, 'admin');
    laptop = (await createProduct(t.services, { name: 'HP Pavilion 14', price: rupees(62_000), stock: 10 })).id;
    meera = await registerCustomer(t, 'meera@example.in', 'Meera Nair');
    addressId = (
      await as(t, meera)('POST', '/api/account/addresses', {
        name: 'Meera Nair',
        phone: '9845012345',
        line1: '7 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      })
    ).json().id;
  });
  afterAll(() => t.close());

  const place = async (): Promise<Order> => {
    const response = await as(t, meera)('POST', '/api/checkout/orders', {
      idempotencyKey: `abandon-${Date.now()}-${++keys}`,
      addressId,
      items: [{ productId: laptop, quantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const pay = (orderId: number, body: unknown) => as(t, meera)('POST', `/api/orders/${orderId}/payments`, body);
  const paymentsOf = async (orderId: number): Promise<Payment[]> => (await as(t, meera)('GET', `/api/orders/${orderId}`)).json().payments;
  const refunds = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('refunds')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('shows an attempt left at the bank page and replaced by a paid one as abandoned, not pending, to the customer and the admin; no money moves', async () => {
    const order = await place();
    const left = (await pay(order.id, { method: 'netbanking', bank: 'HDFC' })).json() as PaymentResult;
    expect(left).toMatchObject({ next: 'bank', payment: { status: 'created', abandoned: false } });
    const paid = (await pay(order.id, { method: 'upi', vpa: 'meera@okaxis' })).json() as PaymentResult;
    expect(paid).toMatchObject({ orderStatus: 'confirmed', payment: { status: 'captured', abandoned: false } });

    const payments = await paymentsOf(order.id);
    expect(payments.map((p) => [p.id, p.status, p.abandoned])).toEqual(
      expect.arrayContaining([
        [left.payment.id, 'failed', true],
        [paid.payment.id, 'captured', false],
      ]),
    );
    expect(payments.find((p) => p.id === left.payment.id)?.failureReason).toBe('Replaced by a newer payment attempt');
    const listed = (await as(t, admin)('GET', `/api/admin/payments?q=${order.number}`)).json().items;
    expect(listed.map((p: { id: number; abandoned: boolean }) => [p.id, p.abandoned])).toEqual(
      expect.arrayContaining([
        [left.payment.id, true],
        [paid.payment.id, false],
      ]),
    );
    expect((await as(t, admin)('GET', `/api/admin/payments/${left.payment.id}`)).json().payment).toMatchObject({
      status: 'failed',
      abandoned: true,
    });
    expect(await refunds()).toBe(0);
    // The bank page of the abandoned attempt can no longer charge.
    expect((await as(t, meera)('POST', `/api/payments/${left.payment.id}/bank`, { outcome: 'success' })).statusCode).toBe(409);
  });

  it('keeps a payment the bank declined as failed, not abandoned', async () => {
    const order = await place();
    const declined = (await pay(order.id, { method: 'upi', vpa: 'failure@upi' })).json() as PaymentResult;
    expect(declined.payment).toMatchObject({ status: 'failed', abandoned: false });
    expect((await paymentsOf(order.id)).map((p) => [p.status, p.abandoned])).toEqual([['failed', false]]);
  });

  it('reads an attempt still waiting on the shopper past the time to pay as abandoned, and the expiry of its order marks it so', async () => {
    const order = await place();
    const waiting = (await pay(order.id, { method: 'netbanking', bank: 'SBIN' })).json() as PaymentResult;
    const longAgo = new Date(Date.now() - 31 * 60 * 1000).toISOString();
    await t.database.db.updateTable('payments').set({ created_at: longAgo }).where('id', '=', waiting.payment.id).execute();
    expect((await paymentsOf(order.id))[0]).toMatchObject({ status: 'created', abandoned: true });

    await t.database.db.updateTable('orders').set({ created_at: longAgo }).where('id', '=', order.id).execute();
    expect(await t.services.checkout.expireUnpaid()).toBeGreaterThanOrEqual(1);
    const [expired] = await paymentsOf(order.id);
    expect(expired).toMatchObject({ status: 'failed', abandoned: true, refundedAmount: 0 });
    expect(await refunds()).toBe(0);
  });
});
