import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { TRACK_NOT_FOUND, type GuestOrder, type TrackedOrder } from '#shared/schemas/guest-checkout.ts';
import type { Order, PaymentResult } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import {
  as,
  completeShopDetails,
  registerCustomer,
  registerVendor,
  signIn,
  TEST_HEADERS,
  type TestUser,
} from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const PUNE = { name: 'Meera Guest', phone: '9845012345', line1: '7 FC Road', city: 'Pune', state: 'Maharashtra', pincode: '411004' };
const TOKEN = 'x-guest-order-token';

describe.each(testDialects())('guest checkout and order tracking on %s', (dialect) => {
  let t: TestApp;
  let seller: TestUser & { vendorId: number };
  let laptop: number;
  let keys = 0;
  let addresses = 0;

  const nextAddress = () => `10.28.${(++addresses >> 8) & 255}.${addresses & 255}`;
  const request = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: { ...TEST_HEADERS, 'x-forwarded-for': nextAddress(), ...headers },
    });
  const guestOrder = (body: Record<string, unknown>, from?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/guest/checkout/orders',
      payload: body,
      headers: { ...TEST_HEADERS, 'x-forwarded-for': from ?? nextAddress() },
    });
  const body = (email: string, overrides: Record<string, unknown> = {}) => ({
    idempotencyKey: `guest-${dialect}-${++keys}`,
    email,
    address: PUNE,
    items: [{ productId: laptop, quantity: 1 }],
    ...overrides,
  });
  async function place(email: string): Promise<GuestOrder> {
    const response = await guestOrder(body(email));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const mailsTo = async (email: string) =>
    (await t.database.db.selectFrom('outbox').select(['payload']).where('kind', '=', 'mail').execute())
      .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === email);
  const track = (number: string, email: string, from?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/track',
      payload: { number, email },
      headers: { ...TEST_HEADERS, 'x-forwarded-for': from ?? nextAddress() },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true', COD_MAX: '60000' });
    seller = await registerVendor(t, 'seller@guest.in', 'Guest Traders');
    await completeShopDetails(t, seller);
    await t.services.vendors.setStatus(seller.vendorId, 'active');
    laptop = (await createProduct(t.services, { vendorId: seller.vendorId, name: 'Acer Aspire 7', price: rupees(52_000), stock: 50 })).id;
  });
  afterAll(() => t.close());

  it('places a guest order, pays it by UPI with its token and mails the guest; the same checkout again is the same order and token', async () => {
    const key = `guest-${dialect}-upi`;
    const first = await guestOrder(body('Meera@Example.in', { idempotencyKey: key }));
    expect(first.statusCode, first.body).toBe(201);
    const { order, token } = first.json<GuestOrder>();
    expect(order).toMatchObject({
      status: 'pending_payment',
      total: rupees(52_000),
      address: { name: 'Meera Guest', phone: '+919845012345', city: 'Pune', pincode: '411004' },
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await guestOrder(body('meera@example.in', { idempotencyKey: key }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ order: { id: order.id }, token });
    // Submitted twice at once: one order.
    const twice = await Promise.all([0, 1].map(() => guestOrder(body('twice@example.in', { idempotencyKey: `${key}-twice` }))));
    expect(twice.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(twice.map((response) => response.json<GuestOrder>().order.id)).size).toBe(1);

    const paid = await request('POST', `/api/guest/orders/${order.id}/payments`, { method: 'upi', vpa: 'success@upi' }, { [TOKEN]: token });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<PaymentResult>()).toMatchObject({
      next: 'done',
      orderStatus: 'confirmed',
      payment: { status: 'captured', amount: order.total },
    });
    const seen = await request('GET', `/api/guest/orders/${order.id}`, undefined, { [TOKEN]: token });
    expect(seen.json<Order>()).toMatchObject({ status: 'confirmed', payments: [{ method: 'upi', status: 'captured' }] });
    expect((await mailsTo('meera@example.in')).some((mail) => mail.subject.includes(`${order.number} is confirmed`))).toBe(true);

    // A shipping mail goes to the guest too.
    const shipment = seen.json<Order>().fulfilments[0]!;
    for (const [step, payload] of [['pack'], ['ship', { carrier: 'Delhivery', trackingNumber: 'DLV7700001' }]] as const) {
      expect((await as(t, seller)('POST', `/api/vendor/fulfilments/${shipment.id}/${step}`, payload)).statusCode).toBe(200);
    }
    expect((await mailsTo('meera@example.in')).length).toBeGreaterThan(1);
  });

  it('checks the address as a member’s is checked', async () => {
    for (const [address, message] of [
      [{ ...PUNE, phone: '12345' }, 'Please enter a 10-digit Indian mobile number (+91)'],
      [{ ...PUNE, pincode: '4110' }, 'PIN code must be 6 digits'],
    ] as const) {
      const refused = await guestOrder(body('pin@example.in', { address }));
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect((await guestOrder(body('not-an-email'))).statusCode).toBe(400);
    const unknownPin = await guestOrder(body('pin@example.in', { address: { ...PUNE, pincode: '999999' } }));
    expect([400, 404, 409]).toContain(unknownPin.statusCode);
    expect(unknownPin.json().error.message).toMatch(/999999/);
  });

  it('takes a coupon from a guest as from a member, one use per customer counted by the e-mail (its guest checkouts and its account)', async () => {
    await t.services.authService.ensureAdmin({ email: 'admin@guest.in', password: 'admin-pass-123', name: 'Guest Admin' });
    const admin = await signIn(t, { email: 'admin@guest.in', password: 'admin-pass-123' }, 'admin');
    const today = new Date().toISOString().slice(0, 10);
    const created = await as(t, admin)('POST', '/api/admin/coupons', {
      code: 'GUEST10',
      kind: 'percent',
      value: 10,
      startsOn: today,
      endsOn: '2099-12-31',
    });
    expect(created.statusCode, created.body).toBe(201);
    const used = async () => (await t.services.coupons.findByCode('GUEST10'))!.used;

    const first = await guestOrder(body('Coupon.Guest@example.in', { couponCode: 'guest10' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<GuestOrder>().order).toMatchObject({
      subtotal: rupees(52_000),
      discount: rupees(5_200),
      total: rupees(46_800),
      coupon: { code: 'GUEST10' },
    });
    expect(await used()).toBe(1);

    // The same e-mail at another checkout (another guest row): used already, and nothing is written.
    const again = await guestOrder(body('coupon.guest@example.in', { couponCode: 'GUEST10' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ message: 'You have already used GUEST10', details: { field: 'couponCode' } });
    expect(await used()).toBe(1);
    expect(
      await t.database.db.selectFrom('users').select('id').where('guest_email', '=', 'coupon.guest@example.in').execute(),
    ).toHaveLength(1);
    // Without it, the same guest orders at the full price.
    expect((await guestOrder(body('coupon.guest@example.in'))).json<GuestOrder>().order.total).toBe(rupees(52_000));

    // The account with that e-mail has used it too; and a guest using a member's e-mail meets the member's use.
    const member = await registerCustomer(t, 'coupon.guest@example.in', 'Coupon Guest', nextAddress());
    const book = await as(t, member)('POST', '/api/account/addresses', PUNE);
    const asMember = await as(t, member)('POST', '/api/checkout/orders', {
      idempotencyKey: `coupon-member-${dialect}`,
      addressId: book.json().id,
      items: [{ productId: laptop, quantity: 1 }],
      couponCode: 'GUEST10',
    });
    expect(asMember.statusCode).toBe(409);
    const other = await registerCustomer(t, 'coupon.member@example.in', 'Coupon Member', nextAddress());
    const otherBook = await as(t, other)('POST', '/api/account/addresses', PUNE);
    const memberFirst = await as(t, other)('POST', '/api/checkout/orders', {
      idempotencyKey: `coupon-member2-${dialect}`,
      addressId: otherBook.json().id,
      items: [{ productId: laptop, quantity: 1 }],
      couponCode: 'GUEST10',
    });
    expect(memberFirst.statusCode, memberFirst.body).toBe(201);
    expect((await guestOrder(body('coupon.member@example.in', { couponCode: 'GUEST10' }))).statusCode).toBe(409);

    // Two checkouts of one new e-mail at once: one gets the coupon.
    const racing = await Promise.all([0, 1, 2].map(() => guestOrder(body('racer@example.in', { couponCode: 'GUEST10' }))));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await used()).toBe(3);

    // A cancelled order gives its use back to the e-mail.
    const { order, token } = first.json<GuestOrder>();
    expect((await request('POST', `/api/guest/orders/${order.id}/cancel`, undefined, { [TOKEN]: token })).statusCode).toBe(200);
    expect((await guestOrder(body('coupon.guest@example.in', { couponCode: 'GUEST10' }))).statusCode).toBe(201);
  });

  it('pays by Cash on Delivery under the same rules as members', async () => {
    const asked = await request('POST', '/api/guest/checkout/cash-on-delivery', {
      pincode: '411004',
      items: [{ productId: laptop, quantity: 1 }],
    });
    expect(asked.json()).toMatchObject({ available: true, reason: null });
    const { order, token } = await place('cash@example.in');
    expect((await request('GET', `/api/guest/orders/${order.id}/cash-on-delivery`, undefined, { [TOKEN]: token })).json()).toMatchObject({
      available: true,
    });
    const paid = await request('POST', `/api/guest/orders/${order.id}/payments`, { method: 'cod' }, { [TOKEN]: token });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ next: 'done', orderStatus: 'confirmed', payment: { method: 'cod', status: 'authorized' } });
    expect((await mailsTo('cash@example.in')).some((mail) => mail.text.includes('To pay on delivery'))).toBe(true);
    // Beyond the ceiling, no.
    const costly = await request('POST', '/api/guest/checkout/cash-on-delivery', {
      pincode: '411004',
      items: [{ productId: laptop, quantity: 5 }],
    });
    const overLimit =
      "Cash on Delivery is not available: this order's ₹2,60,000 is over the ₹60,000 limit for cash. Please choose another way to pay.";
    expect(costly.json()).toMatchObject({ available: false, reason: overLimit });
    // An order over the ceiling asked to be paid in cash anyway: refused, nothing recorded.
    const big = await guestOrder(body('cash.big@example.in', { items: [{ productId: laptop, quantity: 5 }] }));
    expect(big.statusCode, big.body).toBe(201);
    const placed = big.json<GuestOrder>();
    const refused = await request('POST', `/api/guest/orders/${placed.order.id}/payments`, { method: 'cod' }, { [TOKEN]: placed.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(overLimit);
    expect(
      (await request('GET', `/api/guest/orders/${placed.order.id}`, undefined, { [TOKEN]: placed.token })).json<Order>(),
    ).toMatchObject({ status: 'pending_payment', payments: [] });
  });

  it('pays by card with an OTP through the payment’s guest endpoints', async () => {
    const { order, token } = await place('card@example.in');
    const started = await request(
      'POST',
      `/api/guest/orders/${order.id}/payments`,
      {
        method: 'card',
        card: { number: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: new Date().getFullYear() + 2, cvv: '123', name: 'Meera Guest' },
      },
      { [TOKEN]: token },
    );
    expect(started.statusCode, started.body).toBe(200);
    const paymentId = started.json<PaymentResult>().payment.id;
    expect((await request('POST', `/api/guest/payments/${paymentId}/otp`, { otp: '123456' })).statusCode).toBe(401);
    expect((await request('GET', `/api/guest/payments/${paymentId}`, undefined, { [TOKEN]: 'x'.repeat(43) })).statusCode).toBe(404);
    const done = await request('POST', `/api/guest/payments/${paymentId}/otp`, { otp: '123456' }, { [TOKEN]: token });
    expect(done.json()).toMatchObject({ next: 'done', orderStatus: 'confirmed' });
  });

  it('refuses a guest order without its token, with another order’s token, and as a member', async () => {
    const mine = await place('one@example.in');
    const other = await place('two@example.in');
    expect((await request('GET', `/api/guest/orders/${mine.order.id}`)).statusCode).toBe(401);
    expect((await request('GET', `/api/guest/orders/${mine.order.id}`, undefined, { [TOKEN]: other.token })).statusCode).toBe(404);
    expect((await request('POST', `/api/guest/orders/${mine.order.id}/payments`, { method: 'upi', vpa: 'success@upi' })).statusCode).toBe(
      401,
    );
    expect(
      (
        await request(
          'POST',
          `/api/guest/orders/${mine.order.id}/payments`,
          { method: 'upi', vpa: 'success@upi' },
          { [TOKEN]: other.token },
        )
      ).statusCode,
    ).toBe(404);
    expect((await request('POST', `/api/guest/orders/${mine.order.id}/cancel`, undefined, { [TOKEN]: other.token })).statusCode).toBe(404);
    // The member endpoints do not open it either, not even to a signed-in stranger.
    expect((await request('GET', `/api/orders/${mine.order.id}`)).statusCode).toBe(401);
    const stranger = await registerCustomer(t, 'stranger@example.in', 'Stranger', nextAddress());
    expect((await as(t, stranger)('GET', `/api/orders/${mine.order.id}`)).statusCode).toBe(404);
    // And it is still unpaid.
    expect((await request('GET', `/api/guest/orders/${mine.order.id}`, undefined, { [TOKEN]: mine.token })).json()).toMatchObject({
      status: 'pending_payment',
    });
  });

  it('tracks an order by number and e-mail: city and PIN code only; one answer for a wrong number or a wrong e-mail', async () => {
    const { order, token } = await place('track@example.in');
    await request('POST', `/api/guest/orders/${order.id}/payments`, { method: 'upi', vpa: 'success@upi' }, { [TOKEN]: token });
    const found = await track(order.number.toLowerCase(), 'TRACK@example.in');
    expect(found.statusCode, found.body).toBe(200);
    const tracked = found.json<TrackedOrder>();
    expect(tracked).toMatchObject({
      number: order.number,
      status: 'confirmed',
      deliverTo: { city: 'Pune', state: 'Maharashtra', pincode: '411004' },
      fulfilments: [{ status: 'pending' }],
    });
    for (const hidden of ['7 FC Road', 'Meera Guest', '9845012345', 'track@example.in']) expect(found.body).not.toContain(hidden);

    const wrongEmail = await track(order.number, 'someone@example.in');
    const wrongNumber = await track('CB99999999', 'track@example.in');
    for (const response of [wrongEmail, wrongNumber]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: TRACK_NOT_FOUND } });
    }
    expect(wrongEmail.body).toBe(wrongNumber.body);
    expect((await track('42', 'track@example.in')).statusCode).toBe(400);

    // A member's order is tracked with the account's e-mail.
    const member = await registerCustomer(t, 'member@example.in', 'Member', nextAddress());
    const book = await as(t, member)('POST', '/api/account/addresses', PUNE);
    const placed = await as(t, member)('POST', '/api/checkout/orders', {
      idempotencyKey: `member-${dialect}`,
      addressId: book.json().id,
      items: [{ productId: laptop, quantity: 1 }],
    });
    expect((await track(placed.json<Order>().number, 'member@example.in')).json()).toMatchObject({ status: 'pending_payment' });
  });

  it('limits tracking per address', async () => {
    const from = '10.29.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await track('CB00000001', `nobody${i}@example.in`, from)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await track('CB00000001', 'nobody@example.in', '10.29.0.2')).statusCode).toBe(404);
  });

  it('limits guest orders per e-mail, so the shoppers behind one shared address each get theirs, and holds a per-address ceiling', async () => {
    // 15 shoppers behind one carrier-grade NAT address each place an order.
    const shared = '100.64.1.1';
    for (let i = 0; i < 15; i++) {
      const placed = await guestOrder(body(`nat${i}@example.in`), shared);
      expect(placed.statusCode, placed.body).toBe(201);
    }
    // One e-mail: 10 attempts an hour, from whatever addresses; others at its address go on.
    const attempts: number[] = [];
    for (let i = 0; i < 11; i++)
      attempts.push((await guestOrder(body('Busy@Example.in', { items: [{ productId: 999_999, quantity: 1 }] }))).statusCode);
    expect(attempts.slice(0, 10).every((status) => status !== 429)).toBe(true);
    const limited = await guestOrder(body('busy@example.in'), shared);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many orders with this e-mail address\. Please try again in (60|59) minutes\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await guestOrder(body('nat15@example.in'), shared)).statusCode).toBe(201);

    // The ceiling: 300 attempts from one address in an hour (unknown products: refused fast, counted).
    const from = '10.29.0.3';
    const statuses: number[] = [];
    for (let i = 0; i < 301; i++)
      statuses.push((await guestOrder(body(`ceiling${i}@example.in`, { items: [{ productId: 999_999, quantity: 1 }] }), from)).statusCode);
    expect(statuses.slice(0, 300).every((status) => status !== 429)).toBe(true);
    expect(statuses[300]).toBe(429);
    const refused = await guestOrder(body('fresh@example.in'), from);
    expect(refused.json().error.message).toMatch(/^Too many orders from your network\./);
    expect((await guestOrder(body('fresh@example.in'))).statusCode).toBe(201);
  }, 120_000);

  it('brings the guest orders into an account once its e-mail is verified, not before, and only once', async () => {
    const { order, token } = await place('asha.guest@example.in');
    const second = await place('asha.guest@example.in');
    const someoneElse = await place('ravi.guest@example.in');
    const coupon = await t.services.coupons.findByCode('GUEST10');
    const withCouponResponse = await guestOrder(body('asha.guest@example.in', { couponCode: coupon!.code }));
    expect(withCouponResponse.statusCode, withCouponResponse.body).toBe(201);
    const withCoupon = withCouponResponse.json<GuestOrder>();
    const asha = await registerCustomer(t, 'asha.guest@example.in', 'Asha Rao', nextAddress());
    // Registered but not verified: the orders stay the guest's.
    expect((await as(t, asha)('GET', '/api/orders')).json().items).toEqual([]);
    expect((await request('GET', `/api/guest/orders/${order.id}`, undefined, { [TOKEN]: token })).statusCode).toBe(200);

    const mails = (await mailsTo('asha.guest@example.in')).filter((mail) => /verify your e-mail/i.test(mail.subject));
    const verifyToken = /#token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
    const verified = await request('POST', '/api/auth/verify-email', { token: verifyToken });
    expect(verified.statusCode, verified.body).toBe(204);

    const mine = (await as(t, asha)('GET', '/api/orders')).json().items as Array<{ id: number }>;
    expect(mine.map((o) => o.id).sort()).toEqual([order.id, second.order.id, withCoupon.order.id].sort());
    expect((await as(t, asha)('GET', `/api/orders/${order.id}`)).json()).toMatchObject({ number: order.number });
    // The guest link no longer opens it: the account does.
    expect((await request('GET', `/api/guest/orders/${order.id}`, undefined, { [TOKEN]: token })).statusCode).toBe(404);
    // Someone else's guest order stays theirs.
    expect((await request('GET', `/api/guest/orders/${someoneElse.order.id}`, undefined, { [TOKEN]: someoneElse.token })).statusCode).toBe(
      200,
    );
    // Guest rows are not accounts; their coupons' uses are the account's now.
    expect(await t.database.db.selectFrom('users').select('id').where('guest_email', '=', 'asha.guest@example.in').execute()).toEqual([]);
    expect(
      await t.database.db.selectFrom('coupon_redemptions').select(['user_id']).where('order_id', '=', withCoupon.order.id).execute(),
    ).toEqual([{ user_id: asha.uid }]);
    // Again: nothing left to move.
    expect(await t.services.guestOrders.claim({ id: asha.uid, email: 'asha.guest@example.in' })).toBe(0);
    expect((await as(t, asha)('GET', '/api/orders')).json().items).toHaveLength(3);
  });
});
