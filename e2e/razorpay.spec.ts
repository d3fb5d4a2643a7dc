import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';

/**
 * The store on PAYMENT_PROVIDER=razorpay, against the fake Razorpay and its test Checkout
 * (src/server/testing/fakes/razorpay, started by playwright.config.ts as the "razorpay" project).
 */
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function customerAtPayment(page: Page, name: string) {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('E-mail').fill(`${name.split(' ')[0]!.toLowerCase()}.${unique()}@example.in`);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const product = await page.request
    .get('/api/products?category=Monitor&inStock=true&sort=price_asc&minPrice=1000000&pageSize=1')
    .then(async (r) => (await r.json()).items[0]);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^1/);
  await page.goto('/checkout');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number').fill('9447012345');
  await page.getByLabel(/Address line 1/).fill('TC 12/345, Vellayambalam');
  await page.getByLabel('City').fill('Thiruvananthapuram');
  await page.getByLabel('State').selectOption('Kerala');
  await page.getByLabel('PIN code').fill('695010');
  await page.getByRole('button', { name: 'Save and deliver here' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  // Razorpay's test keys: still "Test mode", with no card or UPI fields on our page.
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(page.getByLabel('UPI ID')).toHaveCount(0);
}

const checkout = (page: Page) => page.getByRole('dialog', { name: 'Razorpay test checkout' });

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a customer pays by UPI in Razorpay’s checkout', async ({ page }) => {
      await customerAtPayment(page, 'Deepa Nair');
      await page.getByRole('button', { name: /^Pay ₹/ }).click();
      await expect(checkout(page)).toBeVisible();
      await checkout(page).getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Thank you! Your order is confirmed.');
    });

    test('a failed payment, then the window closed, is retried and paid', async ({ page }) => {
      await customerAtPayment(page, 'Kiran Rao');
      await page.getByLabel('Credit / Debit card').check();
      await page.getByRole('button', { name: /^Pay ₹/ }).click();
      await checkout(page).getByRole('button', { name: 'Fail payment' }).click();
      await expect(checkout(page).getByRole('alert')).not.toBeEmpty();
      await expect(page.getByRole('status').filter({ hasText: 'That payment did not go through.' })).toBeAttached();
      await checkout(page).getByRole('button', { name: 'Cancel' }).click();
      // Asked until it settles: still payable, or failed; either way Retry pays it.
      const status = page.getByRole('status').filter({ hasText: /Waiting for your payment…|The payment failed\./ });
      await expect(status).toBeVisible();
      await expect(status).toBeFocused();
      await page.getByRole('button', { name: /^Retry/ }).click();
      await checkout(page).getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
    });
  });
}

test('the admin’s reconciliation page runs a day and has no accessibility violations', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/payments');
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Reconciled / })).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => `${v.id} at ${width} px: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
