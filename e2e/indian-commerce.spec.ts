import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { pdfText } from '../src/server/testing/pdf-text.ts';
import { deliveryDate, formatDeliveryDate } from '../src/shared/delivery.ts';
import { expect, type Page, test } from './fixtures.ts';
import { approveListing, registerApprovedShop, registerCustomer, uploadProductImage } from './sellers.ts';

/**
 * End to end: a shopper checks delivery to a PIN code, pays by Cash on Delivery, the
 * seller delivers, and the GST invoice's text shows CGST + SGST within the seller's state or IGST
 * to another. The seller is a new shop in Bengaluru (GSTIN 29…, pickup PIN code 560002, from
 * `registerApprovedShop`), so nothing depends on the demo catalogue.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** ₹23,600 including 18 % GST: ₹20,000.00 taxable and ₹3,600.00 tax, under Cash on Delivery's ₹50,000 ceiling. */
const PRICE = '₹23,600';
/** The price less the demo's WELCOME10 coupon (10 %, at most ₹2,000). */
const DUE_WITH_COUPON = '₹21,600';

/** A new listing is dispatched within 2 working days (the offer's default). */
const DISPATCH_DAYS = 2;

interface Shop {
  business: string;
  productId: number;
  productName: string;
}

/**
 * An approved shop in Bengaluru with one mini PC on sale; the seller stays signed in on `page`. A
 * desktop, because the storefront's tests count the demo's laptops and monitors.
 */
