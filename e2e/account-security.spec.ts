import { expect, type Page, test } from './fixtures.ts';
import { mailTo } from './mail.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a shopper who forgot the password resets it with the mailed link, then signs in with the new one', async ({ page }) => {
  const email = `reset.${Date.now()}@example.in`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Kavya Nair');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('the-old-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account uses this e-mail address' })).toBeFocused();

  const mail = await mailTo(email, /reset-password#token=/);
  expect(mail).toContain('30 minutes');
  const link = new URL(/(https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+)/.exec(mail)![1]!);
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('the-new-password');
  await page.getByLabel('New password again').fill('the-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('the-old-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await page.getByLabel('Password', { exact: true }).fill('the-new-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account: Kavya Nair/ })).toBeVisible();

  // The link worked once: opened again, it says so and offers a new one.
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole('alert')).toHaveText('This link has expired or has already been used.');
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toBeVisible();
});

test('a new shopper verifies the e-mail from the account page’s notice, and deletes the account', async ({ page }) => {
  const email = `verify.${Date.now()}@example.in`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Rohan Das');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('rohan-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
  const mail = await mailTo(email, /verify-email#token=/);
  const link = new URL(/(https?:\/\/\S+\/verify-email#token=[A-Za-z0-9_-]+)/.exec(mail)![1]!);
  await page.goto(`${link.pathname}${link.hash}`);
  await page.getByRole('button', { name: 'Verify my e-mail address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your e-mail address is verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to my account' }).click();
  await expect(page.getByRole('heading', { name: 'My account', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/account/data');

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  await expect(page.getByRole('heading', { name: 'Delete your account for good?' })).toBeFocused();
  await expect(page.getByText(/GST invoices issued for them are kept, as Indian tax law requires/)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page.getByText('That is not your current password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('rohan-password');
  await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();

  await signIn(page, email, 'rohan-password');
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
});
