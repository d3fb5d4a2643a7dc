import { expect, test } from './fixtures.ts';
import { checkoutWithUpi, packAndShip, registerApprovedShop, registerCustomer } from './sellers.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('a second seller offers a laptop already in the catalogue, a shopper buys it from them under "Other sellers", and they ship it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const business = `Karol Bagh Laptops ${id}`;
  await registerApprovedShop(page, baseURL!, { name: 'Harpreet Singh', email: `harpreet.${id}@shop.in`, business });

  // The seller finds the laptop in the catalogue and makes an offer: dearer, but dispatched today.
  await page.getByRole('navigation', { name: 'Vendor dashboard' }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'Sell a catalogue product' }).click();
  await page.getByLabel('Model name, part number or EAN').fill('Inspiron 15 3530');
  await page.getByRole('radio', { name: /Dell Inspiron 15 3530/ }).check();
  await expect(page.getByRole('heading', { name: /Your offer for Dell Inspiron 15 3530/ })).toBeFocused();
  await page.getByLabel('Your price (₹)').fill('1,49,999');
  await page.getByLabel('MRP (₹)').fill('1,49,999');
  await page.getByLabel('Stock').fill('4');
  await page.getByLabel('Dispatch time').selectOption('0');
  await page.getByLabel(/Your SKU/).fill(`KBL-3530-${id}`);
  await page.getByRole('button', { name: 'Start selling' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard\/products\/\d+$/);
  await expect(page.getByText(/sellers offer this product/)).toBeVisible();
  const productPath = (await page.url()).replace(/.*\/vendor\/dashboard\/products\//, '/product/');

  // The shopper sees one page with the other sellers, and buys from the new one.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await registerCustomer(shopper, 'Meera Iyer', `meera.${id}@example.in`);
  await shopper.goto(productPath);
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Dell Inspiron 15 3530');
  const others = shopper.getByRole('region', { name: /Other sellers/ });
  const offer = others.getByRole('listitem').filter({ hasText: business });
  await expect(offer).toContainText('₹1,49,999');
  await expect(offer).toContainText('Dispatched today');
  await offer.getByRole('button', { name: `Add to cart from ${business}` }).click();
  await expect(offer.getByText('Added to your cart.')).toBeVisible();
  await shopper.goto('/cart');
  await expect(shopper.getByText(`₹1,49,999 each · Sold by ${business}`)).toBeVisible();
  const orderNumber = await checkoutWithUpi(shopper, 'Meera Iyer');

  // That seller, and only that seller, fulfils it.
  await packAndShip(page, orderNumber, `KBL${id}`);
  await shopper.goto('/orders');
  await shopper.getByRole('link', { name: `View order ${orderNumber}` }).click();
  await expect(shopper.getByText(business).first()).toBeVisible();
  await expect(shopper.getByText(`KBL${id}`)).toBeVisible();
  await shopperContext.close();
});
