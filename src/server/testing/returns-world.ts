/**
 * The shop, shoppers and helpers the returns tests share: two sellers (a laptop and a monitor), two
 * customers with a Pune address and an admin, and a delivered order in one call. Call it inside a
 * `describe` (it registers the hooks); read its fields inside the tests, after `beforeAll` filled them.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Order, PaymentResult } from '#shared/schemas/orders.ts';
import type { Dialect } from '#server/db/database.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, completeShopDetails, registerCustomer, registerVendor, signIn, type TestUser } from '#server/testing/sessions.ts';

export const PUNE = { name: 'Asha Rao', phone: '9845012345', line1: '7 FC Road', city: 'Pune', state: 'Maharashtra', pincode: '411004' };
export const DAY_MS = 24 * 60 * 60 * 1000;
type Seller = TestUser & { vendorId: number };
/** UPI, cash on delivery, or an HDFC Bank credit card (its 10% offer, on ₹20,000 or more; the sandbox's OTP). */
type PaidWith = 'upi' | 'cod' | 'hdfc-card';
/** The sandbox's HDFC Bank credit card (src/shared/bank-offers.ts). */
const HDFC_CREDIT = { number: '4854 9800 0000 0002', expiryMonth: 12, expiryYear: 2031, cvv: '123', name: 'Asha Rao' };

export interface ReturnsWorld {
  t: TestApp;
  asha: TestUser;
  bilal: TestUser;
  admin: TestUser;
  seller: Seller;
  otherSeller: Seller;
  laptop: number;
  monitor: number;
  address: number;
  bilalAddress: number;
  stockOf(productId: number): Promise<number>;
  orderOf(id: number, user?: TestUser): Promise<Order>;
  mails(): Promise<Array<{ to: string; subject: string; text: string }>>;
  deliveredOrder(
    items: Array<{ productId: number; quantity: number }>,
    options?: { method?: PaidWith; user?: TestUser; daysAgo?: number },
  ): Promise<Order>;
  lineOf(order: Order, productId: number): Order['items'][number];
  request(order: Order, body: Record<string, unknown>, user?: TestUser): ReturnType<ReturnType<typeof as>>;
  act(user: TestUser, area: 'vendor' | 'admin', id: number, step: string, body?: unknown): ReturnType<ReturnType<typeof as>>;
  today(): string;
  pickup(): { carrier: string; pickupDate: string };
  pickedUp(order: Order, body: Record<string, unknown>): Promise<number>;
  /** A fresh idempotency key for an order placed by hand. */
  nextKey(): string;
}

