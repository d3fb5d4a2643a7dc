import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Order, PaymentResult } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerCustomer, signIn, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const card = (number: string) => ({ number, expiryMonth: 12, expiryYear: 2031, cvv: '123', name: 'Asha Rao' });
const HDFC_CREDIT = card('4854 9800 0000 0002');
const HDFC_DEBIT = card('4386 2800 0000 0004');
const ICICI_CREDIT = card('5241 9300 0000 0006');

describe.each(testDialects())('bank offers at payment on %s', (dialect) => {
  let t: TestApp;
  let asha: TestUser;
  let admin: TestUser;
  let address: number;
  let laptop: number;
  let monitor: number;
  let keys = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    laptop = (await createProduct(t.services, { name: 'HP Victus 16', price: rupees(72_000), stock: 50 })).id;
    monitor = (await createProduct(t.services, { category: 'Monitor', name: 'BenQ 27 Monitor', price: rupees(25_000), stock: 50 })).id;
    asha = await registerCustomer(t, 'asha.offers@example.in', 'Asha Rao');
    await t.services.authService.ensureAdmin({ email: 'lata.offers@admin.in', password: 'admin-pass-123', name: 'Lata Admin' });
    admin = await signIn(t, { email: 'lata.offers@admin.in', password: 'admin-pass-123' }, 'admin');
    address = (
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

  async function payByCard(productId: number, body: Record<string, unknown>) {
    const order = (
      await as(t, asha)('POST', '/api/checkout/orders', {
        idempotencyKey: `offer-${dialect}-${++keys}`,
        addressId: address,
        items: [{ productId, quantity: 1 }],
      })
    ).json<Order>();
    const started = (await as(t, asha)('POST', `/api/orders/${order.id}/payments`, body)).json<PaymentResult>();
    expect(started.next).toBe('otp');
    const paid = (await as(t, asha)('POST', `/api/payments/${started.payment.id}/otp`, { otp: '123456' })).json<PaymentResult>();
    return { order, paid };
  }

  it('takes the bank’s instant discount off what the card is charged, and records which offer', async () => {
    const { order, paid } = await payByCard(laptop, { method: 'card', card: HDFC_CREDIT });
    expect(order.total).toBe(rupees(72_000));
    expect(paid).toMatchObject({ next: 'done', orderStatus: 'confirmed', payment: { status: 'captured', amount: rupees(70_500) } });
    expect(paid.payment.details.offer).toEqual({
      id: 'hdfc-credit-10',
      title: '10% instant discount on HDFC Bank credit cards, up to ₹1,500 on orders of ₹20,000 or more',
      discount: rupees(1_500),
    });
    // the invoice value is the order's: the bank funds its discount
    expect((await as(t, asha)('GET', `/api/orders/${order.id}`)).json<Order>().total).toBe(rupees(72_000));
  });

  it('gives nothing to another bank’s card, a debit card, or an order under the minimum', async () => {
    expect((await payByCard(laptop, { method: 'card', card: HDFC_DEBIT })).paid.payment).toMatchObject({ amount: rupees(72_000) });
    expect((await payByCard(monitor, { method: 'card', card: ICICI_CREDIT })).paid.payment).toMatchObject({ amount: rupees(25_000) });
    expect((await payByCard(monitor, { method: 'card', card: ICICI_CREDIT })).paid.payment.details.offer).toBeUndefined();
  });

  it('applies to card EMI too, the instalments computed on the discounted amount', async () => {
    const { paid } = await payByCard(laptop, { method: 'emi', card: ICICI_CREDIT, months: 6 });
    expect(paid.payment).toMatchObject({
      amount: rupees(70_000),
      details: { offer: { id: 'icici-credit-7', discount: rupees(2_000) }, emi: { months: 6 } },
    });
  });

  it('gives the admin’s payment page the order total’s lines beside the offer, adding up to the charge', async () => {
    const { order, paid } = await payByCard(monitor, { method: 'card', card: HDFC_CREDIT });
    const detail = (await as(t, admin)('GET', `/api/admin/payments/${paid.payment.id}`)).json();
    expect(detail.order).toMatchObject({
      subtotal: rupees(25_000),
      discount: 0,
      couponCode: null,
      shipping: order.shipping,
      total: order.total,
    });
    expect(detail.order.subtotal - detail.order.discount + detail.order.shipping).toBe(detail.order.total);
    expect(detail.order.total - detail.payment.details.offer.discount).toBe(detail.payment.amount);
  });
});
