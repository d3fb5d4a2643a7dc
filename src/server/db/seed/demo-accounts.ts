import { randomBytes } from 'node:crypto';
import { AddressInputSchema } from '#shared/schemas/account.ts';
import type { Role } from '#shared/schemas/auth.ts';
import type { Services } from '#server/app.ts';
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
const DEMO_ADDRESS = { name: 'Priya Sharma', phone: '9810098100', line1: 'B-12, Malviya Nagar', city: 'New Delhi', state: 'Delhi', pincode: '110017', isDefault: true };

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  /** what to try with it */
  note: string;
}

type DemoServices = Pick<Services, 'authService' | 'users' | 'vendors' | 'catalog' | 'checkout' | 'fulfilment' | 'orders' | 'delivery'>;

/** Whether the demo shops exist and some of them still have no account (seeding stopped half-way). */
export async function demoAccountsUnfinished(services: Pick<Services, 'vendors'>): Promise<boolean> {
  const shops = await Promise.all(DEMO_VENDORS.map((vendor) => services.vendors.findBySlug(vendor.slug)));
  return shops.some((shop) => shop !== undefined && shop.user_id === null);
}

/**
 * Creates the demo accounts and the customer's delivered order. Returns the accounts created by
 * this run (with their passwords, to be printed once); none when they all existed.
 */
export async function seedDemoAccounts(services: DemoServices, { withAdmin }: { withAdmin: boolean }): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];

  if (withAdmin) {
    const password = randomBytes(12).toString('base64url');
    const admin = await services.authService.ensureAccount({ email: DEMO_ADMIN_EMAIL, password, name: 'Demo Admin', role: 'admin' });
    if (admin.created) created.push({ role: 'admin', email: DEMO_ADMIN_EMAIL, password, note: '/admin/login: users, shops, products, payments, refunds' });
  }

  const customer = await services.authService.ensureAccount({ email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD, name: 'Priya Sharma', role: 'customer' });
  if (customer.created) created.push({ role: 'customer', email: DEMO_CUSTOMER_EMAIL, password: DEMO_CUSTOMER_PASSWORD, note: '/login: a delivered order to review or return, its invoice' });
  await deliveredOrder(services, customer.id);

  for (const shop of DEMO_VENDORS) {
    const vendor = await services.vendors.findBySlug(shop.slug);
    if (!vendor || vendor.user_id !== null) continue;
    const email = demoSellerEmail(shop.slug);
    const account = await services.authService.ensureAccount({ email, password: DEMO_SELLER_PASSWORD, name: `${shop.name} (demo seller)`, role: 'vendor' });
    await services.users.setRole(account.id, 'vendor'); // found half-made by an earlier run: a customer still
    await services.vendors.attachAccount(vendor.id, account.id);
    if (account.created) created.push({ role: 'vendor', email, password: DEMO_SELLER_PASSWORD, note: `/vendor/login: ${shop.name}` });
  }
  return created;
}

/** The customer's first order: placed, paid by UPI, packed, shipped (its invoice issued) and delivered. */
async function deliveredOrder(services: DemoServices, userId: string): Promise<void> {
  const productId = await services.catalog.idBySlug(slugify(DEMO_ORDER_PRODUCT));
  if (productId === undefined) return; // not the demo catalogue
  const user = await services.users.findById(userId);
  if (!user) return;
  const addresses = await services.users.listAddresses(userId);
  const addressId = addresses[0]?.id ?? (await services.users.addAddress(userId, AddressInputSchema.parse(DEMO_ADDRESS))).id;
  // India Post's directory is read before the order's transaction needs it (on SQLite's one
  // connection, a first read from inside that transaction would wait for the transaction itself).
  await services.delivery.ready();
  const { order } = await services.checkout.placeOrder(userId, { idempotencyKey: DEMO_ORDER_KEY, addressId, items: [{ productId, quantity: 1 }] });
  if (order.status === 'pending_payment') await services.checkout.pay({ id: userId, email: user.email }, order.id, { method: 'upi', vpa: 'priya@okhdfc' });
  const paid = await services.orders.getById(order.id);
  for (const shipment of paid.fulfilments) {
    let status = shipment.status;
    if (status === 'pending') status = (await services.fulfilment.step(shipment.vendor.id, shipment.id, 'pack')).status;
    if (status === 'packed') status = (await services.fulfilment.step(shipment.vendor.id, shipment.id, 'ship', { carrier: 'Delhivery', trackingNumber: `DLV${String(order.id).padStart(8, '0')}` })).status;
    if (status === 'shipped') await services.fulfilment.step(shipment.vendor.id, shipment.id, 'deliver');
  }
}
