import type { APIRequestContext } from '@playwright/test';
import { expect, type Page, test } from './fixtures.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const PASSWORD = 'a-good-password';

/** An account made through the API, apart from the browsers (whose cookies stay signed out). */
async function register(request: APIRequestContext, origin: string, email: string) {
  const response = await request.post('/api/auth/register', {
    data: { name: 'Shared Address Shopper', email, password: PASSWORD },
    headers: { origin },
  });
  expect(response.status()).toBe(201);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('behind one shared address, one account guessed at is locked while another shopper there signs in', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000); // 14 password checks
  // Two browsers behind one carrier-grade NAT address.
  const address = `100.64.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const [guessed, neighbour] = await Promise.all([0, 1].map(() => browser.newContext()));
  // (Set after the fixtures have given each context an address of its own.)
  await Promise.all([guessed!, neighbour!].map((context) => context.setExtraHTTPHeaders({ 'x-forwarded-for': address })));
  const first = await guessed!.newPage();
  const second = await neighbour!.newPage();
  const target = `guessed.${unique()}@example.in`;
  const other = `neighbour.${unique()}@example.in`;
  await register(request, baseURL!, target);
  await register(request, baseURL!, other);

  await first.goto('/login');
  for (let i = 0; i < 10; i++) {
    const answered = first.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await signIn(first, target, `wrong-${i}`);
    expect((await answered).status()).toBe(401);
    await expect(first.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  }
  await signIn(first, target, PASSWORD);
  const alert = first.getByRole('alert');
  await expect(alert).toHaveText('Too many failed sign-ins with this e-mail address. Please try again in 15 minutes.');
  await expect(alert).toBeFocused();

  // The neighbour mistypes twice and still gets in.
  await second.goto('/login');
  await signIn(second, other, 'mistyped-1');
  await expect(second.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await signIn(second, other, 'mistyped-2');
  await expect(second.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await signIn(second, other, PASSWORD);
  await expect(second).toHaveURL(/\/$/);
  await expect(second.getByRole('button', { name: /Account: Shared Address Shopper/ })).toBeVisible();
  await Promise.all([guessed!.close(), neighbour!.close()]);
});
