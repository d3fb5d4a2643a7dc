import { randomBytes } from 'node:crypto';
import { addDays, indiaDate } from '#shared/india-time.ts';
import { AddressInputSchema } from '#shared/schemas/account.ts';
import type { Role } from '#shared/schemas/auth.ts';
import type { Services } from '#server/app.ts';
import type { Db } from '#server/db/database.ts';
import { DEMO_VENDORS, slugify } from './demo-catalog.ts';

/**
 * Sign-in accounts for the demo catalogue, so that a newcomer tries every area at once: each demo
 * shop's seller, a customer with one delivered order (with its GST invoice, so a review and a
 * return can be tried) and, unless ADMIN_EMAIL names one, an admin. Only with the demo data
 * (SEED_DEMO), never otherwise.
 *
 * The sellers' and the customer's passwords are fixed demo values (the README lists them); the
 * admin's is random, made at seeding and printed once, since an admin account runs the whole store
 * and a demo store may be left reachable on a network.
 *
 * Every step finds what an earlier, interrupted run left and goes on from there (an account by its
 * e-mail, the order by its idempotency key, each shipment by its status), and the shops get their
 * accounts last, so "a demo shop without an account" says the work is not finished.
 */
export const DEMO_SELLER_PASSWORD = 'demo-seller-2026';
export const DEMO_CUSTOMER_PASSWORD = 'demo-customer-2026';
export const DEMO_CUSTOMER_EMAIL = 'customer@demo.example';
export const DEMO_ADMIN_EMAIL = 'admin@demo.example';
export const demoSellerEmail = (shopSlug: string) => `${shopSlug}@demo.example`;

/** What the customer bought, and where it went (the seller is in New Delhi too). */
const DEMO_ORDER_PRODUCT = 'LG 29WQ600 UltraWide';
const DEMO_ORDER_KEY = 'demo-customer-first-order';
const DEMO_ADDRESS = {
  name: 'Priya Sharma',
  phone: '9810098100',
  line1: 'B-12, Malviya Nagar',
  city: 'New Delhi',
  state: 'Delhi',
  pincode: '110017',
  isDefault: true,
};

/**
 * When each step of the demo order happened, as India days before the seeding and India clock
 * times: placed and paid in the morning six days ago, packed and handed to the courier the next
 * day, delivered three days ago, so its return window (10 days) has a week left. Fixed, so every
 * seeding reads alike.
 */
const DEMO_ORDER_TIMELINE = {
  placed: { daysAgo: 6, time: '11:20' },
  paid: { daysAgo: 6, time: '11:22' },
  packed: { daysAgo: 5, time: '10:05' },
  shipped: { daysAgo: 5, time: '17:30' },
  delivered: { daysAgo: 3, time: '13:40' },
} as const;
type DemoOrderStep = keyof typeof DEMO_ORDER_TIMELINE;

/** A step's moment: its India day and clock time, counted from the seeding's India day. */
export function demoOrderTime(step: DemoOrderStep, now: Date): Date {
  const { daysAgo, time } = DEMO_ORDER_TIMELINE[step];
  return new Date(`${addDays(indiaDate(now), -daysAgo)}T${time}:00+05:30`);
}

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  /** what to try with it */
  note: string;
}

type DemoServices = Pick<
  Services,
  'authService' | 'users' | 'vendors' | 'catalog' | 'checkout' | 'fulfilment' | 'orders' | 'delivery' | 'payments'
>;

/** Whether the demo shops exist and some of them still have no account (seeding stopped half-way). */
export async function demoAccountsUnfinished(services: Pick<Services, 'vendors'>): Promise<boolean> {
  const shops = await Promise.all(DEMO_VENDORS.map((vendor) => services.vendors.findBySlug(vendor.slug)));
  return shops.some((shop) => shop !== undefined && shop.user_id === null);
}

/**
 * Creates the demo accounts and the customer's delivered order. Returns the accounts created by
 * this run (with their passwords, to be printed once); none when they all existed.
 */
