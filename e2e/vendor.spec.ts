import { deflateSync } from 'node:zlib';
import { expect, request as playwrightRequest, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A small real PNG, made here: 60×40, one colour. */
function png(): Buffer {
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
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

test('a vendor publishes a product, a customer buys it, the vendor ships it and the customer sees the tracking', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const id = unique();
  const productName = `Zenith ProView 27 QHD ${id}`;

  // The vendor registers; the shop starts pending.
  await page.goto('/vendor/register');
  await page.getByLabel('Your full name').fill('Vikram Sethi');
  await page.getByLabel('E-mail').fill(`vikram.${id}@shop.in`);
  await page.getByLabel('Password').fill('vendor-password');
  await page.getByLabel('Business name').fill(`Sethi Displays ${id}`);
  await page.getByLabel('Business phone (+91)').fill('9810012345');
  await page.getByRole('button', { name: 'Register as a vendor' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your shop is awaiting approval' })).toBeVisible();

  // An admin approves the shop (the admin's screens come later; the API exists).
  const shop = await (await page.request.get('/api/vendor/profile')).json();
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await admin.post('/api/auth/login', { data: { email: 'admin@e2e.test', password: 'e2e-admin-password', portal: 'admin' } })).ok()).toBe(true);
  expect((await admin.patch(`/api/admin/vendors/${shop.id}`, { data: { status: 'active' } })).ok()).toBe(true);
  await admin.dispose();
  await page.reload();
  await expect(page.getByText('Your shop is awaiting approval')).toHaveCount(0);

  // The vendor creates a monitor with an image and publishes it.
  await page.getByRole('navigation', { name: 'Vendor dashboard' }).getByRole('link', { name: 'Products' }).click();
  // A shop with no products offers the link twice (heading and empty list), depending on whether the list has loaded.
  await page.getByRole('link', { name: 'Add a product' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill(productName);
  await page.getByLabel('Brand').fill('Zenith');
  await page.getByLabel('Category').selectOption('Monitor');
  await page.getByLabel('Description').fill('A 27 inch QHD IPS monitor for office and creative work.');
  await page.getByLabel('SKU').fill(`ZPV27-${id}`);
  await page.getByLabel('Price (₹)').fill('18499');
  await page.getByLabel('MRP (₹)').fill('22999');
  await page.getByLabel('Stock').fill('12');
  await page.getByLabel(/Screen size/).fill('27');
  await page.getByLabel('Resolution').selectOption('2560x1440');
  await page.getByLabel('Panel type').selectOption('IPS');
  await page.getByLabel(/Refresh rate/).fill('100');
  await page.getByLabel(/Response time/).fill('4');
  await page.getByLabel(/^Ports/).fill('HDMI 2.0, DisplayPort 1.4');
  await page.locator('input[type=file]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByRole('list', { name: 'Product images' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: /^Publish/ }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard\/products\/\d+$/);

  // The storefront finds it.
  await page.goto(`/search?q=${encodeURIComponent(`zenith proview ${id}`)}`);
  await expect(page.locator('main article').first()).toContainText(productName);
  await expect(page.locator('main article img').first()).toHaveAttribute('src', /^\/media\/v\d+\/.+\.webp$/);

  // A customer buys it with UPI.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto('/register');
  await customer.getByLabel('Full name').fill('Nisha Kapoor');
  await customer.getByLabel('E-mail').fill(`nisha.${id}@example.in`);
  await customer.getByLabel('Password').fill('a-good-password');
  await customer.getByRole('button', { name: 'Create account' }).click();
  await expect(customer).toHaveURL(/\/$/);
  await customer.goto(`/search?q=${encodeURIComponent(`zenith ${id}`)}`);
  await customer.locator('main article').first().getByRole('link').click();
  await customer.getByRole('button', { name: 'Add to cart' }).click();
  await customer.goto('/checkout');
  await customer.getByLabel('Full name').fill('Nisha Kapoor');
  await customer.getByLabel('Mobile number').fill('9811012345');
  await customer.getByLabel(/Address line 1/).fill('B-12 Defence Colony');
  await customer.getByLabel('City').fill('New Delhi');
  await customer.getByLabel('State').selectOption('Delhi');
  await customer.getByLabel('PIN code').fill('110024');
  await customer.getByRole('button', { name: 'Save and deliver here' }).click();
  await customer.getByRole('button', { name: 'Deliver here' }).click();
  await customer.getByRole('button', { name: 'Continue to payment' }).click();
  await customer.getByLabel('UPI ID').fill('nisha@okaxis');
  await customer.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(customer).toHaveURL(/\/order-success/);
  const orderNumber = (await customer.getByTestId('order-number').textContent()) ?? '';

  // The vendor packs and ships it.
  await page.goto('/vendor/dashboard/orders');
  const card = page.locator('article, li').filter({ hasText: orderNumber }).first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /Mark packed/ }).click();
  await card.getByRole('button', { name: /Mark shipped/ }).click();
  await card.getByLabel('Carrier').fill('Delhivery');
  await card.getByLabel('Tracking number').fill(`DLV${id}`);
  await card.getByRole('button', { name: /^Ship/ }).click();
  await expect(card.getByText(`DLV${id}`)).toBeVisible();

  // The customer sees the tracking update.
  await customer.goto('/orders');
  await customer.getByRole('link', { name: `View order ${orderNumber}` }).click();
  await expect(customer.getByText(`DLV${id}`)).toBeVisible();
  await expect(customer.getByText('Delhivery').first()).toBeVisible();
  await customerContext.close();
});