export function returnsWorld(dialect: Dialect): ReturnsWorld {
  const w = {} as ReturnsWorld;
  let keys = 0;
  const nextKey = () => `returns-${dialect}-${++keys}`;

  const stockOf = async (productId: number) =>
    (await w.t.database.db.selectFrom('offers').select('stock').where('product_id', '=', productId).executeTakeFirstOrThrow()).stock;
  const orderOf = async (id: number, user = w.asha) => (await as(w.t, user)('GET', `/api/orders/${id}`)).json() as Order;
  const mails = async () =>
    (await w.t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'mail').orderBy('id').execute()).map(
      (row) => JSON.parse(row.payload) as { to: string; subject: string; text: string },
    );

  /** A paid order (UPI, cash on delivery, or an HDFC card with its offer) of these lines, every shipment delivered `daysAgo` days ago. */
  async function deliveredOrder(
    items: Array<{ productId: number; quantity: number }>,
    { method = 'upi', user = w.asha, daysAgo = 1 }: { method?: PaidWith; user?: TestUser; daysAgo?: number } = {},
  ): Promise<Order> {
    const placed = await as(w.t, user)('POST', '/api/checkout/orders', {
      idempotencyKey: nextKey(),
      addressId: user === w.asha ? w.address : w.bilalAddress,
      items,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    const paid = await as(w.t, user)(
      'POST',
      `/api/orders/${order.id}/payments`,
      method === 'upi'
        ? { method: 'upi', vpa: 'asha@okhdfc' }
        : method === 'cod'
          ? { method: 'cod' }
          : { method: 'card', card: HDFC_CREDIT },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    if (method === 'hdfc-card') {
      const otp = await as(w.t, user)('POST', `/api/payments/${(paid.json() as PaymentResult).payment.id}/otp`, { otp: '123456' });
      expect(otp.json() as PaymentResult, otp.body).toMatchObject({ next: 'done', payment: { status: 'captured' } });
    }
    for (const fulfilment of (await orderOf(order.id, user)).fulfilments) {
      const vendor = fulfilment.vendor.id === w.seller.vendorId ? w.seller : w.otherSeller;
      for (const [step, body] of [
        ['pack'],
        ['ship', { carrier: 'Delhivery', trackingNumber: `DLV${fulfilment.id}0042` }],
        ['deliver'],
      ] as const) {
        const response = await as(w.t, vendor)('POST', `/api/vendor/fulfilments/${fulfilment.id}/${step}`, body);
        expect(response.statusCode, response.body).toBe(200);
      }
    }
    if (daysAgo !== 0) {
      await w.t.database.db
        .updateTable('fulfilments')
        .set({ delivered_at: new Date(Date.now() - daysAgo * DAY_MS).toISOString() })
        .where('order_id', '=', order.id)
        .execute();
    }
    return orderOf(order.id, user);
  }

  const lineOf = (order: Order, productId: number) => order.items.find((item) => item.productId === productId)!;
  const request = (order: Order, body: Record<string, unknown>, user = w.asha) =>
    as(w.t, user)('POST', `/api/orders/${order.id}/returns`, body);
  const act = (user: TestUser, area: 'vendor' | 'admin', id: number, step: string, body?: unknown) =>
    as(w.t, user)('POST', `/api/${area}/returns/${id}/${step}`, body);
  const today = () => new Date(Date.now() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const pickup = () => ({ carrier: 'Ekart', pickupDate: today() });

  /** Requested, approved and picked up: ready to be received. */
  async function pickedUp(order: Order, body: Record<string, unknown>): Promise<number> {
    const requested = await request(order, body);
    expect(requested.statusCode, requested.body).toBe(201);
    const id = (requested.json() as Order).returns.at(-1)!.id;
    expect((await act(w.seller, 'vendor', id, 'approve', pickup())).statusCode).toBe(200);
    expect((await act(w.seller, 'vendor', id, 'picked-up')).statusCode).toBe(200);
    return id;
  }

  beforeAll(async () => {
    w.t = await buildTestApp(dialect, { COD_MAX: '200000' });
    const shop = async (email: string, name: string) => {
      const vendor = await registerVendor(w.t, email, name);
      await completeShopDetails(w.t, vendor, name);
      await w.t.services.vendors.setStatus(vendor.vendorId, 'active');
      return vendor;
    };
    w.seller = await shop('returns@shop.in', 'Test Traders');
    w.otherSeller = await shop('other-returns@shop.in', 'Monitor Mart');
    w.laptop = (
      await createProduct(w.t.services, { vendorId: w.seller.vendorId, name: 'Lenovo ThinkPad E14', price: rupees(60_000), stock: 50 })
    ).id;
    w.monitor = (
      await createProduct(w.t.services, {
        vendorId: w.otherSeller.vendorId,
        category: 'Monitor',
        name: 'Dell 24 Monitor',
        price: rupees(11_000),
        stock: 50,
      })
    ).id;
    w.asha = await registerCustomer(w.t, 'asha.returns@example.in', 'Asha Rao');
    w.bilal = await registerCustomer(w.t, 'bilal.returns@example.in', 'Bilal Khan');
    w.address = (await as(w.t, w.asha)('POST', '/api/account/addresses', PUNE)).json().id;
    w.bilalAddress = (await as(w.t, w.bilal)('POST', '/api/account/addresses', { ...PUNE, name: 'Bilal Khan' })).json().id;
    await w.t.services.authService.ensureAdmin({ email: 'admin@returns.in', password: 'admin-pass-123', name: 'Returns Admin' });
    w.admin = await signIn(w.t, { email: 'admin@returns.in', password: 'admin-pass-123' }, 'admin');
  });
  afterAll(() => w.t.close());

  Object.assign(w, { stockOf, orderOf, mails, deliveredOrder, lineOf, request, act, today, pickup, pickedUp, nextKey });
  return w;
}
