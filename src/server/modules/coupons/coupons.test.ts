import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDate } from '#shared/india-time.ts';
import { rupees } from '#shared/money.ts';
import type { CartQuote } from '#shared/schemas/cart.ts';
import { GUEST_ORDER_TOKEN_HEADER } from '#shared/schemas/guest-checkout.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { pdfText } from '#server/testing/pdf-text.ts';
import {
  as,
  registerActiveVendor,
  registerCustomer,
  registerVendor,
  signInAdmin,
  TEST_HEADERS,
  type TestUser,
} from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const DAY = 24 * 60 * 60 * 1000;
const on = (days: number) => indiaDate(new Date(Date.now() + days * DAY));
const MYSURU = {
  name: 'Asha Rao',
  phone: '9845012345',
  line1: '4 Sayyaji Rao Road',
  city: 'Mysuru',
  state: 'Karnataka',
  pincode: '570001',
};

describe.each(testDialects())('coupons on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser & { vendorId: number };
  let rival: TestUser & { vendorId: number };
  let asha: TestUser;
  let ashaAddress: number;
  let laptop: number;
  let monitor: number;
  let rivalLaptop: number;
  let keys = 0;

  const coupon = (overrides: Record<string, unknown> = {}) => ({
    code: `SAVE${++keys}`,
    kind: 'percent',
    value: 10,
    startsOn: on(0),
    endsOn: on(30),
    ...overrides,
  });
  const createAsAdmin = async (overrides: Record<string, unknown> = {}) => {
    const response = await as(t, admin)('POST', '/api/admin/coupons', coupon(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; code: string };
  };
  const quote = async (user: TestUser | undefined, items: unknown, couponCode?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      headers: user ? { ...TEST_HEADERS, cookie: user.cookie } : TEST_HEADERS,
      payload: { items, ...(couponCode ? { couponCode } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CartQuote>();
  };
  const place = (user: TestUser, addressId: number, items: unknown, couponCode?: string) =>
    as(t, user)('POST', '/api/checkout/orders', {
      idempotencyKey: `coupon-${dialect}-${++keys}`,
      addressId,
      items,
      ...(couponCode ? { couponCode } : {}),
    });
  const usedOf = async (code: string) => (await t.services.coupons.findByCode(code))!.used;
  const stockOf = async (id: number) =>
    (await t.database.db.selectFrom('offers').select('stock').where('product_id', '=', id).executeTakeFirstOrThrow()).stock;
  let addresses = 0;
  async function shopper(n: string) {
    const user = await registerCustomer(
      t,
      `shopper${n}@coupons.in`,
      `Shopper ${n}`,
      `10.16.${(++addresses >> 8) & 255}.${addresses & 255}`,
    );
    const address = (await as(t, user)('POST', '/api/account/addresses', MYSURU)).json().id as number;
    return { user, address };
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true' });
    admin = await signInAdmin(t, 'admin@coupons.in', 'Coupon Admin');
    seller = await registerActiveVendor(t, 'seller@coupons.in', 'Test Traders');
    rival = await registerVendor(t, 'rival@coupons.in', 'Rival Traders');
    await t.services.vendors.setStatus(rival.vendorId, 'active');
    laptop = (
      await createProduct(t.services, {
        vendorId: seller.vendorId,
        name: 'Lenovo IdeaPad 5',
        category: 'Laptop',
        price: rupees(60_000),
        stock: 500,
      })
    ).id;
    monitor = (
      await createProduct(t.services, {
        vendorId: seller.vendorId,
        name: 'Samsung 24 Monitor',
        category: 'Monitor',
        price: rupees(10_000),
        stock: 500,
      })
    ).id;
    rivalLaptop = (
      await createProduct(t.services, {
        vendorId: rival.vendorId,
        name: 'Acer Aspire 7',
        category: 'Laptop',
        price: rupees(50_000),
        stock: 500,
      })
    ).id;
    ({ user: asha, address: ashaAddress } = await shopper('asha'));
  });
  afterAll(() => t.close());

  it('lets admins create the marketplace’s coupons (audited) and sellers their own, each checked', async () => {
    const created = await as(t, admin)(
      'POST',
      '/api/admin/coupons',
      coupon({ code: ' diwali10 ', maxDiscount: rupees(1_500), minOrder: rupees(20_000), description: 'Diwali sale' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'DIWALI10',
      fundedBy: 'marketplace',
      vendor: null,
      used: 0,
      active: true,
      maxDiscount: rupees(1_500),
      startsOn: on(0),
      endsOn: on(30),
    });
    const audit = await as(t, admin)('GET', '/api/admin/audit?entityType=coupon');
    expect(audit.json().items[0]).toMatchObject({ action: 'coupon.create', entityType: 'coupon' });
    expect((await as(t, admin)('POST', '/api/admin/coupons', coupon({ code: 'DIWALI10' }))).statusCode).toBe(409);
    for (const [overrides, message] of [
      [{ code: 'no' }, 'Code: 4 to 20 letters and digits, like DIWALI10'],
      [{ value: 95 }, 'A percentage discount is at most 90%'],
      [{ endsOn: on(-1), startsOn: on(0) }, 'The end date must be on or after the start date'],
      [{ kind: 'flat', value: rupees(3_000), minOrder: rupees(2_000) }, 'A flat discount cannot be more than the minimum order'],
    ] as const) {
      const refused = await as(t, admin)('POST', '/api/admin/coupons', coupon(overrides));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain(message);
    }
    const own = await as(t, seller)(
      'POST',
      '/api/vendor/coupons',
      coupon({ code: 'TRADERS500', kind: 'flat', value: rupees(500), minOrder: rupees(5_000) }),
    );
    expect(own.json()).toMatchObject({ fundedBy: 'vendor', vendor: { id: seller.vendorId, name: 'Test Traders' } });
    expect((await as(t, seller)('POST', '/api/vendor/coupons', coupon({ vendorId: rival.vendorId }))).statusCode).toBe(403);
    expect((await as(t, rival)('GET', '/api/vendor/coupons')).json().items).toEqual([]);
    expect((await as(t, rival)('POST', `/api/vendor/coupons/${own.json().id}/active`, { active: false })).statusCode).toBe(404);
    expect((await as(t, asha)('POST', '/api/admin/coupons', coupon())).statusCode).toBe(403);
    expect((await as(t, asha)('GET', '/api/vendor/coupons')).statusCode).toBe(403);
  });

  it('prices a coupon on the server in the quote: percentage with a cap, minimum order, category and seller scope', async () => {
    const capped = await createAsAdmin({ value: 10, maxDiscount: rupees(1_500) });
    expect(await quote(asha, [{ productId: laptop, quantity: 1 }], capped.code)).toMatchObject({
      subtotal: rupees(60_000),
      discount: rupees(1_500),
      total: rupees(58_500),
      coupon: { code: capped.code, fundedBy: 'marketplace' },
      couponError: null,
    });
    const monitors = await createAsAdmin({ value: 20, category: 'Monitor' });
    expect(
      await quote(
        asha,
        [
          { productId: laptop, quantity: 1 },
          { productId: monitor, quantity: 1 },
        ],
        monitors.code,
      ),
    ).toMatchObject({ discount: rupees(2_000), total: rupees(68_000) });
    expect((await quote(asha, [{ productId: laptop, quantity: 1 }], monitors.code)).couponError).toBe(
      `${monitors.code} applies only to monitors`,
    );
    const rivals = await createAsAdmin({ vendorId: rival.vendorId });
    expect((await quote(asha, [{ productId: laptop, quantity: 1 }], rivals.code)).couponError).toBe(
      `${rivals.code} applies only to products sold by Rival Traders`,
    );
    expect(
      await quote(
        asha,
        [
          { productId: laptop, quantity: 1 },
          { productId: rivalLaptop, quantity: 1 },
        ],
        rivals.code,
      ),
    ).toMatchObject({ subtotal: rupees(1_10_000), discount: rupees(5_000) });
    const big = await createAsAdmin({ kind: 'flat', value: rupees(5_000), minOrder: rupees(70_000) });
    expect((await quote(asha, [{ productId: laptop, quantity: 1 }], big.code)).couponError).toBe(
      `${big.code} needs ₹70,000 of eligible items; add ₹10,000 more`,
    );
    expect((await quote(asha, [{ productId: laptop, quantity: 1 }], 'NOSUCHCODE')).couponError).toBe('Coupon NOSUCHCODE does not exist');
    const later = await createAsAdmin({ startsOn: on(2), endsOn: on(5) });
    expect((await quote(asha, [{ productId: laptop, quantity: 1 }], later.code)).couponError).toMatch(
      new RegExp(`^${later.code} can be used from \\d{1,2} \\w{3} \\d{4}$`),
    );
    const off = await createAsAdmin();
    await as(t, admin)('POST', `/api/admin/coupons/${off.id}/active`, { active: false });
    expect((await quote(asha, [{ productId: laptop, quantity: 1 }], off.code)).couponError).toBe(
      `Coupon ${off.code} is no longer available`,
    );
    // an expired coupon (its dates moved into the past, as time would)
    const old = await createAsAdmin();
    await t.database.db
      .updateTable('coupons')
      .set({ ends_at: new Date(Date.now() - 2 * DAY).toISOString() })
      .where('id', '=', old.id)
      .execute();
    expect((await quote(asha, [{ productId: laptop, quantity: 1 }], old.code)).couponError).toMatch(new RegExp(`^${old.code} expired on `));
    expect((await quote(asha, [{ productId: laptop, quantity: 1 }], old.code)).total).toBe(rupees(60_000));
  });

  it('gives a first-order coupon only to a customer with no earlier order that counts, by account and by e-mail', async () => {
    const welcome = await createAsAdmin({ code: `FIRST${keys}`, firstOrderOnly: true, description: '10% off your first order' });
    expect(welcome).toMatchObject({ firstOrderOnly: true });
    const refusal = `${welcome.code} is for your first order only, and you have ordered with us before`;
    const items = [{ productId: laptop, quantity: 1 }];
    const pay = async (user: TestUser, orderId: number) =>
      expect((await as(t, user)('POST', `/api/orders/${orderId}/payments`, { method: 'upi', vpa: 'success@upi' })).json()).toMatchObject({
        orderStatus: 'confirmed',
      });

    // A new customer: it applies, and the order takes it.
    const fresh = await shopper('first-new');
    expect((await quote(fresh.user, items, welcome.code)).coupon).toMatchObject({ code: welcome.code });
    expect((await place(fresh.user, fresh.address, items, welcome.code)).statusCode).toBe(201);

    // A customer with a paid order: refused in the cart and by the order, which is not placed.
    const repeat = await shopper('first-repeat');
    await pay(repeat.user, (await place(repeat.user, repeat.address, items)).json<Order>().id);
    expect(await quote(repeat.user, items, welcome.code)).toMatchObject({ coupon: null, couponError: refusal });
    const refused = await place(repeat.user, repeat.address, items, welcome.code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ message: refusal, details: { field: 'couponCode' } });

    // An order cancelled, or still awaiting payment, does not make the next one a repeat.
    const cancelled = await shopper('first-cancelled');
    const dropped = (await place(cancelled.user, cancelled.address, items)).json<Order>();
    expect((await as(t, cancelled.user)('POST', `/api/orders/${dropped.id}/cancel`)).statusCode).toBe(200);
    expect((await place(cancelled.user, cancelled.address, items, welcome.code)).statusCode).toBe(201);

    // A guest is the same customer by e-mail: as the account with it, or as an earlier guest checkout.
    const guest = (email: string, couponCode?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/guest/checkout/orders',
        headers: { ...TEST_HEADERS, 'x-forwarded-for': `10.17.0.${++addresses & 255}` },
        payload: { idempotencyKey: `first-${dialect}-${++keys}`, email, address: MYSURU, items, ...(couponCode ? { couponCode } : {}) },
      });
    const asAccount = await guest(repeat.user.email, welcome.code);
    expect(asAccount.statusCode).toBe(409);
    expect(asAccount.json().error.message).toBe(refusal);
    const earlier = (await guest('first.guest@example.in')).json<{ order: Order; token: string }>();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/guest/orders/${earlier.order.id}/payments`,
      headers: { ...TEST_HEADERS, [GUEST_ORDER_TOKEN_HEADER]: earlier.token },
      payload: { method: 'upi', vpa: 'success@upi' },
    });
    expect(paid.json()).toMatchObject({ orderStatus: 'confirmed' });
    expect((await guest('First.Guest@example.in', welcome.code)).json().error.message).toBe(refusal);
    expect((await guest('other.guest@example.in', welcome.code)).statusCode).toBe(201);
  });

  it('checks a signed-in member’s quote as their order: uses and orders as a guest with the account’s e-mail count', async () => {
    const code = (await createAsAdmin({ code: `ONCE${keys}` })).code;
    const items = [{ productId: laptop, quantity: 1 }];
    const asGuest = await t.app.inject({
      method: 'POST',
      url: '/api/guest/checkout/orders',
      headers: { ...TEST_HEADERS, 'x-forwarded-for': `10.18.0.${++addresses & 255}` },
      payload: { idempotencyKey: `once-${dialect}-${++keys}`, email: 'once.member@coupons.in', address: MYSURU, items, couponCode: code },
    });
    expect(asGuest.statusCode, asGuest.body).toBe(201);
    const member = await registerCustomer(t, 'once.member@coupons.in', 'Once Member', `10.19.0.${++addresses & 255}`);
    expect(await quote(member, items, code)).toMatchObject({ coupon: null, couponError: `You have already used ${code}` });
  });

  it('takes the discount off the order, line by line, and refuses an unusable code without writing anything', async () => {
    const code = (await createAsAdmin({ kind: 'flat', value: rupees(3_001) })).code;
    const placed = await place(
      asha,
      ashaAddress,
      [
        { productId: laptop, quantity: 1 },
        { productId: monitor, quantity: 2 },
      ],
      code,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order).toMatchObject({
      subtotal: rupees(80_000),
      discount: rupees(3_001),
      total: rupees(76_999),
      coupon: { code, fundedBy: 'marketplace' },
    });
    // ₹3,001 spread 60 : 20 over the lines, to the paisa
    expect(order.items.map((item) => item.discount)).toEqual([225_075, 75_025]);
    expect(await usedOf(code)).toBe(1);
    // used once by Asha: a second order with it is refused, and nothing is written
    const stock = await stockOf(laptop);
    const again = await place(asha, ashaAddress, [{ productId: laptop, quantity: 1 }], code);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`You have already used ${code}`);
    expect(await stockOf(laptop)).toBe(stock);
    expect(await usedOf(code)).toBe(1);
  });

  it('bounds a coupon’s value and always leaves at least ₹1 of its lines to pay, in the quote and the order', async () => {
    for (const [actor, url] of [
      [seller, '/api/vendor/coupons'],
      [admin, '/api/admin/coupons'],
    ] as const) {
      const huge = await as(t, actor)('POST', url, coupon({ kind: 'flat', value: 10_000_000_000_000 }));
      expect(huge.statusCode, huge.body).toBe(400);
      expect(huge.json().error.message).toContain('A flat discount is at most ₹1,00,00,000');
    }
    const code = (await as(t, seller)('POST', '/api/vendor/coupons', coupon({ kind: 'flat', value: rupees(1_00_00_000) }))).json()
      .code as string;
    const quoted = await quote(asha, [{ productId: monitor, quantity: 1 }], code);
    expect(quoted).toMatchObject({ subtotal: rupees(10_000), discount: rupees(9_999) });
    const { user, address } = await shopper(`${dialect}-bound`);
    const placed = await place(user, address, [{ productId: monitor, quantity: 1 }], code);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>()).toMatchObject({ subtotal: rupees(10_000), discount: rupees(9_999) });
    expect(placed.json<Order>().total).toBeGreaterThanOrEqual(rupees(1));
  });

  it('gives exactly the uses left to 20 shoppers redeeming at once, and a cancelled order gives its use back', async () => {
    const code = (await createAsAdmin({ totalLimit: 5 })).code;
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => shopper(`${dialect}-race-${i}`)));
    const answers = await Promise.all(
      shoppers.map(({ user, address }) => place(user, address, [{ productId: monitor, quantity: 1 }], code)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((status) => status === 201)).toHaveLength(5);
    expect(codes.filter((status) => status === 409)).toHaveLength(15);
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error.message))).toEqual(
      new Set([`${code} has been fully redeemed`]),
    );
    expect(await usedOf(code)).toBe(5);
    const redemptions = await t.database.db
      .selectFrom('coupon_redemptions')
      .innerJoin('coupons', 'coupons.id', 'coupon_redemptions.coupon_id')
      .select('coupon_redemptions.id')
      .where('coupons.code', '=', code)
      .execute();
    expect(redemptions).toHaveLength(5);

    const winner = answers.findIndex((answer) => answer.statusCode === 201);
    const cancelled = await as(t, shoppers[winner]!.user)('POST', `/api/orders/${answers[winner]!.json().id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await usedOf(code)).toBe(4);
    const loser = answers.findIndex((answer) => answer.statusCode === 409);
    expect((await place(shoppers[loser]!.user, shoppers[loser]!.address, [{ productId: monitor, quantity: 1 }], code)).statusCode).toBe(
      201,
    );
    expect(await usedOf(code)).toBe(5);
  });

  it('lowers the invoice’s taxable value, and comes out of the seller’s payable only when the seller funds it', async () => {
    const own = (
      await as(t, seller)('POST', '/api/vendor/coupons', coupon({ code: 'SHOPFUNDED', kind: 'flat', value: rupees(1_180) }))
    ).json();
    const market = (await createAsAdmin({ code: 'MARKETFUNDED', kind: 'flat', value: rupees(2_360) })).code;
    const buyer = await shopper(`${dialect}-settle`);
    const before = (await as(t, seller)('GET', '/api/vendor/settlements?days=7')).json();
    for (const code of [own.code, market]) {
      const order = (await place(buyer.user, buyer.address, [{ productId: monitor, quantity: 1 }], code)).json<Order>();
      expect((await as(t, buyer.user)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'buyer@okhdfc' })).statusCode).toBe(
        200,
      );
      const shipment = (await as(t, buyer.user)('GET', `/api/orders/${order.id}`)).json<Order>().fulfilments[0]!;
      for (const [step, body] of [
        ['pack'],
        ['ship', { carrier: 'Delhivery', trackingNumber: `DLV${order.id}0000` }],
        ['deliver'],
      ] as const) {
        expect((await as(t, seller)('POST', `/api/vendor/fulfilments/${shipment.id}/${step}`, body)).statusCode).toBe(200);
      }
      if (code === own.code) {
        const invoice = (await as(t, buyer.user)('GET', `/api/orders/${order.id}`)).json<Order>().fulfilments[0]!.invoice!;
        const text = await pdfText(
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/invoices/${invoice.id}/pdf`,
              headers: { ...TEST_HEADERS, cookie: buyer.user.cookie },
            })
          ).rawPayload,
        );
        // ₹10,000 − ₹1,180 = ₹8,820 paid, of which ₹7,474.58 taxable and ₹1,345.42 GST, split in Karnataka
        expect(text).toMatch(/8528 +1 +₹7,474\.58 +18% +₹672\.71 +₹672\.71 +₹0\.00 +₹8,820\.00/);
        expect(text).toContain('Coupon discount (SHOPFUNDED) of ₹1,180.00 deducted from the value before tax.');
      }
    }
    const after = (await as(t, seller)('GET', '/api/vendor/settlements?days=7')).json();
    expect(after.gross - before.gross).toBe(rupees(20_000));
    expect(after.shopDiscounts - before.shopDiscounts).toBe(rupees(1_180));
    expect(after.marketplaceDiscounts - before.marketplaceDiscounts).toBe(rupees(2_360));
    // the seller is paid for both sales less its own coupon and the commission on what it sold for
    expect(after.net - before.net).toBe(rupees(20_000) - rupees(1_180) - (after.commission - before.commission));
    expect(after.commission - before.commission).toBe(Math.round((rupees(20_000 - 1_180) * after.commissionPercent) / 100));
  });
});
