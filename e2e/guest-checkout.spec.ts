import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** axe-core's WCAG 2.x A and AA rules on the page as it is now, and no sideways scrolling. */
async function expectAccessible(page: Page, width: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

for (const width of [1280, 360]) {
  test(`a guest buys with UPI without an account, then tracks the order at /track (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    const email = `guest.${unique()}@example.in`;
    const product = await page.request.get('/api/products?category=Monitor&inStock=true&sort=price_asc&minPrice=1000000&pageSize=1').then(async (r) => (await r.json()).items[0] as { id: number; name: string });
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByTestId('cart-count')).toHaveText(/^1/);
    await page.getByRole('link', { name: 'Cart 1 item', exact: true }).click();
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    // Signed out: the sign-in page offers checkout as a guest.
    await page.getByRole('link', { name: 'Check out as a guest' }).click();
    await expect(page).toHaveURL(/\/checkout\/guest$/);
    await expectAccessible(page, width);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeFocused();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('Full name').fill('Farhan Qureshi');
    await page.getByLabel('Mobile number').fill('98450');
    await page.getByLabel(/Address line 1/).fill('22 Residency Road');
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByLabel('PIN code').fill('560025');
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await expect(page.getByText('Please enter a 10-digit Indian mobile number (+91)')).toBeVisible();
    await expectAccessible(page, width);
    await page.getByLabel('Mobile number').fill('9845012345');
    await page.getByRole('button', { name: 'Deliver here' }).click();

    await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
    await expectAccessible(page, width);
    await page.getByLabel('UPI ID').fill('farhan@oksbi');
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
    const confirmed = page.getByRole('status');
    await expect(confirmed).toContainText(/Order CB\d{8} is confirmed/);
    await expect(confirmed).toContainText(email);
    const number = /CB\d{8}/.exec((await confirmed.textContent()) ?? '')![0];
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await expectAccessible(page, width);

    // Tracking: a wrong e-mail is told as a wrong number is; the right pair shows the order, city and PIN only.
    await page.getByRole('link', { name: 'Track this order' }).click();
    await expect(page).toHaveURL(/\/track\?number=CB\d{8}$/);
    await expect(page.getByLabel('Order number')).toHaveValue(number);
    await page.getByLabel('E-mail used for the order').fill('someone.else@example.in');
    await page.getByRole('button', { name: 'Track order' }).click();
    await expect(page.getByRole('alert')).toHaveText('We could not find an order with that number and e-mail');
    await page.getByLabel('E-mail used for the order').fill(email);
    await page.getByRole('button', { name: 'Track order' }).click();
    await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    await expect(page.getByText(/Delivering to Bengaluru, Karnataka 560025/)).toBeVisible();
    await expect(page.getByText('22 Residency Road')).toHaveCount(0);
    await expect(page.getByRole('list', { name: /Tracking for the shipment from/ }).first()).toBeVisible();
    await expectAccessible(page, width);
  });
}
