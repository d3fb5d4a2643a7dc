import { expect, request as playwrightRequest, test } from '@playwright/test';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('an admin approves a vendor, hides a product from the store, and logs out', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const id = unique();
  const shopName = `Kolkata Compute ${id}`;
  const vendor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const registered = await vendor.post('/api/auth/vendor-register', { data: { name: 'Sourav Ghosh', email: `sourav.${id}@shop.in`, password: 'vendor-password', businessName: shopName, phone: '9830012345' } });
  expect(registered.status()).toBe(201);

  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Approve the new shop from Manage Users.
  await page.getByRole('link', { name: 'Review all' }).click();
  await expect(page).toHaveURL(/\/admin\/users\?pendingVendors=true$/);
  const row = page.locator('tr, li, article').filter({ hasText: shopName }).first();
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
  const address = await (await buyer.post('/api/account/addresses', { data: { name: 'Lata Menon', phone: '9847012345', line1: '4 MG Road', city: 'Kochi', state: 'Kerala', pincode: '682016' } })).json();
  const product = await (await buyer.get('/api/products?category=Monitor&inStock=true&sort=price_asc&pageSize=1')).json().then((list) => list.items[0]);
  const order = await (await buyer.post('/api/checkout/orders', { data: { idempotencyKey: `admin-refund-${id}`, addressId: address.id, items: [{ productId: product.id, quantity: 1 }] } })).json();
  await buyer.post(`/api/orders/${order.id}/payments`, { data: { method: 'upi', vpa: 'lata@okicici' } });

  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Manage Payments' }).click();
  await page.getByLabel('Order number or customer e-mail').fill(order.number);
  await page.getByLabel('Order number or customer e-mail').press('Enter');
  await page.locator('tr, li, article').filter({ hasText: order.number }).filter({ hasText: /Captured|Paid/i }).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
  await page.getByLabel('Amount to refund (₹)').fill('100');
  await page.getByLabel('Reason for the refund').fill('Box arrived dented');
  await page.getByRole('button', { name: /^Refund ₹100/ }).click();
  await expect(page.getByText('Box arrived dented').first()).toBeVisible();

  await expect
    .poll(async () => (await (await buyer.get(`/api/orders/${order.id}`)).json()).payments.find((p: { status: string }) => p.status !== 'failed')?.refundedAmount)
    .toBe(100_00);
  await buyer.dispose();
});