export async function seedDemoAccounts(
  db: Db,
  services: DemoServices,
  { withAdmin, now = new Date() }: { withAdmin: boolean; now?: Date },
): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];

  if (withAdmin) {
    const password = randomBytes(12).toString('base64url');
    const admin = await services.authService.ensureAccount({ email: DEMO_ADMIN_EMAIL, password, name: 'Demo Admin', role: 'admin' });
    if (admin.created)
      created.push({ role: 'admin', email: DEMO_ADMIN_EMAIL, password, note: '/admin/login: users, shops, products, payments, refunds' });
  }

  const customer = await services.authService.ensureAccount({
    email: DEMO_CUSTOMER_EMAIL,
    password: DEMO_CUSTOMER_PASSWORD,
    name: 'Priya Sharma',
    role: 'customer',
  });
  if (customer.created)
    created.push({
      role: 'customer',
      email: DEMO_CUSTOMER_EMAIL,
      password: DEMO_CUSTOMER_PASSWORD,
      note: '/login: a delivered order to review or return, its invoice',
    });
  await deliveredOrder(db, services, customer.id, now);

  for (const shop of DEMO_VENDORS) {
    const vendor = await services.vendors.findBySlug(shop.slug);
    if (!vendor || vendor.user_id !== null) continue;
    const email = demoSellerEmail(shop.slug);
    const account = await services.authService.ensureAccount({
      email,
      password: DEMO_SELLER_PASSWORD,
      name: `${shop.name} (demo seller)`,
      role: 'vendor',
    });
    await services.users.setRole(account.id, 'vendor'); // found half-made by an earlier run: a customer still
    await services.vendors.attachAccount(vendor.id, account.id);
    if (account.created) created.push({ role: 'vendor', email, password: DEMO_SELLER_PASSWORD, note: `/vendor/login: ${shop.name}` });
  }
  return created;
}

/**
 * The customer's first order: placed, paid by UPI, packed, shipped (its invoice issued) and
 * delivered, each step at its time in DEMO_ORDER_TIMELINE. An order an earlier, interrupted run
 * placed is finished at the time of this run instead, so its steps stay in order.
 */
async function deliveredOrder(db: Db, services: DemoServices, userId: string, now: Date): Promise<void> {
  // Paid through the sandbox only: a hosted gateway (Razorpay) is paid by a shopper in its own
  // checkout, so a store on one starts without the demo order rather than with a fake payment.
  if (services.payments.gateway.provider !== 'sandbox') return;
  const productId = await services.catalog.idBySlug(slugify(DEMO_ORDER_PRODUCT));
  if (productId === undefined) return; // not the demo catalogue
  const user = await services.users.findById(userId);
  if (!user) return;
  const addresses = await services.users.listAddresses(userId);
  const addressId = addresses[0]?.id ?? (await services.users.addAddress(userId, AddressInputSchema.parse(DEMO_ADDRESS))).id;
  // India Post's directory is read before the order's transaction needs it (on SQLite's one
  // connection, a first read from inside that transaction would wait for the transaction itself).
  await services.delivery.ready();
  const { order, created } = await services.checkout.placeOrder(userId, {
    idempotencyKey: DEMO_ORDER_KEY,
    addressId,
    items: [{ productId, quantity: 1 }],
  });
  const at = (step: DemoOrderStep) => (created ? demoOrderTime(step, now) : new Date());
  if (order.status === 'pending_payment')
    await services.checkout.pay({ id: userId, email: user.email }, order.id, { method: 'upi', vpa: 'priya@okhdfc' });
  const paid = await services.orders.getById(order.id);
  for (const shipment of paid.fulfilments) {
    let status = shipment.status;
    if (status === 'pending')
      status = (await services.fulfilment.step(shipment.vendor.id, shipment.id, 'pack', undefined, at('packed'))).status;
    if (status === 'packed')
      status = (
        await services.fulfilment.step(
          shipment.vendor.id,
          shipment.id,
          'ship',
          { carrier: 'Delhivery', trackingNumber: `DLV${String(order.id).padStart(8, '0')}` },
          at('shipped'),
        )
      ).status;
    if (status === 'shipped') await services.fulfilment.step(shipment.vendor.id, shipment.id, 'deliver', undefined, at('delivered'));
  }
  if (created) await datePlacing(db, order.id, at('placed'), at('paid'), at('delivered'));
}

/**
 * The order's placing and payment dated back (and its rows' last change, the delivery). Checkout
 * stamps them with the moment it runs and takes no other, as a shopper's order is placed now; the
 * demo's order alone is dated here, in the seed, rather than through a way into checkout that
 * real orders would never use. The shipment's steps took their times from the fulfilment service.
 */
async function datePlacing(db: Db, orderId: number, placedAt: Date, paidAt: Date, lastStepAt: Date): Promise<void> {
  const [placed, paid, last] = [placedAt, paidAt, lastStepAt].map((at) => at.toISOString());
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('orders').set({ created_at: placed, paid_at: paid, updated_at: last }).where('id', '=', orderId).execute();
    await tx.updateTable('payments').set({ created_at: placed, updated_at: paid }).where('order_id', '=', orderId).execute();
    await tx.updateTable('fulfilments').set({ created_at: placed, updated_at: last }).where('order_id', '=', orderId).execute();
  });
}
