import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';
import { mailTo } from './mail.ts';
import { listOfficeDesktop, registerApprovedShop } from './sellers.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
/** A photo of the item, as a phone would send it (a tiny PNG). */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const PUNE = { name: 'Kavya Guest', phone: '9845012345', line1: '7 FC Road', city: 'Pune', state: 'Maharashtra', pincode: '411004' };

/** axe-core's WCAG A and AA rules on the page as it is, and nothing wider than the screen. */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function trackOrder(page: Page, number: string, email: string): Promise<void> {
  await page.goto(`/track?number=${number}`);
  await page.getByLabel('E-mail used for the order').fill(email);
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
}

test('a guest who paid in cash returns a delivered line from /track on a phone (360 px) and follows it there', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const id = unique();
  const productName = `Pune Office Desktop ${id}`;
  const origin = { origin: baseURL! };

  // A seller with a desktop on sale.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await registerApprovedShop(seller, baseURL!, { name: 'Rohan Desai', email: `rohan.${id}@shop.in`, business: `Deccan Displays ${id}` });
  const productId = await listOfficeDesktop(seller, baseURL!, {
    name: productName,
    brand: 'Deccan',
    sku: `PDM-${id}`,
    price: 12_499_00,
    mrp: 14_999_00,
  });

  // A guest's order of it, paid in cash, delivered (checkout and delivery have their own tests).
  const email = `kavya.${id}@example.in`;
  const placed = await page.request.post('/api/guest/checkout/orders', {
    headers: origin,
    data: { idempotencyKey: `guest-return-${id}`, email, address: PUNE, items: [{ productId, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, token } = (await placed.json()) as { order: { id: number; number: string }; token: string };
  const paid = await page.request.post(`/api/guest/orders/${order.id}/payments`, {
    headers: { ...origin, 'x-guest-order-token': token },
    data: { method: 'cod' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const shipment = (await (await seller.request.get(`/api/vendor/orders?q=${order.id}`)).json()).items[0].fulfilmentId as number;
  for (const [step, data] of [['pack'], ['ship', { carrier: 'Delhivery', trackingNumber: `DLV${order.id}55` }], ['deliver']] as const) {
    const response = await seller.request.post(`/api/vendor/fulfilments/${shipment}/${step}`, { headers: origin, data });
    expect(response.ok(), await response.text()).toBe(true);
  }

  // On a phone, with the number and e-mail that track it.
  await page.setViewportSize({ width: 360, height: 800 });
  await trackOrder(page, order.number, email);
  await page.getByRole('button', { name: `Return or replace ${productName}` }).click();
  const form = page.getByRole('form', { name: `Return ${productName}` });
  await expect(form.getByLabel('Reason')).toBeFocused();
  // Nothing chosen: told, nothing sent.
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(form.getByText('Please choose a reason')).toBeVisible();
  await form.getByLabel('Reason').selectOption({ label: 'Damaged in transit' });
  await form.getByLabel(/What is wrong/).fill('The side panel arrived cracked');
  await form.locator('input[type=file]').setInputFiles({ name: 'side-panel.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(form.getByRole('img', { name: 'Photo 1 of the item to return' })).toBeVisible();
  await form.getByRole('radio', { name: 'A refund of ₹12,499' }).check();
  // Paid in cash: where the refund goes.
  await form.getByLabel('Your UPI ID').fill('kavya@okaxis');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('track-return-form-360.png'), fullPage: true });
  // A double click on the button: one return.
  await form.getByRole('button', { name: 'Request return' }).dblclick();
  await expect(
    page.getByRole('status').filter({
      hasText: `Return requested for 1 × ${productName}. To send it to Deccan Displays ${id}, open the link we have mailed to ${email}`,
    }),
  ).toBeVisible();
  const returns = page.getByRole('region', { name: 'Returns', exact: true });
  await expect(returns.getByRole('heading', { name: 'Returns' })).toBeFocused();
  await expect(returns.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })).toHaveCount(1);
  // Anyone with the number and e-mail got this far: it waits for the link mailed to the order's address.
  await expect(returns.getByText('Awaiting your confirmation', { exact: true })).toBeVisible();
  await expect(returns.getByText(/We have mailed a link to the order’s e-mail address\. Open it by/)).toBeVisible();
  // The UPI ID only in part: anyone with the number and e-mail may look.
  await expect(returns.getByText('A refund of ₹12,499 to your UPI ID ka•••@okaxis')).toBeVisible();
  await expect(returns.getByText('1 photo sent with the return')).toBeVisible();
  await expectAccessible(page);
  // The seller does not see it yet.
  const listed = async () =>
    ((await (await seller.request.get('/api/vendor/returns')).json()).items as Array<{ orderNumber: string }>).some(
      (ret) => ret.orderNumber === order.number,
    );
  expect(await listed()).toBe(false);

  // The guest opens the link from the mail to the order's address, and confirms.
  const mail = await mailTo(email, new RegExp(`${productName} from order ${order.number} for a refund of`));
  expect(mail).toContain('please confirm your return request');
  const link = /(\/track\/confirm-return#token=[A-Za-z0-9_-]+)/.exec(mail)![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your return', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('confirm-return-before-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Confirm my return request' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `Thank you: your return request for order ${order.number} is confirmed. Deccan Displays ${id} will arrange a pickup within 48 hours.`,
    }),
  ).toBeFocused();
  const confirmedReturns = page.getByRole('region', { name: 'Returns', exact: true });
  await expect(confirmedReturns.getByText('Return requested', { exact: true }).first()).toBeVisible();
  await expect(confirmedReturns.getByText('Awaiting your confirmation')).toHaveCount(0);
  await expect(confirmedReturns.getByText('A refund of ₹12,499 to your UPI ID ka•••@okaxis')).toBeVisible();
  await expect(page.getByRole('link', { name: `Track order ${order.number}` })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('confirm-return-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('confirm-return-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await listed()).toBe(true);
  await mailTo(
    email,
    new RegExp(`Thank you for confirming\\. We have your request to return 1 \\S+ ${productName} from order ${order.number}`),
  );

  // The link works once: opened again (afresh, not as a change of the page's #), it says so.
  await page.goto('about:blank');
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my return request' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This link was used already: the return is confirmed.' })).toBeVisible();
  await expectAccessible(page);

  // At /track the line is returned; nothing more to return.
  await trackOrder(page, order.number, email);
  await expect(returns.getByText('Return requested', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Return or replace ${productName}` })).toHaveCount(0);

  // The seller schedules the pickup; /track shows the carrier and the date.
  const list = await (await seller.request.get('/api/vendor/returns?status=requested')).json();
  const returnId = (list.items as Array<{ id: number; orderNumber: string }>).find((ret) => ret.orderNumber === order.number)!.id;
  const pickupDate = new Date(Date.now() + 5.5 * 60 * 60 * 1000 + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  expect(
    (
      await seller.request.post(`/api/vendor/returns/${returnId}/approve`, { headers: origin, data: { carrier: 'Ekart', pickupDate } })
    ).ok(),
  ).toBe(true);
  await trackOrder(page, order.number, email);
  await expect(returns.getByText('Pickup scheduled', { exact: true }).first()).toBeVisible();
  await expect(returns.getByText(/^Ekart on \w{3}, \d{1,2} \w{3},? \d{4}$/)).toBeVisible();
  const steps = returns.getByRole('list', { name: `Progress of the return of ${productName}` }).getByRole('listitem');
  await expect(steps).toHaveText([
    /Return requested\s*on /,
    /Pickup scheduled\s*on /,
    /Picked up\s*: not yet/,
    /Received by the seller\s*: not yet/,
    /Refunded\s*: not yet/,
  ]);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('track-return-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('track-return-1280.png'), fullPage: true });

  await sellerContext.close();
});
