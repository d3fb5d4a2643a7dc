import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** axe-core's WCAG 2.x A and AA rules on the page as it is now, and no sideways scrolling. */
async function expectAccessible(page: Page, width: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  expect(
    violations.map(
      (v) =>
        `${v.id}: ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
  ).toEqual([]);
}

for (const width of [1280, 360]) {
  test(`a guest buys with UPI without an account, then tracks the order at /track (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    const email = `guest.${unique()}@example.in`;
    const product = await page.request
      .get('/api/products?category=Monitor&inStock=true&sort=price_asc&minPrice=1000000&pageSize=1')
      .then(async (r) => (await r.json()).items[0] as { id: number; name: string });
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

    // The member's review step: the items as priced now, and a business's GSTIN if it claims one.
    await expect(page.getByRole('heading', { name: 'Review items' })).toBeFocused();
    await expect(page.getByRole('region', { name: 'Review items' }).getByText(product.name)).toBeVisible();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
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

/** A guest's delivery address in Chennai, filled in on the address step. */
async function fillAddress(page: Page) {
  await page.getByLabel('Full name').fill('Lakshmi Narayanan');
  await page.getByLabel('Mobile number').fill('9840012345');
  await page.getByLabel(/Address line 1/).fill('5 Cathedral Road');
  await page.getByLabel('City').fill('Chennai');
  await page.getByLabel('State').selectOption('Tamil Nadu');
  await page.getByLabel('PIN code').fill('600086');
}

test('a guest uses the cart’s coupon and pays by Net Banking on the bank’s page, as a member does', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `coupon.guest.${unique()}@example.in`;
  // ₹20,000 or more: WELCOME10 applies (10 %, at most ₹2,000).
  const product = await page.request
    .get('/api/products?category=Laptop&inStock=true&sort=price_asc&minPrice=2500000&pageSize=1')
    .then(async (r) => (await r.json()).items[0] as { id: number; name: string });
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^1/);
  await page.goto('/cart');
  await page.getByLabel('Coupon code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('−₹2,000');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await page.getByRole('link', { name: 'Check out as a guest' }).click();

  // The sign-in page has an E-mail field too, and stays until the guest checkout is drawn.
  const contact = page.getByRole('region', { name: 'Contact' });
  await contact.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Deliver here' }).click();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText('WELCOME10 applied.');
  await expect(summary).toContainText('−₹2,000');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // Net Banking goes to the bank's page; a failure there comes back to pay again.
  await page.getByLabel('Net Banking').check();
  await page.getByLabel('Your bank').selectOption({ label: 'HDFC Bank' });
  await page.getByRole('button', { name: /Continue to bank/ }).click();
  await expect(page).toHaveURL(/\/checkout\/guest\/bank\/\d+\?order=\d+$/);
  await expect(page.getByRole('heading', { name: 'HDFC Bank' })).toBeVisible();
  await page.getByRole('button', { name: 'Failure' }).click();
  await expect(page).toHaveURL(/\/checkout\/guest\?order=\d+&failed=1$/);
  await expect(page.getByRole('alert')).toContainText('The payment was not completed at the bank');
  await expect(page.getByRole('region', { name: 'Contact' })).toContainText(email);
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('WELCOME10');
  await page.getByLabel('Net Banking').check();
  await page.getByLabel('Your bank').selectOption({ label: 'HDFC Bank' });
  await page.getByRole('button', { name: /Continue to bank/ }).click();
  await page.getByRole('button', { name: 'Success' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  await expect(page.getByRole('status')).toContainText(/Order CB\d{8} is confirmed/);
  await expect(page.getByRole('status')).toContainText(email);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // One use per customer, counted by the e-mail: the same guest cannot use it again.
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.goto('/cart');
  await page.getByLabel('Coupon code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('−₹2,000');
  await page.goto('/checkout/guest');
  await contact.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('UPI ID').fill('lakshmi@okicici');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  const refusal = page.getByRole('complementary', { name: 'Order summary' }).getByRole('alert');
  await expect(refusal).toContainText('You have already used WELCOME10');
  await expect(refusal).toContainText('Your order was not placed and nothing was charged.');
});

test('a guest’s Buy now checks out that item alone and leaves the cart as it was', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const [inCart, bought] = await page.request
    .get('/api/products?category=Monitor&inStock=true&sort=price_asc&pageSize=2')
    .then(async (r) => (await r.json()).items as Array<{ id: number; name: string }>);
  await page.goto(`/product/${inCart!.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^1/);

  await page.goto(`/product/${bought!.id}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  // Signed out: sign in, or go on as a guest with that item alone.
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByRole('link', { name: 'Check out as a guest' }).click();
  await expect(page).toHaveURL(/\/checkout\/guest\?buyNow=\d+&offerId=\d+&qty=1$/);
  await expect(page.getByText('Buy now: only this item is ordered. Your cart stays as it is.')).toBeVisible();
  await expectAccessible(page, 360);

  await page.getByLabel('E-mail').fill(`buy.now.${unique()}@example.in`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Deliver here' }).click();
  const review = page.getByRole('region', { name: 'Review items' });
  await expect(review.getByText(bought!.name)).toBeVisible();
  await expect(review.getByText(inCart!.name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('UPI ID').fill('lakshmi@okicici');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  await expectAccessible(page, 360);

  // The cart is as it was: the first monitor alone.
  await expect(page.getByTestId('cart-count')).toHaveText(/^1/);
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(inCart!.name).first()).toBeVisible();
  await expect(page.getByRole('main').getByText(bought!.name)).toHaveCount(0);
});
