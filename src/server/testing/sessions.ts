import type { Portal } from '#shared/schemas/auth.ts';
import type { TestApp } from './build-app.ts';

export const TEST_HEADERS = { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' };

export interface TestUser {
  cookie: string;
  uid: string;
  email: string;
}

/**
 * Registers a customer through the API and returns their session cookie. Many shoppers in one
 * test each come from their own address (`fromAddress`, with the app built with TRUST_PROXY), as
 * real ones do, rather than meeting the per-address sign-up limit.
 */
export async function registerCustomer(t: TestApp, email: string, name = 'Test Customer', fromAddress?: string): Promise<TestUser> {
  const headers = fromAddress ? { ...TEST_HEADERS, 'x-forwarded-for': fromAddress } : TEST_HEADERS;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload: { name, email, password: 'secret-pass-1' },
  });
  if (response.statusCode !== 201) throw new Error(`Registration failed: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'store.session_token');
  return { cookie: `store.session_token=${cookie?.value}`, uid: response.json().user.uid, email };
}

/**
 * Signs an existing account in through the login page of the given portal (`/api/auth/login`) and
 * returns its session cookie; throws when the sign-in is refused. `fromAddress` (with the app
 * built with TRUST_PROXY) keeps many sign-ins in one test clear of the per-address limit.
 */
export async function signIn(
  t: TestApp,
  user: { email: string; password: string },
  portal: Portal = 'store',
  fromAddress?: string,
): Promise<TestUser> {
  const headers = fromAddress ? { ...TEST_HEADERS, 'x-forwarded-for': fromAddress } : TEST_HEADERS;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email: user.email, password: user.password, portal },
  });
  if (response.statusCode !== 200)
    throw new Error(`Sign-in of ${user.email} at the ${portal} portal failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'store.session_token');
  if (!cookie) throw new Error(`Sign-in of ${user.email} set no session cookie`);
  return { cookie: `store.session_token=${cookie.value}`, uid: response.json().user.uid, email: user.email };
}

/**
 * A request as the given user, from the store's own origin; from their own network address
 * (`fromAddress`, with the app built with TRUST_PROXY) when a test plays many shoppers.
 */
export function as(t: TestApp, user: TestUser, fromAddress?: string) {
  const headers = { ...TEST_HEADERS, cookie: user.cookie, ...(fromAddress ? { 'x-forwarded-for': fromAddress } : {}) };
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object | undefined, headers });
}

/** Registers a vendor (pending) through the API; approve it with services.vendors.setStatus. */
export async function registerVendor(t: TestApp, email: string, businessName: string): Promise<TestUser & { vendorId: number }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/vendor-register',
    headers: TEST_HEADERS,
    payload: {
      name: `${businessName} Owner`,
      email,
      password: 'secret-pass-1',
      businessName,
      phone: '9845012345',
      gstin: SHOP_DETAILS.gstin,
    },
  });
  if (response.statusCode !== 201) throw new Error(`Vendor registration failed: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'store.session_token');
  const user = response.json().user;
  return { cookie: `store.session_token=${cookie?.value}`, uid: user.uid, email, vendorId: user.vendor.id };
}

/** What a shop gives before the marketplace may approve it: a valid GSTIN, its legal name and PAN, a pickup address and a bank account. */
export const SHOP_DETAILS = {
  gstin: '29AABCT1234F1ZM',
  legalName: 'Test Traders Private Limited',
  pan: 'AABCT1234F',
  pickupAddress: {
    name: 'Test Traders',
    phone: '9845012345',
    line1: '12 SP Road',
    line2: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560002',
  },
  bankAccount: { holder: 'Test Traders Private Limited', number: '50100123456789', ifsc: 'HDFC0001234' },
};

/** Fills in the vendor's shop details through the shop profile, so that an admin may approve it. */
export async function completeShopDetails(t: TestApp, vendor: TestUser, businessName = 'Test Traders'): Promise<void> {
  const response = await as(t, vendor)('PUT', '/api/vendor/profile', {
    businessName,
    phone: '9845012345',
    lowStockThreshold: 5,
    ...SHOP_DETAILS,
  });
  if (response.statusCode !== 200) throw new Error(`Shop details were refused: ${response.body}`);
}

/** A seller that may sell: registered, its shop details complete, and approved. */
export async function registerActiveVendor(t: TestApp, email: string, businessName: string): Promise<TestUser & { vendorId: number }> {
  const vendor = await registerVendor(t, email, businessName);
  await completeShopDetails(t, vendor, businessName);
  await t.services.vendors.setStatus(vendor.vendorId, 'active');
  return vendor;
}

/** The store's admin account (created when missing), signed in at the admin portal. */
export async function signInAdmin(t: TestApp, email: string, name = 'Test Admin'): Promise<TestUser> {
  await t.services.authService.ensureAdmin({ email, password: 'admin-pass-123', name });
  return signIn(t, { email, password: 'admin-pass-123' }, 'admin');
}
