import { expect, type Page, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A new customer with one in-stock product (≥ ₹3,000, so EMI applies) in the cart. */
async function customerWithCart(page: Page, name: string) {
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
  return product as { id: number; name: string; price: number };
}

/** The checkout's new-address form: name, mobile, first line, city, state and PIN code. */
async function fillAddress(page: Page, [name, phone, line1, city, state, pincode]: [string, string, string, string, string, string]) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel(/Address line 1/).fill(line1);
  await page.getByLabel('City').fill(city);
  await page.getByLabel('State').selectOption(state);
  await page.getByLabel('PIN code').fill(pincode);
}

async function toPayment(page: Page) {
  await page.getByRole('link', { name: 'Cart 1 item', exact: true }).click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // First purchase: add the delivery address inline.
  await fillAddress(page, ['Deepa Nair', '9447012345', 'TC 12/345, Vellayambalam', 'Thiruvananthapuram', 'Kerala', '695010']);
  await page.getByRole('button', { name: 'Save and deliver here' }).click();
  await expect(page.getByText(/Sold by/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Deepa Nair');
}

async function expectSuccess(page: Page, product: { name: string }, address = 'Thiruvananthapuram, Kerala 695010') {
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Thank you! Your order is confirmed.');
  await expect(page.getByTestId('order-number')).toHaveText(/^CB\d{8}$/);
  await expect(page.getByText(product.name)).toBeVisible();
  await expect(page.getByText(address)).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  return (await page.getByTestId('order-number').textContent()) ?? '';
}

test('a new customer buys with UPI and sees the order in My Orders', async ({ page }) => {
  const product = await customerWithCart(page, 'Deepa Nair');
  await toPayment(page);
  await page.getByLabel('UPI ID').fill('deepa@oksbi');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  const number = await expectSuccess(page, product);
  await expect(page.getByTestId('order-total')).toHaveText(`₹${(product.price / 100).toLocaleString('en-IN')}`);

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await page.getByRole('link', { name: `View order ${number}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
  await expect(page.getByText('deepa@oksbi')).toBeVisible();
  await expect(page.getByText(/Shipment from/).first()).toBeVisible();
});

test('a declined card fails, then a good card with the OTP succeeds', async ({ page }) => {
  const product = await customerWithCart(page, 'Kiran Rao');
  await toPayment(page);
  await page.getByLabel('Credit / Debit card').check();
  await fillCard(page, '4000 0000 0000 0002');
  await expect(page.getByText('Visa', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('alert')).toContainText('The card was declined by the issuing bank');
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByLabel('One-time password').fill('123456');
  await page.getByRole('button', { name: 'Verify and pay' }).click();
  await expectSuccess(page, product);
});

test('an EMI purchase shows the plan table and completes with the OTP', async ({ page }) => {
  const product = await customerWithCart(page, 'Farah Shaikh');
  await toPayment(page);
  await page.getByLabel('EMI', { exact: true }).check();
  await expect(page.getByRole('row', { name: /6 months/ })).toContainText('No-cost');
  await expect(page.getByRole('row', { name: /12 months/ })).toContainText('14% p.a.');
  await page.getByRole('radio', { name: /6 months/ }).check();
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByLabel('One-time password').fill('123456');
  await page.getByRole('button', { name: 'Verify and pay' }).click();
  await expectSuccess(page, product);
});

test('Net Banking goes through the simulated bank page', async ({ page }) => {
  const product = await customerWithCart(page, 'Gopal Iyer');
  await toPayment(page);
  await page.getByLabel('Net Banking').check();
  await page.getByLabel('Your bank').selectOption({ label: 'HDFC Bank' });
  await page.getByRole('button', { name: /Continue to bank/ }).click();
  await expect(page).toHaveURL(/\/checkout\/bank\/\d+$/);
  await expect(page.getByRole('heading', { name: 'HDFC Bank' })).toBeVisible();
  await page.getByRole('button', { name: 'Failure' }).click();
  await expect(page).toHaveURL(/\/checkout\?order=\d+&failed=1$/);
  await expect(page.getByRole('alert')).toContainText('The payment was not completed at the bank');
  await page.getByLabel('UPI ID').fill('gopal@okaxis');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expectSuccess(page, product);
});

test('a customer cancels a paid order and it is refunded', async ({ page }) => {
  await customerWithCart(page, 'Harini Das');
  await toPayment(page);
  await page.getByLabel('UPI ID').fill('harini@ybl');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/order-success/);
  await page.getByRole('link', { name: 'Track this order' }).click();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText('Order cancelled').first()).toBeVisible();
  await expect(page.getByText(/Refunded/i).first()).toBeVisible();
});

test('checkout needs a signed-in user and returns there after login', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
});

test('signed out, Order Tracking (/orders) offers the tracking form beside sign-in, which comes back to the orders', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Order Tracking' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Tracking' })).toBeVisible();
  // The guest's form: an order that is not there says so.
  await page.getByLabel('Order number').fill('CB09999999');
  await page.getByLabel('E-mail used for the order').fill('nobody@example.in');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders$/);
  // /track is the same page.
  await page.goto('/track');
  await expect(page.getByRole('heading', { level: 1, name: 'Order Tracking' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login?redirectTo=%2Forders');
});

test('from the keyboard alone, each checkout step and the confirmation take the focus on their heading', async ({ page }) => {
  const product = await customerWithCart(page, 'Ravi Shankar');
  await page.goto('/checkout');
  await fillAddress(page, ['Ravi Shankar', '9845012345', '14 Residency Road', 'Bengaluru', 'Karnataka', '560025']);
  // Saved, the address is the one delivered to: the review follows at once.
  await page.getByRole('button', { name: 'Save and deliver here' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Review items' })).toBeFocused();
  await page.getByRole('button', { name: 'Continue to payment' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  // Back to change the address, from the keyboard: its step's heading takes the focus.
  await page.getByRole('button', { name: 'Change delivery address' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Delivery address' })).toBeFocused();
  await page.getByRole('button', { name: 'Deliver here' }).press('Enter');
  await page.getByRole('button', { name: 'Continue to payment' }).press('Enter');
  await page.getByLabel('UPI ID').fill('ravi@okhdfcbank');
  await page.getByRole('button', { name: /^Pay ₹/ }).press('Enter');
  await expectSuccess(page, product, 'Bengaluru, Karnataka 560025');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
