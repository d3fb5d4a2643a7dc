import { expect, type Page, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function openAccountMenu(page: Page, name: RegExp | string) {
  await page.getByRole('button', { name }).click();
}

async function register(page: Page, name: string, email: string, password = 'a-good-password') {
  await page.goto('/register');
  await expect(page.getByText('Use 8 to 128 characters.')).toBeVisible();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a customer registers, logs out, logs in, and sees the menu for their role', async ({ page }) => {
  const email = `meera.${unique()}@example.in`;
  await register(page, 'Meera Iyer', email);
  await expect(page).toHaveURL(/\/$/);

  await openAccountMenu(page, /Account: Meera Iyer/);
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Meera Iyer');
  await expect(menu).toContainText('Customer');
  await expect(menu.getByRole('menuitem', { name: 'My Orders' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Vendor Dashboard' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account: Meera Iyer/ })).toBeVisible();
});

test('registering an e-mail that exists, in another case, shows the exact message', async ({ page }) => {
  const email = `dup.${unique()}@example.in`;
  await register(page, 'First Person', email);
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();
  await register(page, 'Second Person', email.toUpperCase());
  await expect(page.getByRole('alert')).toHaveText(
    'This email address is already registered. Please try logging in or use a different email.',
  );
});

test('a vendor registers and sees the pending banner; the menu offers the Vendor Dashboard', async ({ page }) => {
  await page.goto('/vendor/register');
  await page.getByLabel('Your full name').fill('Arjun Reddy');
  await page.getByLabel('E-mail').fill(`arjun.${unique()}@shop.in`);
  await page.getByLabel('Password').fill('vendor-password');
  await page.getByLabel('Business name').fill('Reddy Laptop World');
  await page.getByLabel('Business phone (+91)').fill('98490 12345');
  // The GSTIN is required: approval needs it, so registration asks for it.
  await page.getByRole('button', { name: 'Register as a vendor' }).click();
  await expect(page.getByText('Please enter your GSTIN: every seller on this marketplace must be GST-registered')).toBeVisible();
  await page.getByLabel('GSTIN').fill('ABC');
  await page.getByRole('button', { name: 'Register as a vendor' }).click();
  await expect(page.getByText(/^GSTIN must be 15 characters: .* like 29AABCT1234F1ZM$/)).toBeVisible();
  // One character mistyped: the check character no longer adds up.
  await page.getByLabel('GSTIN').fill('36AAACR1234F1ZV');
  await page.getByRole('button', { name: 'Register as a vendor' }).click();
  await expect(page.getByText('GSTIN does not add up: please check each character')).toBeVisible();
  await page.getByLabel('GSTIN').fill('36AAACR1234F1ZU');
  await page.getByRole('button', { name: 'Register as a vendor' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your shop is awaiting approval' })).toBeVisible();
  // The seller console has a header of its own; from the store, the account menu leads back to it.
  await page.getByRole('navigation', { name: 'Seller console' }).getByRole('link', { name: 'Circuit Bazaar', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await openAccountMenu(page, /Account: Arjun Reddy/);
  await expect(page.getByRole('menu')).toContainText('Vendor');
  await page.getByRole('menuitem', { name: 'Vendor Dashboard' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
});

test('a customer opening /admin/users lands on /admin/login and is refused there', async ({ page }) => {
  const email = `curious.${unique()}@example.in`;
  await register(page, 'Curious Customer', email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('banner')).toHaveCount(0); // no shop header on the admin login
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Only administrators can sign in here. Customers sign in at /login.');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the vendor login refuses a customer and points to the customer login', async ({ page }) => {
  const email = `shopper.${unique()}@example.in`;
  await register(page, 'Shopper Sita', email);
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();
  await page.goto('/vendor/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Customers sign in at /login');
});

test('an admin signs in, uses the sidebar, and logs out to /admin/login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('E-mail').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Gross merchandise value').first()).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  for (const name of ['Dashboard', 'Manage Users', 'Manage Products', 'Manage Payments'])
    await expect(sidebar.getByRole('link', { name })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Manage Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('/account needs a signed-in user, returns there after login, and keeps an address book', async ({ page }) => {
  const email = `ananya.${unique()}@example.in`;
  await register(page, 'Ananya Das', email);
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();

  await page
    .getByRole('button', { name: /Add a new address/ })
    .first()
    .click();
  await page.getByLabel('Full name').fill('Ananya Das');
  await page.getByLabel('Mobile number').fill('98300 12345');
  await page.getByLabel(/Address line 1/).fill('22 Park Street');
  await page.getByLabel('City').fill('Kolkata');
  await page.getByLabel('State').selectOption('West Bengal');
  await page.getByLabel('PIN code').fill('700016');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('22 Park Street')).toBeVisible();
  await expect(page.getByText('Default', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('700016')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the mobile menu greets the signed-in user by name', async ({ page }) => {
    await register(page, 'Kabir Singh', `kabir.${unique()}@example.in`);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toContainText('Welcome, Kabir Singh!');
    await expect(page.getByRole('dialog').getByRole('link', { name: 'My Orders' })).toBeVisible();
  });
});
