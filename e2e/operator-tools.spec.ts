import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request as playwrightRequest, test } from './fixtures.ts';
import { approveListing, registerApprovedShop, signInAsAdmin, uploadProductImage } from './sellers.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(paise / 100);

async function adminApi(baseURL: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect(
    (await admin.post('/api/auth/login', { data: { email: 'admin@e2e.test', password: 'e2e-admin-password', portal: 'admin' } })).ok(),
  ).toBe(true);
  return admin;
}

/**
 * A seller's desktop with an image, published and approved, through the API of the seller signed in
 * on `page`. A desktop, because the storefront's tests count the demo's laptops and monitors.
 */
async function publishDesktop(page: Page, baseURL: string, name: string, id: string): Promise<number> {
  const image = await uploadProductImage(page, baseURL);
  const created = await page.request.post('/api/vendor/products', {
    headers: { origin: baseURL },
    data: {
      name,
      brand: 'Orbit',
      category: 'Desktop',
      description: 'A compact office desktop: Intel Core i3, 8 GB RAM and a 512 GB SSD.',
      sku: `ORB24-${id}`,
      price: 11_499_00,
      mrp: 13_999_00,
      stock: 8,
      specs: {
        processor: 'Intel Core i3-12100',
        ramGb: 8,
        storageGb: 512,
        storageType: 'SSD',
        graphics: 'Intel UHD Graphics 730',
        formFactor: 'Tower',
      },
      images: [image],
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = (await created.json()).id as number;
  await approveListing(baseURL, productId);
  return productId;
}

test('an admin edits another vendor’s price: the store shows it and the audit log reads who changed what, in rupees', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const name = `Orbit View 24 ${id}`;
  const sellerContext = await page.context().browser()!.newContext();
  const seller = await sellerContext.newPage();
  await registerApprovedShop(seller, baseURL!, { name: 'Tara Bose', email: `tara.${id}@shop.in`, business: `Bose Displays ${id}` });
  const productId = await publishDesktop(seller, baseURL!, name, id);

  await signInAsAdmin(page);
  await page.goto(`/admin/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${name}`);
  await expect(page.getByRole('list', { name: 'Product images' }).getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Price (₹)').fill('10999');
  await page.getByLabel(/Note for the audit log/).fill('Festive price agreed with the seller');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved. The product is published.' })).toBeVisible();

  // The storefront shows the new price, and the seller's own list too.
  await expect.poll(async () => (await (await page.request.get(`/api/products/${productId}`)).json()).price).toBe(10_999_00);
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(rupees(10_999_00)).first()).toBeVisible();
  expect((await (await seller.request.get(`/api/vendor/products/${productId}`)).json()).price).toBe(10_999_00);

  // The audit log, filtered to this admin, names the admin, the product, and the price before and after.
  await page.goto('/admin/audit?entityType=product&actor=admin%40e2e.test');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name }) })
    .first();
  await expect(row).toBeVisible();
  await expect(row.getByText('Esha Admin')).toBeVisible();
  await expect(row.getByText('admin@e2e.test')).toBeVisible();
  await expect(row.getByText('Edited', { exact: true })).toBeVisible();
  const changes = row.getByRole('table', { name: 'Edited: fields before and after' });
  const price = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Price' }) });
  await expect(price.getByRole('cell').nth(0)).toHaveText(rupees(11_499_00));
  await expect(price.getByRole('cell').nth(1)).toHaveText(rupees(10_999_00));
  await expect(row.getByText('Festive price agreed with the seller')).toBeVisible();
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${productId}$`));
  await sellerContext.close();
});

test('a seller sees its product "Hidden by admin" with the reason, and replies from its list', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const id = unique();
  const name = `Orbit Hidden 24 ${id}`;
  await registerApprovedShop(page, baseURL!, { name: 'Uday Kulkarni', email: `uday.${id}@shop.in`, business: `Kulkarni Screens ${id}` });
  const productId = await publishDesktop(page, baseURL!, name, id);
  const admin = await adminApi(baseURL!);
  expect(
    (
      await admin.post(`/api/admin/products/${productId}/moderation`, {
        data: { action: 'hide', reason: 'The photo shows a different model' },
      })
    ).ok(),
  ).toBe(true);

  await page.goto('/vendor/dashboard/products');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row.getByText('Hidden by admin')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toHaveCount(0);
  await expect(row.getByText('The photo shows a different model')).toBeVisible();
  // Not on sale, so not counted as Active: it has a tab of its own.
  const tabs = page.getByRole('navigation', { name: 'Products by status' });
  await expect(tabs.getByRole('link', { name: /^Active\s*\(\s*0\s*\)$/ })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /^Hidden by admin\s*\(\s*1\s*\)$/ })).toBeVisible();

  await row.locator('summary').click();
  const form = row.getByRole('form', { name: `Reply about ${name}` });
  await form.getByRole('button', { name: 'Send reply' }).click();
  await expect(form.getByText('Please write a reply of at least 5 characters')).toBeVisible();
  await expect(form.getByLabel('Your reply to our team')).toBeFocused();
  await form.getByLabel('Your reply to our team').fill('We uploaded our own photo of this model');
  await expect(form.getByRole('checkbox', { name: /please review it again/ })).toBeChecked();
  await form.getByRole('button', { name: 'Send reply' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Reply sent. Our team will review the product' });
  await expect(sent).toBeFocused();
  await expect(row.getByText('You replied once; a review is requested')).toBeVisible();

  // The admins see it on the product; the product stays hidden until they restore it.
  const detail = await (await admin.get(`/api/admin/products/${productId}`)).json();
  expect(detail.moderationReplies).toMatchObject([{ message: 'We uploaded our own photo of this model', asksReview: true }]);
  expect((await page.request.get(`/api/products/${productId}`)).status()).toBe(404);
  await admin.dispose();
});

test('the seller console on a phone: its own header, tabs that wrap, order counts and a dispatch-by date, no sideways scrolling', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const name = `Orbit Console 24 ${id}`;
  await page.setViewportSize({ width: 360, height: 780 });
  await registerApprovedShop(page, baseURL!, { name: 'Vani Reddy', email: `vani.${id}@shop.in`, business: `Reddy Monitors ${id}` });
  const productId = await publishDesktop(page, baseURL!, name, id);

  // A customer buys it.
  const buyerContext = await browser.newContext();
  const buyer = buyerContext.request;
  await buyer.post('/api/auth/register', {
    headers: { origin: baseURL! },
    data: { name: 'Wasim Akhtar', email: `wasim.${id}@example.in`, password: 'a-good-password' },
  });
  const address = await (
    await buyer.post('/api/account/addresses', {
      headers: { origin: baseURL! },
      data: {
        name: 'Wasim Akhtar',
        phone: '9848012345',
        line1: '9 Banjara Hills',
        city: 'Hyderabad',
        state: 'Telangana',
        pincode: '500034',
      },
    })
  ).json();
  const order = await (
    await buyer.post('/api/checkout/orders', {
      headers: { origin: baseURL! },
      data: { idempotencyKey: `console-${id}`, addressId: address.id, items: [{ productId, quantity: 1 }] },
    })
  ).json();
  expect(
    (
      await (
        await buyer.post(`/api/orders/${order.id}/payments`, {
          headers: { origin: baseURL! },
          data: { method: 'upi', vpa: 'wasim@okaxis' },
        })
      ).json()
    ).orderStatus,
  ).toBe('confirmed');
  await buyerContext.close();

  await page.goto('/vendor/dashboard/orders');
  // The console's own header: the shop's name, its shop front, Sign out; not the shop's search, cart or footer.
  await expect(page.getByRole('banner').getByText(`Reddy Monitors ${id}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your shop front' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByLabel('Search products')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  // Every section tab is on screen (they wrap), and the status tabs count the orders.
  const sections = page.getByRole('navigation', { name: 'Vendor dashboard' }).getByRole('link');
  await expect(sections).toHaveCount(8);
  for (const link of await sections.all()) {
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  const statusTabs = page.getByRole('navigation', { name: 'Orders by status' });
  await expect(statusTabs.getByRole('link', { name: /^To pack\s*\(\s*1\s*\)$/ })).toBeVisible();
  await expect(statusTabs.getByRole('link', { name: /^All\s*\(\s*1\s*\)$/ })).toHaveAttribute('aria-current', 'page');
  const card = page.getByRole('article').filter({ hasText: order.number });
  await expect(card.getByText(/^Dispatch by \w{3}, \d{1,2} \w{3}/)).toBeVisible();
  await statusTabs.getByRole('link', { name: /^To pack\s*\(\s*1\s*\)$/ }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(statusTabs.getByRole('link', { name: /^To pack\s*\(\s*1\s*\)$/ })).toHaveAttribute('aria-current', 'page');

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The products' status tabs wrap too, with nothing to scroll sideways.
  await page.getByRole('navigation', { name: 'Vendor dashboard' }).getByRole('link', { name: 'Products' }).click();
  const productTabs = page.getByRole('navigation', { name: 'Products by status' }).getByRole('link');
  await expect(productTabs.first()).toBeVisible();
  for (const link of await productTabs.all()) {
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goBack();
  await expect(statusTabs).toBeVisible();

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/vendor\/login$/);
});
