import { readFile } from 'node:fs/promises';
import { pdfText } from '../src/server/testing/pdf-text.ts';
import { expect, test } from './fixtures.ts';
import { approveListing, checkoutWithUpi, packAndShip, png, registerApprovedShop, registerCustomer } from './sellers.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('a vendor publishes a product, a customer buys it, the vendor ships it and the customer sees the tracking', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const productName = `Zenith ProView 27 QHD ${id}`;

  // The vendor registers; an admin approves the shop.
  await registerApprovedShop(page, baseURL!, { name: 'Vikram Sethi', email: `vikram.${id}@shop.in`, business: `Sethi Displays ${id}` });

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
  // A new listing waits for the marketplace's approval before shoppers see it.
  await expect(page.getByText("Awaiting the marketplace's approval")).toBeVisible();
  await approveListing(baseURL!, Number(/(\d+)$/.exec(page.url())?.[1]));

  // The storefront finds it.
  await page.goto(`/search?q=${encodeURIComponent(`zenith proview ${id}`)}`);
  await expect(page.locator('main article').first()).toContainText(productName);
  await expect(page.locator('main article img').first()).toHaveAttribute('src', /^\/media\/v\d+\/.+\.webp$/);

  // A customer buys it with UPI.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await registerCustomer(customer, 'Nisha Kapoor', `nisha.${id}@example.in`);
  await customer.goto(`/search?q=${encodeURIComponent(`zenith ${id}`)}`);
  await customer.locator('main article').first().getByRole('link').click();
  await customer.getByRole('button', { name: 'Add to cart', exact: true }).click();
  const orderNumber = await checkoutWithUpi(customer, 'Nisha Kapoor');

  // The vendor packs and ships it.
  await packAndShip(page, orderNumber, `DLV${id}`);

  // The customer sees the tracking update.
  await customer.goto('/orders');
  await customer.getByRole('link', { name: `View order ${orderNumber}` }).click();
  await expect(customer.getByText(`DLV${id}`)).toBeVisible();
  await expect(customer.getByText('Delhivery').first()).toBeVisible();

  // The shipment's GST tax invoice: the seller in Karnataka, the buyer in Delhi, so the tax is IGST.
  const invoiceLink = customer.getByRole('link', { name: /^Tax invoice INV\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ });
  const download = customer.waitForEvent('download');
  await invoiceLink.click();
  const file = await (await download).path();
  const text = await pdfText(await readFile(file));
  expect(text).toContain('GSTIN: 29AABCT1234F1ZM');
  expect(text).toContain('Place of supply: Delhi');
  expect(text).toContain('Supply to another state: IGST applies.');
  // ₹18,499 at 18 %: ₹15,677.12 taxable and ₹2,821.88 IGST.
  expect(text).toMatch(/8528 +1 +₹15,677\.12 +18% +₹0\.00 +₹0\.00 +₹2,821\.88 +₹18,499\.00/);
  expect(text).toContain('Amount in words: Eighteen Thousand Four Hundred Ninety-Nine Rupees Only');
  await customerContext.close();
});
