import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { TRACK_NOT_FOUND, type GuestOrder, type ReturnConfirmation, type TrackedOrder } from '#shared/schemas/guest-checkout.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { ManagedReturn } from '#shared/schemas/returns.ts';
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
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects())('a guest’s returns at /track on %s', (dialect) => {
  let t: TestApp;
  let seller: TestUser & { vendorId: number };
  let admin: TestUser;
  let laptop: number;
  let keys = 0;
  let addresses = 0;

  // Each request from its own address, but for the test of the limit.
  const nextAddress = () => `10.38.${(++addresses >> 8) & 255}.${addresses & 255}`;
  const post = (url: string, payload: unknown, from?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...TEST_HEADERS, 'x-forwarded-for': from ?? nextAddress() },
    });
  const track = (order: { number: string }, email: string, from?: string) => post('/api/track', { number: order.number, email }, from);
  const ask = (order: { number: string }, email: string, ret: Record<string, unknown>, from?: string) =>
    post('/api/track/returns', { number: order.number, email, return: ret }, from);
  const mailsTo = async (email: string) =>
    (await t.database.db.selectFrom('outbox').select(['payload']).where('kind', '=', 'mail').orderBy('id').execute())
      .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === email);

  function upload(order: { number: string }, email: string, bytes: Buffer) {
    const boundary = '----guest-returns-test';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(field('number', order.number) + field('email', email)),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/track/returns/photos',
      payload: body,
      headers: { ...TEST_HEADERS, 'x-forwarded-for': nextAddress(), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  /** A guest's order paid by UPI (or cash), its shipment delivered `daysAgo` days ago. */
  async function deliveredGuestOrder(
    email: string,
    { quantity = 1, method = 'upi', daysAgo = 1 }: { quantity?: number; method?: 'upi' | 'cod'; daysAgo?: number } = {},
  ): Promise<Order> {
    const placed = await post('/api/guest/checkout/orders', {
      idempotencyKey: `guest-returns-${dialect}-${++keys}`,
      email,
      address: PUNE,
      items: [{ productId: laptop, quantity }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, token } = placed.json<GuestOrder>();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/guest/orders/${order.id}/payments`,
      payload: method === 'upi' ? { method: 'upi', vpa: 'success@upi' } : { method: 'cod' },
      headers: { ...TEST_HEADERS, 'x-forwarded-for': nextAddress(), [TOKEN]: token },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    for (const [step, payload] of [
      ['pack'],
      ['ship', { carrier: 'Delhivery', trackingNumber: `DLV${order.id}0042` }],
      ['deliver'],
    ] as const) {
      const response = await as(t, seller)('POST', `/api/vendor/fulfilments/${order.fulfilments[0]!.id}/${step}`, payload);
      expect(response.statusCode, response.body).toBe(200);
    }
    await t.database.db
      .updateTable('fulfilments')
      .set({ delivered_at: new Date(Date.now() - daysAgo * DAY_MS).toISOString() })
      .where('order_id', '=', order.id)
      .execute();
    return order;
  }

  /** The token of the newest confirmation link mailed to `email`. */
  const linkTo = async (email: string) => {
    const mail = (await mailsTo(email)).filter((m) => /please confirm your return request/.test(m.subject)).at(-1);
    return /\/track\/confirm-return#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  };
  const confirm = (token: string) => post('/api/track/returns/confirm', { token });
  /** Opens the newest confirmation link mailed to `email`, as its owner does. */
  async function confirmFromMail(email: string): Promise<ReturnConfirmation> {
    const confirmed = await confirm(await linkTo(email));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json<ReturnConfirmation>();
  }

  const today = () => new Date(Date.now() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const act = (id: number, step: string, body?: unknown) => as(t, seller)('POST', `/api/vendor/returns/${id}/${step}`, body);

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true', COD_MAX: '200000' });
    seller = await registerVendor(t, 'seller@guest-returns.in', 'Guest Returns Traders');
    await completeShopDetails(t, seller);
    await t.services.vendors.setStatus(seller.vendorId, 'active');
    await t.services.authService.ensureAdmin({ email: 'admin@guest-returns.in', password: 'admin-pass-123', name: 'Returns Admin' });
    admin = await signIn(t, { email: 'admin@guest-returns.in', password: 'admin-pass-123' }, 'admin');
    laptop = (await createProduct(t.services, { vendorId: seller.vendorId, name: 'Acer Aspire 7', price: rupees(52_000), stock: 50 })).id;
  });
  afterAll(() => t.close());

  it('takes a guest’s return of a delivered line with a photo, and /track follows it to the refund', async () => {
    const order = await deliveredGuestOrder('meera.returns@example.in');
    const before = (await track(order, 'MEERA.returns@example.in')).json<TrackedOrder>();
    expect(before).toMatchObject({
      guestOrder: true,
      paidInCash: false,
      paidOffer: null,
      returns: [],
      items: [{ name: 'Acer Aspire 7', quantity: 1, returnableQuantity: 1 }],
    });
    const line = before.items[0]!;

    // The photo is taken with the order's number and e-mail, a wrong e-mail is refused as /track refuses it.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const refused = await upload(order, 'someone@example.in', png);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(TRACK_NOT_FOUND);
    const photo = await upload(order, 'meera.returns@example.in', png);
    expect(photo.statusCode, photo.body).toBe(201);

    const asked = await ask(order, 'meera.returns@example.in', {
      orderItemId: line.id,
      quantity: 1,
      reason: 'damaged',
      details: 'The lid is cracked at the hinge',
      resolution: 'refund',
      photoIds: [photo.json().id],
      requestKey: 'guest-key-0001',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.headers['cache-control']).toBe('no-store');
    const requested = asked.json<TrackedOrder>();
    expect(requested.returns).toEqual([
      expect.objectContaining({
        status: 'requested',
        quantity: 1,
        reason: 'damaged',
        details: 'The lid is cracked at the hinge',
        resolution: 'refund',
        amount: rupees(52_000),
        photoCount: 1,
        pickup: null,
      }),
    ]);
    // Awaiting the link mailed to the order's address, holding no units yet.
    expect(requested.returns[0]!.confirmBy).not.toBeNull();
    expect(requested.items[0]!.returnableQuantity).toBe(1);
    // Still the city and PIN code only, and no photo address or credit note.
    for (const hidden of ['7 FC Road', '9845012345', '/api/returns/photos', 'creditNote']) expect(asked.body).not.toContain(hidden);
    expect((await mailsTo('meera.returns@example.in')).some((mail) => mail.subject === `Order ${order.number}: return requested`)).toBe(
      false,
    );
    const confirmed = await confirmFromMail('meera.returns@example.in');
    expect(confirmed.returnId).toBe(requested.returns[0]!.id);
    expect(confirmed.order.returns[0]).toMatchObject({ status: 'requested', confirmBy: null });
    expect(confirmed.order.items[0]!.returnableQuantity).toBe(0);
    expect((await mailsTo('meera.returns@example.in')).some((mail) => mail.subject === `Order ${order.number}: return requested`)).toBe(
      true,
    );

    const id = requested.returns[0]!.id;
    expect((await act(id, 'approve', { carrier: 'Ekart', pickupDate: today() })).statusCode).toBe(200);
    expect((await track(order, 'meera.returns@example.in')).json<TrackedOrder>().returns[0]).toMatchObject({
      status: 'approved',
      pickup: { carrier: 'Ekart', date: today() },
    });
    expect((await act(id, 'picked-up')).statusCode).toBe(200);
    const received = await act(id, 'receive', { restock: true });
    expect(received.statusCode, received.body).toBe(200);
    const refunded = (await track(order, 'meera.returns@example.in')).json<TrackedOrder>();
    expect(refunded.returns[0]).toMatchObject({ status: 'refunded', amount: rupees(52_000) });
    expect(refunded.returns[0]!.refundedAt).not.toBeNull();
    expect(refunded.displayStatus).toBe('Refunded');
  });

  it('follows a guest’s replacement at /track: picked up, received, and the replacement shipped as a new shipment', async () => {
    const order = await deliveredGuestOrder('swap.returns@example.in');
    const line = (await track(order, 'swap.returns@example.in')).json<TrackedOrder>().items[0]!;
    const asked = await ask(order, 'swap.returns@example.in', {
      orderItemId: line.id,
      quantity: 1,
      reason: 'defective',
      resolution: 'replacement',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<TrackedOrder>().returns[0]!.id;
    await confirmFromMail('swap.returns@example.in');
    const stateOf = async () => (await track(order, 'swap.returns@example.in')).json<TrackedOrder>();
    expect((await act(id, 'approve', { carrier: 'Ekart', pickupDate: today() })).statusCode).toBe(200);
    expect((await act(id, 'picked-up')).statusCode).toBe(200);
    expect((await stateOf()).returns[0]).toMatchObject({ status: 'picked_up' });
    expect((await act(id, 'receive', { restock: false })).statusCode).toBe(200);
    expect((await stateOf()).returns[0]).toMatchObject({ status: 'received', restocked: false });
    expect((await act(id, 'ship-replacement', { carrier: 'Blue Dart', trackingNumber: 'BD12345678' })).statusCode).toBe(200);
    const shipped = await stateOf();
    expect(shipped.returns[0]).toMatchObject({
      status: 'replacement_shipped',
      replacement: { carrier: 'Blue Dart', trackingNumber: 'BD12345678' },
    });
    expect(shipped.returns[0]!.replacementShippedAt).not.toBeNull();
    // The replacement is a line of its own, not returned from here, and a shipment on its way.
    expect(shipped.items).toEqual([
      expect.objectContaining({ id: line.id, returnableQuantity: 0 }),
      expect.objectContaining({ replacementFor: line.id, returnableQuantity: 0 }),
    ]);
    expect(shipped.fulfilments.map((f) => f.status)).toEqual(['delivered', 'shipped']);
  });

  it('holds a guest to the member’s rules: the pair that tracks the order, 10 days, the units left, one return for a double click', async () => {
    const order = await deliveredGuestOrder('ravi.returns@example.in', { quantity: 3 });
    const line = (await track(order, 'ravi.returns@example.in')).json<TrackedOrder>().items[0]!;
    const ret = (extra: Record<string, unknown> = {}) => ({
      orderItemId: line.id,
      quantity: 1,
      reason: 'defective',
      resolution: 'replacement',
      ...extra,
    });

    // A wrong e-mail or number gets /track's own 404, and nothing is returned.
    for (const [number, email] of [
      [order.number, 'someone@example.in'],
      ['CB99999999', 'ravi.returns@example.in'],
    ] as const) {
      const wrong = await ask({ number }, email, ret());
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().error.message).toBe(TRACK_NOT_FOUND);
    }
    // More units than are left to return.
    const tooMany = await ask(order, 'ravi.returns@example.in', ret({ quantity: 4 }));
    expect(tooMany.statusCode).toBe(409);
    // The member's checks of the form itself: a replacement only for a fault, words for "other".
    expect((await ask(order, 'ravi.returns@example.in', ret({ reason: 'changed_mind', unopened: true }))).statusCode).toBe(400);
    // "No longer needed" is for a unit unopened, with its seal intact: an opened one is refused.
    const opened = await ask(order, 'ravi.returns@example.in', ret({ reason: 'changed_mind', unopened: false, resolution: 'refund' }));
    expect(opened.statusCode).toBe(400);
    expect(opened.json().error.details.issues).toEqual([
      { field: 'return.unopened', message: expect.stringMatching(/^An opened product cannot be returned because it is no longer needed/) },
    ]);
    expect((await ask(order, 'ravi.returns@example.in', ret({ reason: 'other', resolution: 'refund' }))).statusCode).toBe(400);
    // A refund of a prepaid order goes back the way it was paid: no account is taken.
    expect((await ask(order, 'ravi.returns@example.in', ret({ resolution: 'refund', payout: { upi: 'ravi@okicici' } }))).statusCode).toBe(
      400,
    );
    expect((await track(order, 'ravi.returns@example.in')).json<TrackedOrder>().returns).toEqual([]);

    // A double click sends the same request twice at once: one return, both answered with it.
    const twice = await Promise.all(
      [0, 1].map(() => ask(order, 'ravi.returns@example.in', ret({ requestKey: `double-click-${dialect}` }))),
    );
    expect(twice.map((response) => response.statusCode)).toEqual([201, 201]);
    for (const response of twice) expect(response.json<TrackedOrder>().returns).toHaveLength(1);
    const after = (await track(order, 'ravi.returns@example.in')).json<TrackedOrder>();
    expect(after.returns).toEqual([expect.objectContaining({ quantity: 1, resolution: 'replacement', status: 'requested' })]);
    // Unconfirmed, it holds none of the 3 units.
    expect(after.items[0]!.returnableQuantity).toBe(3);
    // Another order's request is its own, whatever its key.
    const other = await deliveredGuestOrder('ravi.returns@example.in');
    const otherLine = (await track(other, 'ravi.returns@example.in')).json<TrackedOrder>().items[0]!;
    expect(
      (await ask(other, 'ravi.returns@example.in', ret({ orderItemId: otherLine.id, requestKey: `double-click-${dialect}` }))).statusCode,
    ).toBe(201);

    // The window closes 10 days after delivery.
    const late = await deliveredGuestOrder('ravi.returns@example.in', { daysAgo: 11 });
    const lateLine = (await track(late, 'ravi.returns@example.in')).json<TrackedOrder>().items[0]!;
    expect(lateLine.returnableQuantity).toBe(0);
    const tooLate = await ask(late, 'ravi.returns@example.in', ret({ orderItemId: lateLine.id }));
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toMatch(/within 10 days of delivery/);

    // The guest cancels a request nobody has acted on, with the same pair; a wrong one is 404.
    const id = after.returns[0]!.id;
    expect((await post(`/api/track/returns/${id}/cancel`, { number: order.number, email: 'someone@example.in' })).statusCode).toBe(404);
    const cancelled = await post(`/api/track/returns/${id}/cancel`, { number: order.number, email: 'ravi.returns@example.in' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<TrackedOrder>().returns[0]).toMatchObject({ status: 'cancelled' });
    expect((await post(`/api/track/returns/${id}/cancel`, { number: order.number, email: 'ravi.returns@example.in' })).statusCode).toBe(
      409,
    );
    // Another guest's order and e-mail do not reach this return.
    expect((await post(`/api/track/returns/${id}/cancel`, { number: other.number, email: 'ravi.returns@example.in' })).statusCode).toBe(
      404,
    );
  });

  it('asks a guest who paid in cash where the refund goes, and shows only the end of the account; a rejection shows its reason', async () => {
    const order = await deliveredGuestOrder('cash.returns@example.in', { method: 'cod' });
    const tracked = (await track(order, 'cash.returns@example.in')).json<TrackedOrder>();
    expect(tracked.paidInCash).toBe(true);
    const ret = {
      orderItemId: tracked.items[0]!.id,
      quantity: 1,
      reason: 'not_as_described',
      details: 'The screen is not the 144 Hz one',
      resolution: 'refund',
    };
    const noAccount = await ask(order, 'cash.returns@example.in', ret);
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().error.details.issues[0].field).toBe('payout');
    const asked = await ask(order, 'cash.returns@example.in', {
      ...ret,
      payout: { holder: 'Cash Guest', accountNumber: '50100123459876', ifsc: 'HDFC0001234' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requested = asked.json<TrackedOrder>().returns[0]!;
    expect(requested.payoutTo).toMatch(/9876/);
    expect(asked.body).not.toContain('50100123459876');
    await confirmFromMail('cash.returns@example.in');

    // A UPI ID in part: it is often the mobile number, which /track never shows.
    const upiOrder = await deliveredGuestOrder('cash.returns@example.in', { method: 'cod' });
    const upiLine = (await track(upiOrder, 'cash.returns@example.in')).json<TrackedOrder>().items[0]!;
    const upi = await ask(upiOrder, 'cash.returns@example.in', { ...ret, orderItemId: upiLine.id, payout: { upi: '9845012345@ybl' } });
    expect(upi.statusCode, upi.body).toBe(201);
    expect(upi.json<TrackedOrder>().returns[0]!.payoutTo).toBe('UPI ID 98•••@ybl');
    expect(upi.body).not.toContain('9845012345');

    expect((await act(requested.id, 'reject', { reason: 'The unit we received back was a different model' })).statusCode).toBe(200);
    expect((await track(order, 'cash.returns@example.in')).json<TrackedOrder>().returns[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The unit we received back was a different model',
    });
  });

  it('shows a member’s returns at /track too, but takes them only from the signed-in order page', async () => {
    const member = await registerCustomer(t, 'member.returns@example.in', 'Member Returns', nextAddress());
    const addressId = (await as(t, member)('POST', '/api/account/addresses', PUNE)).json().id;
    const order = (
      await as(t, member)('POST', '/api/checkout/orders', {
        idempotencyKey: `member-${dialect}`,
        addressId,
        items: [{ productId: laptop, quantity: 2 }],
      })
    ).json<Order>();
    expect((await as(t, member)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'success@upi' })).statusCode).toBe(200);
    for (const [step, payload] of [['pack'], ['ship', { carrier: 'Delhivery', trackingNumber: 'DLV55550042' }], ['deliver']] as const) {
      expect((await as(t, seller)('POST', `/api/vendor/fulfilments/${order.fulfilments[0]!.id}/${step}`, payload)).statusCode).toBe(200);
    }
    const line = order.items[0]!;
    // The member's own form sends its key too: a double click is one return.
    const body = { orderItemId: line.id, quantity: 1, reason: 'defective', resolution: 'refund', requestKey: `member-click-${dialect}` };
    const twice = await Promise.all([0, 1].map(() => as(t, member)('POST', `/api/orders/${order.id}/returns`, body)));
    expect(twice.map((response) => response.statusCode)).toEqual([201, 201]);
    const own = (await as(t, member)('GET', `/api/orders/${order.id}`)).json<Order>().returns;
    expect(own).toEqual([expect.objectContaining({ status: 'requested', confirmBy: null })]);
    // A member's return needs no link: the seller has it at once, and the member the usual mail.
    expect(
      (await as(t, seller)('GET', '/api/vendor/returns?status=requested')).json().items.some((r: ManagedReturn) => r.id === own[0]!.id),
    ).toBe(true);
    expect((await mailsTo('member.returns@example.in')).map((mail) => mail.subject)).toContain(`Order ${order.number}: return requested`);
    expect((await mailsTo('member.returns@example.in')).some((mail) => /please confirm your return request/.test(mail.subject))).toBe(
      false,
    );

    const tracked = (await track(order, 'member.returns@example.in')).json<TrackedOrder>();
    expect(tracked).toMatchObject({ guestOrder: false, returns: [{ status: 'requested', quantity: 1, photoCount: 0 }] });
    const refused = await ask(order, 'member.returns@example.in', {
      orderItemId: line.id,
      quantity: 1,
      reason: 'defective',
      resolution: 'refund',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/sign in/);
  });

  it('holds a guest’s request until the link mailed to the order’s address confirms it: no seller or admin sees or acts on it before, and the link works once', async () => {
    const email = 'held.returns@example.in';
    const order = await deliveredGuestOrder(email, { method: 'cod' });
    const line = (await track(order, email)).json<TrackedOrder>().items[0]!;
    const asked = await ask(order, email, {
      orderItemId: line.id,
      quantity: 1,
      reason: 'defective',
      resolution: 'refund',
      payout: { upi: 'stranger@okaxis' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const held = asked.json<TrackedOrder>().returns[0]!;
    expect(new Date(held.confirmBy!).getTime() - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);

    // The mail to the order's address says what was asked, where the money would go, and how to confirm it.
    const mail = (await mailsTo(email)).find((m) => m.subject === `Order ${order.number}: please confirm your return request`)!;
    expect(mail.text).toContain('UPI ID stranger@okaxis');
    expect(mail.text).toMatch(/within 24 hours/);
    expect(mail.text).toMatch(/If you did not ask for it, ignore this mail/);
    const token = await linkTo(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Only its hash is kept.
    expect(await t.database.db.selectFrom('verifications').select('id').where('identifier', 'like', `%${token}%`).execute()).toEqual([]);

    // Neither the seller nor an admin lists it, opens it or acts on it.
    const listed = async (user: TestUser, area: 'vendor' | 'admin') =>
      (await as(t, user)('GET', `/api/${area}/returns`)).json().items.some((r: ManagedReturn) => r.id === held.id);
    expect(await listed(seller, 'vendor')).toBe(false);
    expect(await listed(admin, 'admin')).toBe(false);
    expect((await as(t, seller)('GET', `/api/vendor/returns/${held.id}`)).statusCode).toBe(404);
    expect((await act(held.id, 'approve', { carrier: 'Ekart', pickupDate: today() })).statusCode).toBe(404);
    expect((await as(t, admin)('POST', `/api/admin/returns/${held.id}/reject`, { reason: 'Not the model we sold' })).statusCode).toBe(404);

    // A wrong token is refused and confirms nothing.
    const wrong = await confirm('x'.repeat(32));
    expect(wrong.statusCode).toBe(410);
    expect(wrong.json().error.message).toMatch(/expired or is not valid/);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('no-store');
    expect(confirmed.json<ReturnConfirmation>().order.returns[0]).toMatchObject({
      id: held.id,
      status: 'requested',
      confirmBy: null,
      payoutTo: 'UPI ID st•••@okaxis',
    });
    expect(confirmed.body).not.toContain('stranger@okaxis');
    // A second use is refused, saying it was used.
    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/used already: the return is confirmed/);

    // Now it is the seller's to act on.
    expect(await listed(seller, 'vendor')).toBe(true);
    expect(await listed(admin, 'admin')).toBe(true);
    expect((await act(held.id, 'approve', { carrier: 'Ekart', pickupDate: today() })).statusCode).toBe(200);
  });

  it('refuses a link past its 24 hours and drops the request; an unconfirmed request holds no units, so a confirmed one may take them first', async () => {
    const email = 'late.returns@example.in';
    const order = await deliveredGuestOrder(email, { quantity: 2 });
    const line = (await track(order, email)).json<TrackedOrder>().items[0]!;
    const ret = { orderItemId: line.id, quantity: 2, reason: 'defective', resolution: 'replacement' };

    // Two requests for both units: neither holds them until confirmed.
    expect((await ask(order, email, ret)).statusCode).toBe(201);
    const first = await linkTo(email);
    const second = await ask(order, email, ret);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<TrackedOrder>().items[0]!.returnableQuantity).toBe(2);
    const secondToken = await linkTo(email);
    expect((await confirm(secondToken)).statusCode).toBe(200);
    const taken = await confirm(first);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(/confirmed first/);

    // A third request, its link left a day: refused, and the request dropped by the housekeeping.
    const other = await deliveredGuestOrder(email);
    const otherLine = (await track(other, email)).json<TrackedOrder>().items[0]!;
    const late = await ask(other, email, { ...ret, orderItemId: otherLine.id, quantity: 1 });
    expect(late.statusCode).toBe(201);
    const lateId = late.json<TrackedOrder>().returns[0]!.id;
    const lateToken = await linkTo(email);
    const past = new Date(Date.now() - 1000).toISOString();
    await t.database.db.updateTable('returns').set({ confirm_by: past }).where('id', '=', lateId).execute();
    await t.database.db.updateTable('verifications').set({ expires_at: past }).where('value', '=', String(lateId)).execute();
    expect((await track(other, email)).json<TrackedOrder>().returns).toEqual([]);
    const expired = await confirm(lateToken);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toMatch(/not confirmed within 24 hours is dropped/);
    expect(await t.services.returns.dropUnconfirmed()).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.selectFrom('returns').select('id').where('id', '=', lateId).execute()).toEqual([]);
    // The first order's request that lost its units is dropped in its time too; the confirmed one stays.
    expect((await track(order, email)).json<TrackedOrder>().returns.filter((r) => r.confirmBy === null)).toHaveLength(1);
  });

  it('counts returns with tracking against one limit per address', async () => {
    const from = '10.39.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await track({ number: 'CB00000001' }, `nobody${i}@example.in`, from)).statusCode);
    for (let i = 0; i < 10; i++)
      statuses.push(
        (
          await ask(
            { number: 'CB00000001' },
            `nobody${i}@example.in`,
            { orderItemId: 1, quantity: 1, reason: 'defective', resolution: 'refund' },
            from,
          )
        ).statusCode,
      );
    expect(statuses.every((status) => status === 404)).toBe(true);
    const limited = await ask(
      { number: 'CB00000001' },
      'nobody@example.in',
      { orderItemId: 1, quantity: 1, reason: 'defective', resolution: 'refund' },
      from,
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await track({ number: 'CB00000001' }, 'nobody@example.in', from)).statusCode).toBe(429);
    expect((await track({ number: 'CB00000001' }, 'nobody@example.in', '10.39.0.2')).statusCode).toBe(404);
  });
});
