import { expect, type Page, request as playwrightRequest } from './fixtures.ts';

/** The e2e admin, signed in through the API, for what the admin's screens are tested for elsewhere. */
async function asAdmin(baseURL: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await admin.post('/api/auth/login', { data: { email: 'admin@e2e.test', password: 'e2e-admin-password', portal: 'admin' } })).ok()).toBe(true);
  return admin;
}

/** The admin approves a seller's new listing, which then goes on sale. */
export async function approveListing(baseURL: string, productId: number): Promise<void> {
  const admin = await asAdmin(baseURL);
  expect((await admin.post(`/api/admin/products/${productId}/review`, { data: { decision: 'approve' } })).ok()).toBe(true);
  await admin.dispose();
}

/** Registers a shop through the vendor sign-up page and has the admin approve it (through the API). */
export async function registerApprovedShop(page: Page, baseURL: string, owner: { name: string; email: string; business: string }): Promise<void> {
  await page.goto('/vendor/register');
  await page.getByLabel('Your full name').fill(owner.name);
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill('vendor-password');
  await page.getByLabel('Business name').fill(owner.business);
  await page.getByLabel('Business phone (+91)').fill('9810012345');
  await page.getByRole('button', { name: 'Register as a vendor' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your shop is awaiting approval' })).toBeVisible();

  const shop = await (await page.request.get('/api/vendor/profile')).json();
  // What the approval needs: a valid GSTIN, the legal name and PAN, a pickup address and a bank account.
  const details = await page.request.put('/api/vendor/profile', {
    headers: { origin: baseURL },
    data: {
      businessName: owner.business,
      phone: '9810012345',
      lowStockThreshold: 5,
      gstin: '29AABCT1234F1ZM',
      legalName: `${owner.business} Private Limited`,
      pan: 'AABCT1234F',
      pickupAddress: { name: owner.name, phone: '9810012345', line1: '12 SP Road', line2: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560002' },
      bankAccount: { holder: owner.name, number: '50100123456789', ifsc: 'HDFC0001234' },
    },
  });
  expect(details.ok(), await details.text()).toBe(true);
  const admin = await asAdmin(baseURL);
  expect((await admin.patch(`/api/admin/vendors/${shop.id}`, { data: { status: 'active' } })).ok()).toBe(true);
  await admin.dispose();
  await page.reload();
  await expect(page.getByText('Your shop is awaiting approval')).toHaveCount(0);
}

/** A new customer's account, signed in on the page. */
export async function registerCustomer(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Checks out the cart to a new Delhi address and pays by UPI; the order's number. */
export async function checkoutWithUpi(page: Page, name: string): Promise<string> {
  await page.goto('/checkout');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number').fill('9811012345');
  await page.getByLabel(/Address line 1/).fill('B-12 Defence Colony');
  await page.getByLabel('City').fill('New Delhi');
  await page.getByLabel('State').selectOption('Delhi');
  await page.getByLabel('PIN code').fill('110024');
  await page.getByRole('button', { name: 'Save and deliver here' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('UPI ID').fill('buyer@okaxis');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/order-success/);
  return (await page.getByTestId('order-number').textContent()) ?? '';
}

/** The vendor packs and ships the order from its orders page. */
export async function packAndShip(page: Page, orderNumber: string, tracking: string): Promise<void> {
  await page.goto('/vendor/dashboard/orders');
  const card = page.locator('article, li').filter({ hasText: orderNumber }).first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /Mark packed/ }).click();
  await card.getByRole('button', { name: /Mark shipped/ }).click();
  await card.getByLabel('Carrier').fill('Delhivery');
  await card.getByLabel('Tracking number').fill(tracking);
  await card.getByRole('button', { name: /^Ship/ }).click();
  await expect(card.getByText(tracking)).toBeVisible();
}
