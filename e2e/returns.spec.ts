import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';
import { mailTo } from './mail.ts';
import { listOfficeDesktop, registerApprovedShop } from './sellers.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
/** A photo of the item, as a phone would send it (a tiny PNG). */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe-core's WCAG A and AA rules on the page as it is now, at a desktop's and a phone's width. */
async function expectAccessible(page: Page): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const DELHI = {
  name: 'Meera Iyer',
  phone: '9811012345',
  line1: 'B-12 Defence Colony',
  city: 'New Delhi',
  state: 'Delhi',
  pincode: '110024',
};

/** The seller's shipment of the order, packed, shipped and delivered through the API (its own browser test is elsewhere). */
async function deliverThroughApi(seller: Page, baseURL: string, orderId: number): Promise<void> {
  const order = await (await seller.request.get(`/api/vendor/orders?q=${orderId}`)).json();
  const fulfilmentId = order.items[0].fulfilmentId as number;
  for (const [step, data] of [['pack'], ['ship', { carrier: 'Delhivery', trackingNumber: `DLV${orderId}77` }], ['deliver']] as const) {
    const response = await seller.request.post(`/api/vendor/fulfilments/${fulfilmentId}/${step}`, { headers: { origin: baseURL }, data });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

/** On the customer's order page: the return of the one line, asked for in the form under it. */
async function requestReturn(page: Page, orderId: number, productName: string, payoutUpi?: string): Promise<void> {
  await page.goto(`/order-details/${orderId}`);
  await page.getByRole('button', { name: `Return or replace ${productName}` }).click();
  const form = page.getByRole('form', { name: `Return ${productName}` });
  await expect(form.getByLabel('Reason')).toBeFocused();
  await form.getByLabel('Reason').selectOption({ label: 'Defective or not working' });
  await form.getByLabel(/What is wrong/).fill('It shuts down within a minute of starting');
  await form.locator('input[type=file]').setInputFiles({ name: 'fault.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(form.getByRole('img', { name: 'Photo 1 of the item to return' })).toBeVisible();
  await form.getByRole('radio', { name: /^A refund of ₹23,600/ }).check();
  if (payoutUpi) {
    await form.getByLabel('Your UPI ID').fill(payoutUpi);
    await expectAccessible(page);
  }
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Return requested for 1 × ${productName}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Returns', exact: true })).toBeFocused();
  await expect(page.getByText('Return requested').first()).toBeVisible();
}

/** On the Returns page (a seller's or an admin's): approve with a pickup, picked up, received back to stock: refunded. */
async function takeReturnToRefund(page: Page, orderNumber: string): Promise<void> {
  await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Return requested' });
  const card = page
    .locator('li')
    .filter({ hasText: `Order ${orderNumber}` })
    .first();
  await expect(card.getByText('It shuts down within a minute of starting')).toBeVisible();
  await expect(card.getByRole('img', { name: /Customer’s photo 1/ })).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card.getByLabel('Pickup carrier')).toBeFocused();
  await expectAccessible(page);
  await card.getByLabel('Pickup carrier').fill('Ekart');
  await card.getByRole('button', { name: 'Approve and schedule pickup' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'approved; pickup by Ekart' })).toBeVisible();

  await page.getByLabel('Show', { exact: true }).selectOption({ label: 'All returns' });
  const again = page
    .locator('li')
    .filter({ hasText: `Order ${orderNumber}` })
    .first();
  await again.getByRole('button', { name: 'Mark picked up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'marked picked up' })).toBeVisible();
  await again.getByRole('button', { name: 'Mark received' }).click();
  await again.getByLabel('Yes: unopened, back to stock').check();
  await again.getByRole('button', { name: 'Mark received and refund ₹23,600' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /received and back in stock; ₹23,600 refunded with credit note CN\// }),
  ).toBeVisible();
  await expect(again.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(again.getByRole('link', { name: /^Credit note CN\// })).toBeVisible();
}

/** The customer sees the refund on the order with its timeline, and downloads the credit note. */
async function seeRefund(page: Page, orderId: number, productName: string): Promise<void> {
  await page.goto(`/order-details/${orderId}`);
  const returns = page.getByRole('region', { name: 'Returns', exact: true });
  await expect(returns.getByText('₹23,600 was refunded on')).toBeVisible();
  await expectAccessible(page);
  const steps = returns.getByRole('list', { name: `Progress of the return of ${productName}` }).getByRole('listitem');
  await expect(steps).toHaveText([
    /Return requested\s*on /,
    /Pickup scheduled\s*on /,
    /Picked up\s*on /,
    /Received by the seller\s*on /,
    /Refunded\s*on /,
  ]);
  const download = page.waitForEvent('download');
  await returns.getByRole('link', { name: /^Credit note CN\// }).click();
  expect((await download).suggestedFilename()).toMatch(/^credit-note-CN-.+\.pdf$/);
}

test('a delivered prepaid order and a delivered Cash on Delivery order each go from a return request to a refund in the browser', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const id = unique();
  const productName = `Okhla Office PC ${id}`;

  // A seller with a desktop on sale, signed in in its own browser.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await registerApprovedShop(seller, baseURL!, { name: 'Farah Khan', email: `farah.${id}@shop.in`, business: `Okhla Systems ${id}` });
  const productId = await listOfficeDesktop(seller, baseURL!, {
    name: productName,
    brand: 'Okhla',
    sku: `OOP-${id}`,
    price: 23_600_00,
    mrp: 25_999_00,
  });

  // The customer, signed in here, with two orders of it delivered: one paid by UPI, one in cash.
  const email = `meera.${id}@example.in`;
  const origin = { origin: baseURL! };
  expect(
    (
      await page.request.post('/api/auth/register', { headers: origin, data: { name: 'Meera Iyer', email, password: 'a-good-password' } })
    ).status(),
  ).toBe(201);
  const address = await (await page.request.post('/api/account/addresses', { headers: origin, data: DELHI })).json();
  const orders: Array<{ id: number; number: string }> = [];
  for (const payment of [{ method: 'upi', vpa: 'meera@okaxis' }, { method: 'cod' }]) {
    const order = await (
      await page.request.post('/api/checkout/orders', {
        headers: origin,
        data: { idempotencyKey: `returns-e2e-${id}-${payment.method}`, addressId: address.id, items: [{ productId, quantity: 1 }] },
      })
    ).json();
    const paid = await page.request.post(`/api/orders/${order.id}/payments`, { headers: origin, data: payment });
    expect(paid.ok(), await paid.text()).toBe(true);
    await deliverThroughApi(seller, baseURL!, order.id);
    orders.push(order);
  }
  const [prepaid, cash] = orders as [{ id: number; number: string }, { id: number; number: string }];

  // Prepaid: the customer asks, the seller takes it to the refund from its Returns page.
  await requestReturn(page, prepaid.id, productName);
  await seller.goto('/vendor/dashboard');
  await seller.getByRole('link', { name: 'Returns', exact: true }).click();
  await expect(seller.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await takeReturnToRefund(seller, prepaid.number);
  await seeRefund(page, prepaid.id, productName);
  await mailTo(email, /We have refunded \S*23,600 to your original payment method/);

  // Cash on Delivery: the customer gives a UPI ID for the refund; an admin takes it to the refund.
  await requestReturn(page, cash.id, productName, 'meera@okaxis');
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin/login');
  await admin.getByLabel('E-mail').fill('admin@e2e.test');
  await admin.getByLabel('Password').fill('e2e-admin-password');
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Returns', exact: true }).click();
  await expect(
    admin
      .locator('li')
      .filter({ hasText: `Order ${cash.number}` })
      .first()
      .getByText('Cash on Delivery; refund to UPI ID meera@okaxis'),
  ).toBeVisible();
  await takeReturnToRefund(admin, cash.number);
  await seeRefund(page, cash.id, productName);
  await mailTo(email, /to your UPI ID meera@okaxis/);

  await sellerContext.close();
  await adminContext.close();
});
