import { expect, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

// On a phone the form's answer appears above the button the shopper scrolled down to: it must be
// announced, take the focus and come into view.
test.use({ viewport: { width: 360, height: 640 } });

test('at 360 px a refused sign-in is announced, focused and scrolled into view', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(`nobody.${unique()}@example.in`);
  await page.getByLabel('Password').fill('wrong-password');
  const submit = page.getByRole('button', { name: 'Sign in' });
  // Scrolled as a thumb leaves it: the button at the bottom of the screen, the top of the form above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await submit.click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('The e-mail address or password is incorrect.');
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport({ ratio: 1 });
  // Not hidden under the sticky header.
  const header = await page.locator('header').first().boundingBox();
  const box = await alert.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

test("at 360 px registration errors are announced and brought into view: the server's and the fields'", async ({ page }) => {
  const email = `taken.${unique()}@example.in`;
  const created = await page.request.post('/api/auth/register', { data: { name: 'First Person', email, password: 'a-good-password' } });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The browser's own check: the first field in error takes the focus, with its message tied to it.
  const name = page.getByLabel('Full name');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Please enter your name');
  await expect(name).toBeInViewport();

  await name.fill('Second Person');
  await page.getByLabel('E-mail').fill(email.toUpperCase());
  await page.getByLabel('Password').fill('a-good-password');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole('button', { name: 'Create account' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('This email address is already registered. Please try logging in or use a different email.');
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport({ ratio: 1 });
});

test('"Create an account" from a sign-in that a page asked for comes back to that page', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwishlist$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?redirectTo=%2Fwishlist$/);
  // And back again: "Sign in" keeps it too.
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwishlist$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Full name').fill('Wishful Shopper');
  await page.getByLabel('E-mail').fill(`wishful.${unique()}@example.in`);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Wishlist');
});