async function bengaluruShopWithMiniPc(page: Page, baseURL: string, id: string): Promise<Shop> {
  const business = `Jayanagar Computers ${id}`;
  await registerApprovedShop(page, baseURL, { name: 'Lakshmi Rao', email: `lakshmi.${id}@shop.in`, business });
  // The listing itself is made through the API: the vendor area's own test makes one in the browser.
  const productName = `Jayanagar Mini PC N100 ${id}`;
  const created = await page.request.post('/api/vendor/products', {
    headers: { origin: baseURL },
    data: {
      name: productName,
      brand: 'Jayanagar',
      category: 'Desktop',
      description: 'A palm-sized office PC: Intel N100, 16 GB RAM and a 512 GB SSD.',
      sku: `JMP-N100-${id}`,
      price: 23_600_00,
      mrp: 27_999_00,
      stock: 10,
      specs: {
        processor: 'Intel N100',
        ramGb: 16,
        storageGb: 512,
        storageType: 'SSD',
        graphics: 'Intel UHD Graphics',
        formFactor: 'Mini PC',
      },
      images: [await uploadProductImage(page, baseURL)],
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { id: number }).id;
  await approveListing(baseURL, productId);
  return { business, productId, productName };
}

/** The cart to a new address typed PIN code first (city and state fill in from it), paid by Cash on Delivery; the order's number. */
async function checkoutCashOnDelivery(
  page: Page,
  address: { name: string; phone: string; line1: string; pincode: string; city: string; state: string; district: string },
  due = PRICE,
): Promise<string> {
  await page.goto('/checkout');
  await page.getByLabel('Full name').fill(address.name);
  await page.getByLabel('Mobile number').fill(address.phone);
  await page.getByLabel(/Address line 1/).fill(address.line1);
  await page.getByLabel('PIN code', { exact: true }).fill(address.pincode);
  // India Post's directory fills in the city and state, and names the place under the PIN code.
  await expect(page.getByText(`${address.district}, ${address.state}`)).toBeVisible();
  await expect(page.getByLabel('City', { exact: true })).toHaveValue(address.city);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue(address.state);
  await page.getByRole('button', { name: 'Save and deliver here' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await page.getByRole('radio', { name: 'Cash on Delivery' }).check();
  await expect(page.getByText(`Pay ${due} in cash or by UPI to the courier when your order arrives.`)).toBeVisible();
  await page.getByRole('button', { name: `Place order · pay ${due} on delivery` }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your order is confirmed.');
  return (await page.getByTestId('order-number').textContent()) ?? '';
}

/** The seller's card for an order on the vendor's orders page. */
async function sellersOrderCard(page: Page, orderNumber: string): Promise<Locator> {
  await page.goto('/vendor/dashboard/orders');
  const card = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(card).toBeVisible();
  return card;
}

/** Packs and ships the order from its card; shipping issues the tax invoice. */
async function packAndShip(card: Locator, tracking: string): Promise<void> {
  await card.getByRole('button', { name: 'Mark packed' }).click();
  await card.getByRole('button', { name: 'Mark shipped' }).click();
  await card.getByLabel('Carrier').fill('Delhivery');
  await card.getByLabel('Tracking number').fill(tracking);
  await card.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(card.getByText(tracking)).toBeVisible();
  await expect(card.getByRole('link', { name: /^Tax invoice INV\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ })).toBeVisible();
}

/** The customer's order page, from My Orders. */
async function openOrder(page: Page, orderNumber: string): Promise<void> {
  await page.goto('/orders');
  await page.getByRole('link', { name: `View order ${orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
}

/** The text of the shipment's tax invoice, downloaded from the customer's order page. */
async function downloadInvoiceText(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Tax invoice INV\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ }).click();
  return pdfText(await readFile(await (await download).path()));
}

test('a shopper in Bengaluru checks delivery, pays cash on delivery, and the invoice from a Bengaluru seller charges CGST and SGST', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const shop = await bengaluruShopWithMiniPc(page, baseURL!, id);

  await test.step('the seller takes cash but stops delivering to the special zones', async () => {
    await page.goto('/vendor/dashboard/profile');
    await expect(page.getByLabel('Accept Cash on Delivery')).toBeChecked();
    const specialZones = page.getByLabel('Deliver to the North East, Jammu & Kashmir, Ladakh and the islands');
    await expect(specialZones).toBeChecked();
    await specialZones.uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  });

  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await registerCustomer(shopper, 'Ananya Hegde', `ananya.${id}@example.in`);

  await test.step('the shopper checks delivery on the product page', async () => {
    await shopper.goto(`/product/${shop.productId}`);
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(shop.productName);
    const delivery = shopper.getByRole('region', { name: 'Check delivery' });
    const box = delivery.getByLabel('Delivery PIN code');
    // Drawn by the server, "Check" stays disabled until the page is taken over.
    await expect(delivery.getByRole('button', { name: 'Check', exact: true })).toBeEnabled();

    // A PIN code India Post does not know.
    await box.fill('999999');
    await delivery.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(delivery.getByText("PIN code 999999 is not in India Post's directory. Please check it.")).toBeVisible();
    // Not delivered to, so not "Delivering to" it.
    await expect(delivery.getByText(/Delivering to/)).toHaveCount(0);

    // Port Blair: this seller no longer delivers to the islands.
    await delivery.getByRole('button', { name: 'Change' }).click();
    await expect(box).toBeFocused();
    await box.fill('744101');
    await delivery.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(delivery.getByText('PIN code Port Blair 744101')).toBeVisible();
    await expect(delivery.getByText(/Delivering to/)).toHaveCount(0);
    await expect(delivery.getByText('The seller does not deliver to Andaman and Nicobar Islands')).toBeVisible();
    await expect(delivery.getByText(/^Delivery by/)).toHaveCount(0);

    // Koramangala, Bengaluru: the same city as the seller's pickup, so dispatch plus a working day.
    await delivery.getByRole('button', { name: 'Change' }).click();
    await box.fill('560034');
    const before = new Date();
    await delivery.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(delivery.getByText('Delivering to Bengaluru 560034')).toBeVisible();
    const promise = delivery.getByText(/^Delivery by /);
    await expect(promise).toBeVisible();
    // Across the 2 pm dispatch cut-off the date moves on a day, so either side of the check is right.
    const dates = [before, new Date()].map((at) => `Delivery by ${formatDeliveryDate(deliveryDate(at, DISPATCH_DAYS, 'local'))}`);
    expect(dates).toContain(await promise.textContent());
    await expect(delivery.getByText('Cash on Delivery available')).toBeVisible();

    await shopper.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(shopper.getByTestId('cart-count')).toHaveText(/^1/);
  });

  await test.step('the shopper applies the marketplace’s coupon in the cart', async () => {
    await shopper.goto('/cart');
    await shopper.getByLabel('Coupon code').fill('welcome10');
    await shopper.getByRole('button', { name: 'Apply', exact: true }).click();
    // 10 % of ₹23,600 is ₹2,360: the coupon's cap, ₹2,000, is what comes off.
    const summary = shopper.getByRole('complementary', { name: 'Order summary' });
    await expect(summary).toContainText('WELCOME10');
    await expect(summary).toContainText('−₹2,000');
    await expect(summary).toContainText(DUE_WITH_COUPON);
  });

  const orderNumber = await test.step('the shopper adds a Bengaluru address from its PIN code and pays cash on delivery', () =>
    checkoutCashOnDelivery(
      shopper,
      {
        name: 'Ananya Hegde',
        phone: '9845012345',
        line1: '42, 5th Cross, Koramangala 4th Block',
        pincode: '560034',
        city: 'Bengaluru',
        state: 'Karnataka',
        district: 'Bengaluru Urban',
      },
      DUE_WITH_COUPON,
    ));

  await test.step('the order waits for the cash', async () => {
    await openOrder(shopper, orderNumber);
    const payments = shopper.getByRole('region', { name: 'Payments' });
    await expect(payments).toContainText('Cash on Delivery');
    await expect(payments).toContainText(DUE_WITH_COUPON);
    await expect(payments).toContainText('Status: To pay on delivery');
  });

  await test.step('the seller packs, ships and delivers', async () => {
    const card = await sellersOrderCard(page, orderNumber);
    await expect(card).toContainText('Bengaluru, Karnataka 560034');
    await expect(card).toContainText(`Cash on Delivery: the courier collects ${DUE_WITH_COUPON}`);
    await packAndShip(card, `JD${id}`);
    await card.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(card.getByText(/^Delivered on /)).toBeVisible();
  });

  await test.step('the cash is taken on delivery and the invoice charges CGST and SGST', async () => {
    await shopper.reload();
    const payments = shopper.getByRole('region', { name: 'Payments' });
    await expect(payments).toContainText('Status: Paid');
    const text = await downloadInvoiceText(shopper);
    expect(text).toContain(`${shop.business} Private Limited`);
    expect(text).toContain('GSTIN: 29AABCT1234F1ZM');
    expect(text).toContain('Place of supply: Karnataka');
    expect(text).toContain('Supply within the seller’s state: CGST and SGST apply.');
    // HSN 8471, one computer, ₹2,000 off by the coupon: ₹21,600 paid, of which ₹18,305.08 taxable at
    // 18 %, ₹1,647.46 CGST and ₹1,647.46 SGST, no IGST.
    expect(text).toMatch(/8471 +1 +₹18,305\.08 +18% +₹1,647\.46 +₹1,647\.46 +₹0\.00 +₹21,600\.00/);
    expect(text).toContain('Coupon discount (WELCOME10) of ₹2,000.00 deducted from the value before tax.');
    expect(text).toContain('Amount in words: Twenty-One Thousand Six Hundred Rupees Only');
  });
  await shopperContext.close();
});

test('a shopper in Chennai pays cash on delivery to a Bengaluru seller, and the invoice charges IGST', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const shop = await bengaluruShopWithMiniPc(page, baseURL!, id);

  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await registerCustomer(shopper, 'Karthik Subramanian', `karthik.${id}@example.in`);
  await shopper.goto(`/product/${shop.productId}`);
  await shopper.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(shopper.getByTestId('cart-count')).toHaveText(/^1/);
  const orderNumber = await checkoutCashOnDelivery(shopper, {
    name: 'Karthik Subramanian',
    phone: '9444012345',
    line1: '18, Wallajah Road, Chepauk',
    pincode: '600002',
    city: 'Chennai',
    state: 'Tamil Nadu',
    district: 'Chennai',
  });

  await packAndShip(await sellersOrderCard(page, orderNumber), `JD${id}`);

  // Shipped, not yet delivered: the invoice is out, the cash not yet taken.
  await openOrder(shopper, orderNumber);
  await expect(shopper.getByRole('region', { name: 'Payments' })).toContainText('Status: To pay on delivery');
  const text = await downloadInvoiceText(shopper);
  expect(text).toContain('Place of supply: Tamil Nadu');
  expect(text).toContain('Supply to another state: IGST applies.');
  expect(text).toMatch(/8471 +1 +₹20,000\.00 +18% +₹0\.00 +₹0\.00 +₹3,600\.00 +₹23,600\.00/);
  await shopperContext.close();
});
