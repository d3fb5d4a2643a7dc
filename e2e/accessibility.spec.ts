import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request as playwrightRequest, test } from './fixtures.ts';
import { checkoutWithUpi, registerApprovedShop, registerCustomer } from './sellers.ts';

/**
 * axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules over every page of the store, signed out and
 * as a customer, a seller and an admin, at a desktop's width and a phone's. A page is checked
 * once it has finished loading (no "Loading…" left) and fails on any violation; the report names
 * the rule, the page, the width and the elements.
 */

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 360, height: 780 },
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** The page at `path` once it has loaded, at each width: the violations found, as lines of a report. */
async function check(page: Page, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('main, [role="main"]').first()).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      // Reflow (WCAG 1.4.10): nothing but a named scrolling region may be wider than a phone.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > size.width) found.push(`${path} at ${size.width} px: the page scrolls sideways (${width} px wide)`);
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      for (const violation of violations) {
        const where = violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ');
        found.push(`${path} at ${size.width} px: ${violation.id} (${violation.impact}): ${violation.help}: ${where}`);
      }
    }
  }
  return found;
}

/** The form at `path` with its errors showing (sent empty, or as `fill` leaves it), at each width: the violations found. */
async function checkErrors(page: Page, path: string, submit: string, fill?: (page: Page) => Promise<void>): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(path);
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await fill?.(page);
    await page.getByRole('button', { name: submit, exact: true }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    // The first field in error took the focus and scrolled the page: back at the top, no link sits
    // under the sticky header, which axe would count as a touch target too small to press.
    await page.evaluate(() => window.scrollTo(0, 0));
    if (width > size.width) found.push(`${path} with errors at ${size.width} px: the page scrolls sideways (${width} px wide)`);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const violation of violations) {
      const where = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ');
      found.push(`${path} with errors at ${size.width} px: ${violation.id} (${violation.impact}): ${violation.help}: ${where}`);
    }
  }
  return found;
}

/** A product on sale, in stock, through the API. */
async function productOnSale(page: Page): Promise<{ id: number; vendor: { slug: string } }> {
  const listed = await (await page.request.get('/api/products?inStock=true&pageSize=1')).json();
  return listed.items[0];
}

test('every public page has no accessibility violations, signed out, at 1280 and 360 px', async ({ page }) => {
  test.setTimeout(240_000); // every public page at two widths: about 1.5 min on a quiet 2-core machine
  const product = await productOnSale(page);
  const found = await check(page, [
    '/',
    '/products',
    '/products?category=Laptop&sort=price_asc',
    '/category/Laptop',
    '/search?q=lenovo',
    '/search?q=zzzzqqq',
    `/product/${product.id}`,
    `/store/${product.vendor.slug}`,
    '/cart',
    '/about',
    '/contact',
    '/returns',
    '/privacy',
    '/terms',
    '/login',
    '/register',
    '/vendor/login',
    '/vendor/register',
    '/admin/login',
    '/no-such-page',
  ]);
  expect(found, found.join('\n')).toEqual([]);
});

test('every customer page has no accessibility violations, a cart and an order in hand', async ({ page }) => {
  test.setTimeout(120_000);
  await registerCustomer(page, 'Anjali Menon', `anjali.${unique()}@example.in`);
  const product = await productOnSale(page);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^1/);
  // The cart with an item (the header's count in the cart link's name) and the checkout's first step.
  const withCart = await check(page, ['/cart', '/checkout', '/account']);
  const orderNumber = await checkoutWithUpi(page, 'Anjali Menon');
  const orders = await (await page.request.get('/api/orders')).json();
  const order = orders.items.find((o: { number: string }) => o.number === orderNumber);
  const found = [
    ...withCart,
    ...(await check(page, [`/order-success?order=${order.id}`, '/orders', `/order-details/${order.id}`, '/account'])),
  ];
  expect(found, found.join('\n')).toEqual([]);
});

