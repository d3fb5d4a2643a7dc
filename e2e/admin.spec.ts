import { expect, request as playwrightRequest, test } from './fixtures.ts';
import { signInAsAdmin } from './sellers.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('an admin approves a vendor, hides a product from the store, and logs out', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const id = unique();
  const shopName = `Kolkata Compute ${id}`;
  const vendor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const registered = await vendor.post('/api/auth/vendor-register', {
    data: {
      name: 'Sourav Ghosh',
      email: `sourav.${id}@shop.in`,
      password: 'vendor-password',
      businessName: shopName,
      phone: '9830012345',
      gstin: '19AABCT1234F1ZN',
    },
  });
  expect(registered.status()).toBe(201);

  await signInAsAdmin(page);

  // Approve the new shop from Manage Users.
  await page.getByRole('link', { name: 'Review all' }).click();
  await expect(page).toHaveURL(/\/admin\/users\?pendingVendors=true$/);
  const row = page.locator('tr, li, article').filter({ hasText: shopName }).first();
  // Without its legal name, PAN, pickup address and bank account the shop cannot be approved, and the admin is told why.
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expect(row.getByRole('alert')).toContainText(
    'This shop cannot be approved yet. It still needs: the legal name of the GST registration;',
  );
  const details = await vendor.put('/api/vendor/profile', {
    data: {
      businessName: shopName,
      phone: '9830012345',
      lowStockThreshold: 5,
      gstin: '19AABCT1234F1ZN',
      legalName: `${shopName} Private Limited`,
      pan: 'AABCT1234F',
      pickupAddress: {
        name: 'Sourav Ghosh',
        phone: '9830012345',
        line1: '8 Park Street',
        line2: '',
        city: 'Kolkata',
        state: 'West Bengal',
        pincode: '700016',
      },
      bankAccount: { holder: 'Sourav Ghosh', number: '50100123456789', ifsc: 'HDFC0001234' },
    },
  });
  expect(details.ok(), await details.text()).toBe(true);
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText(shopName)).toHaveCount(0); // it leaves the list of shops awaiting approval
  await expect.poll(async () => (await (await vendor.get('/api/vendor/profile')).json()).status).toBe('active');
  await vendor.dispose();

  // Hide a demo product; it disappears from the storefront.
  const product = await (await page.request.get('/api/products?category=Desktop&pageSize=1')).json().then((list) => list.items[0]);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Products' }).click();
  await page.getByLabel('Search by name or brand').fill(product.name);
  await page.getByLabel('Search by name or brand').press('Enter');
  const productRow = page.locator('tr, li, article').filter({ hasText: product.name }).first();
  await productRow.getByRole('button', { name: /^Hide…/ }).click();
  await page.getByLabel('Reason shown to the vendor').fill('The photos belong to another seller');
  await page.getByRole('button', { name: /^Hide product/ }).click();
  await expect(productRow.getByText(/Hidden/).first()).toBeVisible();
  await expect.poll(async () => (await page.request.get(`/api/products/${product.id}`)).status()).toBe(404);

  // The action is in the audit log.
  await page.goto('/admin/audit');
  await expect(page.getByText('The photos belong to another seller').first()).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('an admin refunds part of a payment and the customer sees it on the order', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const id = unique();
  const buyer = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await buyer.post('/api/auth/register', { data: { name: 'Lata Menon', email: `lata.${id}@example.in`, password: 'a-good-password' } });
  const address = await (
    await buyer.post('/api/account/addresses', {
      data: { name: 'Lata Menon', phone: '9847012345', line1: '4 MG Road', city: 'Kochi', state: 'Kerala', pincode: '682016' },
    })
  ).json();
  const product = await (
    await buyer.get('/api/products?category=Monitor&inStock=true&sort=price_asc&pageSize=1')
  )
    .json()
    .then((list) => list.items[0]);
  const order = await (
    await buyer.post('/api/checkout/orders', {
      data: { idempotencyKey: `admin-refund-${id}`, addressId: address.id, items: [{ productId: product.id, quantity: 1 }] },
    })
  ).json();
  await buyer.post(`/api/orders/${order.id}/payments`, { data: { method: 'upi', vpa: 'lata@okicici' } });

  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Payments' }).click();
  await page.getByLabel('Order number or customer e-mail').fill(order.number);
  await page.getByLabel('Order number or customer e-mail').press('Enter');
  await page
    .locator('tr, li, article')
    .filter({ hasText: order.number })
    .filter({ hasText: /Captured|Paid/i })
    .first()
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
  await page.getByLabel('Amount to refund (₹)').fill('100');
  await page.getByLabel('Reason for the refund').fill('Box arrived dented');
  await page.getByRole('button', { name: 'Review the refund of ₹100' }).click();
  // The refund is confirmed with its amount in rupees before it is sent.
  await expect(page.getByRole('group', { name: /^Refund ₹100 \(One Hundred Rupees Only\)/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes, refund ₹100' })).toBeFocused();
  await page.getByRole('button', { name: 'Yes, refund ₹100' }).click();
  await expect(page.getByText('Box arrived dented').first()).toBeVisible();

  await expect
    .poll(
      async () =>
        (await (await buyer.get(`/api/orders/${order.id}`)).json()).payments.find((p: { status: string }) => p.status !== 'failed')
          ?.refundedAmount,
    )
    .toBe(100_00);
  await buyer.dispose();
});

test('an admin edits the price of a vendor’s product, features it from the keyboard, sees it in the store, and archives the product', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // A desktop: the storefront tests count the laptops and monitors, and this product ends archived.
  const product = await (
    await page.request.get('/api/products?category=Desktop&sort=price_desc&pageSize=1')
  )
    .json()
    .then((list) => list.items[0]);
  const newPrice = Math.floor(product.price / 100) * 100 - 1_000_00;
  const shown = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(newPrice / 100);

  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Products' }).click();
  await page.getByLabel('Search by name or brand').fill(product.name);
  await page.getByLabel('Search by name or brand').press('Enter');
  await page.locator('tr, li, article').filter({ hasText: product.name }).first().getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${product.name}`);

  await page.getByLabel('Price (₹)').fill(String(newPrice / 100));
  await page.getByLabel(/Note for the audit log/).fill('Price match agreed with the vendor');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved. The product is published.' })).toBeVisible();
  await expect(page.getByText('“Price match agreed with the vendor”')).toBeVisible();

  // Featuring it on the home page (or no longer) works from the keyboard and is kept in the history.
  const featured = page.getByRole('checkbox', { name: 'Feature on the home page' });
  await expect(featured).toBeChecked({ checked: product.featured });
  await featured.focus();
  await page.keyboard.press('Space');
  await expect(featured).toBeChecked({ checked: !product.featured });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Featured on the home page:')).toBeVisible();
  const featuredIds = await (
    await page.request.get('/api/products?featured=true&category=Desktop&pageSize=100')
  )
    .json()
    .then((list) => list.items.map((item: { id: number }) => item.id));
  expect(featuredIds.includes(product.id)).toBe(!product.featured);

  // The storefront's product page shows the new price.
  await page.getByRole('link', { name: 'View in store' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(shown).first()).toBeVisible();

  // Archiving takes it off the store.
  await page.goto(`/admin/products/${product.id}`);
  await page.getByRole('button', { name: 'Archive product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Archived. Shoppers can no longer see or buy it.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bring back as draft' })).toBeVisible();
  expect((await page.request.get(`/api/products/${product.id}`)).status()).toBe(404);
  await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible();
});
