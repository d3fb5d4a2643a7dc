import { deflateSync } from 'node:zlib';
import { expect, type Page, request as playwrightRequest } from './fixtures.ts';

/** The e2e admin, signed in through the API, for what the admin's screens are tested for elsewhere. */
async function asAdmin(baseURL: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect(
    (await admin.post('/api/auth/login', { data: { email: 'admin@e2e.test', password: 'e2e-admin-password', portal: 'admin' } })).ok(),
  ).toBe(true);
  return admin;
}

/** The e2e admin signs in on `page`, through the admin's sign-in page. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The admin approves a seller's new listing, which then goes on sale. */
export async function approveListing(baseURL: string, productId: number): Promise<void> {
  const admin = await asAdmin(baseURL);
  expect((await admin.post(`/api/admin/products/${productId}/review`, { data: { decision: 'approve' } })).ok()).toBe(true);
  await admin.dispose();
}

/** Registers a shop through the vendor sign-up page and has the admin approve it (through the API). */
export async function registerApprovedShop(
  page: Page,
  baseURL: string,
  owner: { name: string; email: string; business: string },
): Promise<void> {
  await page.goto('/vendor/register');
  await page.getByLabel('Your full name').fill(owner.name);
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill('vendor-password');
  await page.getByLabel('Business name').fill(owner.business);
  await page.getByLabel('Business phone (+91)').fill('9810012345');
  await page.getByLabel('GSTIN').fill('29AABCT1234F1ZM');
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
      pickupAddress: {
        name: owner.name,
        phone: '9810012345',
        line1: '12 SP Road',
        line2: '',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560002',
      },
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

/** A small real PNG, made here: 60×40, one colour. */
export function png(): Buffer {
  const width = 60;
  const height = 40;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([27, 92, 245], y * (width * 3 + 1) + 1 + x * 3);
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A product image uploaded to the shop of the seller signed in on `page`: a product goes on sale only with one. */
export async function uploadProductImage(page: Page, baseURL: string): Promise<string> {
  const image = await page.request.post('/api/vendor/media', {
    headers: { origin: baseURL },
    multipart: { file: { name: 'front.png', mimeType: 'image/png', buffer: png() } },
  });
  expect(image.status(), await image.text()).toBe(201);
  return ((await image.json()) as { url: string }).url;
}

/**
 * An office desktop on sale from the shop of the seller signed in on `seller`, approved; its id.
 * A Desktop, since the listings' browser tests count the demo catalogue's Laptops and Monitors.
 */
export async function listOfficeDesktop(
  seller: Page,
  baseURL: string,
  product: { name: string; brand: string; sku: string; price: number; mrp: number },
): Promise<number> {
  const created = await seller.request.post('/api/vendor/products', {
    headers: { origin: baseURL },
    data: {
      ...product,
      category: 'Desktop',
      description: 'A quiet office desktop: Intel Core i3, 8 GB RAM and a 512 GB SSD.',
      stock: 10,
      specs: {
        processor: 'Intel Core i3-12100',
        ramGb: 8,
        storageGb: 512,
        storageType: 'SSD',
        graphics: 'Intel UHD Graphics 730',
        formFactor: 'Tower',
      },
      images: [await uploadProductImage(seller, baseURL)],
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { id: number }).id;
  await approveListing(baseURL, productId);
  return productId;
}