test('the wishlist, comparison, guest checkout and tracking pages have no accessibility violations, each with something in it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000); // eight pages and four forms at two widths on a busy 2-core machine
  const laptops = (await (await page.request.get('/api/products?category=Laptop&inStock=true&pageSize=3')).json()).items as Array<{
    id: number;
    name: string;
  }>;
  // Signed out: a cart to check out as a guest, three laptops to compare, an order to track.
  await page.goto(`/product/${laptops[0]!.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^1/);
  await page.evaluate(
    (items) => localStorage.setItem('cb.compare', JSON.stringify(items.map(({ id, name }) => ({ id, name, category: 'Laptop' })))),
    laptops,
  );
  const found = await check(page, ['/compare', '/checkout/guest', '/orders', '/track', `/track?number=CB00000001`]);
  found.push(...(await checkErrors(page, '/checkout/guest', 'Continue')));
  found.push(...(await checkErrors(page, '/track', 'Track order')));
  // Signed in: a wishlist with two products.
  await registerCustomer(page, 'Ishaan Kapoor', `ishaan.${unique()}@example.in`);
  for (const laptop of laptops.slice(0, 2))
    expect((await page.request.put(`/api/wishlist/${laptop.id}`, { headers: { origin: baseURL! } })).ok()).toBe(true);
  found.push(...(await check(page, ['/wishlist', '/compare'])));
  expect(found, found.join('\n')).toEqual([]);
});

test('every seller page has no accessibility violations', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await registerApprovedShop(page, baseURL!, {
    name: 'Farhan Qureshi',
    email: `farhan.${unique()}@shop.in`,
    business: `Lucknow Laptops ${unique()}`,
  });
  const product = await productOnSale(page);
  const offered = await page.request.post('/api/vendor/offers', {
    headers: { origin: baseURL! },
    data: { productId: product.id, price: 5_000_000, mrp: 6_000_000, stock: 4, dispatchDays: 2 },
  });
  expect(offered.status()).toBe(201);
  const found = await check(page, [
    '/vendor/dashboard',
    '/vendor/dashboard/products',
    '/vendor/dashboard/products/new',
    '/vendor/dashboard/products/import',
    '/vendor/dashboard/products/sell',
    `/vendor/dashboard/products/${product.id}`,
    '/vendor/dashboard/orders',
    '/vendor/dashboard/settlements',
    '/vendor/dashboard/profile',
    '/vendor/dashboard/coupons',
    '/vendor/dashboard/reviews',
    '/vendor/dashboard/returns',
  ]);
  expect(found, found.join('\n')).toEqual([]);
});

test('every admin page has no accessibility violations', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect(
    (await admin.post('/api/auth/login', { data: { email: 'admin@e2e.test', password: 'e2e-admin-password', portal: 'admin' } })).ok(),
  ).toBe(true);
  const users = await (await admin.get('/api/admin/users')).json();
  const payments = await (await admin.get('/api/admin/payments')).json();
  await admin.dispose();
  // The customer's order in the test before paid one.
  expect(payments.items.length).toBeGreaterThan(0);
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill('admin@e2e.test');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const product = await productOnSale(page);
  const found = await check(page, [
    '/admin/dashboard',
    '/admin/users',
    `/admin/users/${users.items[0].id}`,
    '/admin/audit',
    '/admin/products',
    `/admin/products/${product.id}`,
    '/admin/product-changes',
    '/admin/payments',
    `/admin/payments/${payments.items[0].id}`,
    '/admin/retry-queue',
    '/admin/coupons',
    '/admin/reviews',
    '/admin/returns',
  ]);
  expect(found, found.join('\n')).toEqual([]);
});

test('forms showing their errors have no accessibility violations', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const found = [
    ...(await checkErrors(page, '/login', 'Sign in')),
    ...(await checkErrors(page, '/register', 'Create account')),
    ...(await checkErrors(page, '/vendor/register', 'Register as a vendor')),
    ...(await checkErrors(page, '/contact', 'Send message')),
  ];
  await registerCustomer(page, 'Kavya Nair', `kavya.${unique()}@example.in`);
  found.push(
    ...(await checkErrors(page, '/account', 'Save address', (account) =>
      account.getByRole('button', { name: 'Add a new address' }).first().click(),
    )),
  );
  await page.context().clearCookies();
  await registerApprovedShop(page, baseURL!, {
    name: 'Meera Iyer',
    email: `meera.${unique()}@shop.in`,
    business: `Madurai Monitors ${unique()}`,
  });
  found.push(
    ...(await checkErrors(page, '/vendor/dashboard/profile', 'Save changes', (form) => form.getByLabel('Business name').fill(''))),
    ...(await checkErrors(page, '/vendor/dashboard/products/new', 'Save as draft')),
  );
  expect(found, found.join('\n')).toEqual([]);
});
