import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';
import { registerCustomer } from './sellers.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const exactly = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The product cards of a listing, by the product's name. */
const card = (page: Page, name: string | RegExp) => page.locator('main article').filter({ has: page.getByRole('heading', { name }) });

async function signIn(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('wishlist: a heart pressed signed out saves after signing in; the wishlist moves it to the cart', async ({ page }) => {
  test.slow();
  const email = `wish.${unique()}@example.in`;
  await registerCustomer(page, 'Ishita Sen', email);
  await page.context().clearCookies();

  // Signed out: the heart asks to sign in and comes back here, saving the product on return.
  await page.goto('/category/Laptop');
  const first = page.locator('main article').first();
  const name = (await first.getByRole('heading').textContent())!.trim();
  const heart = card(page, name).getByRole('button', { name: `Save ${name} to your wishlist` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcategory%2FLaptop/);
  await expect(page.getByRole('status').filter({ hasText: `Sign in to save ${name} to your wishlist` })).toBeVisible();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/category\/Laptop$/);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `Saved ${name} to your wishlist.` })).toBeAttached();

  // Signed in: another card's heart saves at once; pressed again, it takes it out again.
  const secondName = (await page.locator('main article').nth(1).getByRole('heading').textContent())!.trim();
  const second = card(page, secondName).getByRole('button', { name: `Save ${secondName} to your wishlist` });
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'false');

  // The wishlist, from the account menu: price, stock and when it was saved.
  await page.getByRole('button', { name: /Account/ }).click();
  await page.getByRole('menuitem', { name: 'My Wishlist' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(item).toHaveCount(1);
  await expect(item.getByText(/^₹[\d,]+$/).first()).toBeVisible();
  await expect(item.getByText(/In stock|Only \d+ left/)).toBeVisible();
  await expect(item.getByText(/^Saved on .+ at ₹[\d,]+$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: secondName })).toHaveCount(0);

  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await item.getByRole('button', { name: `Move to cart ${name}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^1/);
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `Moved ${name} to your cart.` })).toBeAttached();
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
});

test('compare: two laptops side by side with the rows that differ marked; other categories and a fifth product are refused', async ({
  page,
}) => {
  test.slow();
  await page.goto('/category/Laptop');
  const cards = page.locator('main article');
  const names = (await cards.getByRole('heading').allTextContents()).map((text) => text.trim());
  const compare = (name: string) => card(page, name).getByRole('button', { name: `Compare ${name}` });
  await compare(names[0]!).click();
  await expect(compare(names[0]!)).toHaveAttribute('aria-pressed', 'true');
  const tray = page.getByRole('region', { name: /Compare laptops/ });
  await expect(tray).toContainText('(1 of 4)');
  await compare(names[1]!).click();
  await expect(tray).toContainText('(2 of 4)');
  await expect(page.getByRole('status').filter({ hasText: `Added ${names[1]} to the comparison, 2 of 4.` })).toBeAttached();

  // A monitor asks first; keeping the laptops changes nothing.
  await page.goto('/category/Monitor');
  const monitor = (await page.locator('main article').first().getByRole('heading').textContent())!.trim();
  await card(page, monitor)
    .getByRole('button', { name: `Compare ${monitor}` })
    .click();
  const question = page.getByRole('group').filter({ hasText: 'Products are compared within one category' });
  await expect(question).toContainText('you are comparing 2 laptops');
  await expect(question.getByRole('button', { name: 'Replace the laptops' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep them' }).click();
  await expect(question).toHaveCount(0);
  await expect(tray).toContainText('(2 of 4)');

  // The tray's Compare now: both laptops, each row that differs says so in words.
  await tray.getByRole('link', { name: 'Compare now' }).click();
  await expect(page).toHaveURL(/\/compare$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare laptops' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: exactly(names[0]!) })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: exactly(names[1]!) })).toBeVisible();
  const processor = table.getByRole('row', { name: /^Processor/ });
  await expect(processor.getByRole('rowheader')).toContainText('Differs');
  const rows = await table.getByRole('row').count();
  const differing = await table.getByRole('rowheader').filter({ hasText: 'Differs' }).count();
  expect(differing).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Show only differences' }).click();
  await expect(page.getByRole('button', { name: 'Show only differences' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('row')).toHaveCount(differing + 1);
  expect(differing + 1).toBeLessThanOrEqual(rows);

  // Four at most: the fifth is refused with the reason.
  await page.goto('/category/Laptop');
  await compare(names[2]!).click();
  await compare(names[3]!).click();
  await expect(tray).toContainText('(4 of 4)');
  await compare(names[4]!).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You can compare up to 4 products at once' })).toBeVisible();
  await expect(compare(names[4]!)).toHaveAttribute('aria-pressed', 'false');
  // Taken out from the tray, the focus moves on to the next product's button.
  await tray.getByRole('button', { name: `Remove ${names[0]} from the comparison` }).click();
  await expect(tray).toContainText('(3 of 4)');
  await expect(tray.getByRole('button', { name: `Remove ${names[1]} from the comparison` })).toBeFocused();
});

test('buy now: checkout holds that item alone and the cart is as it was after the order', async ({ page }) => {
  test.slow();
  await registerCustomer(page, 'Rohan Das', `buynow.${unique()}@example.in`);
  await page.goto('/category/Monitor');
  const inCart = (await page.locator('main article').first().getByRole('heading').textContent())!.trim();
  await page.locator('main article').first().getByRole('link').click();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^1/);

  await page.goto('/category/Laptop');
  const bought = (await page.locator('main article').first().getByRole('heading').textContent())!.trim();
  await page.locator('main article').first().getByRole('link').click();
  await page.getByLabel('Quantity', { exact: true }).selectOption('2');
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout\?buyNow=\d+&offerId=\d+&qty=2$/);
  await expect(page.getByText('Buy now: only this item is ordered. Your cart stays as it is.')).toBeVisible();

  await page.getByLabel('Full name').fill('Rohan Das');
  await page.getByLabel('Mobile number').fill('9830012345');
  await page.getByLabel(/Address line 1/).fill('14 Park Street');
  await page.getByLabel('City').fill('Kolkata');
  await page.getByLabel('State').selectOption('West Bengal');
  await page.getByLabel('PIN code').fill('700016');
  await page.getByRole('button', { name: 'Save and deliver here' }).click();
  const review = page.getByRole('region', { name: 'Review items' });
  await expect(review.getByText(bought)).toBeVisible();
  await expect(review.getByText(/^2 × ₹/)).toBeVisible();
  await expect(review.getByText(inCart)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('UPI ID').fill('buyer@okaxis');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/order-success/);
  await expect(page.getByText(bought).first()).toBeVisible();

  // The cart is as it was: the monitor alone, once.
  await expect(page.getByTestId('cart-count')).toHaveText(/^1/);
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(inCart).first()).toBeVisible();
  await expect(page.getByRole('main').getByText(bought)).toHaveCount(0);
});

test('the wishlist, the comparison and its tray, and recently viewed have no accessibility violations at 1280 and 360 px', async ({
  page,
}) => {
  test.setTimeout(300_000); // five pages at two widths: about 3 min on a busy 2-core machine
  await registerCustomer(page, 'Nisha Rao', `a11y.${unique()}@example.in`);
  const laptops = (await (await page.request.get('/api/products?category=Laptop&pageSize=2')).json()).items as Array<{
    id: number;
    name: string;
  }>;
  for (const laptop of laptops) {
    await page.goto(`/product/${laptop.id}`);
    await page.getByRole('button', { name: `Compare ${laptop.name}` }).click();
  }
  // The product page's heart, named as the cards' hearts are.
  const heart = page
    .getByRole('main')
    .getByRole('button', { name: `Save ${laptops[1]!.name} to your wishlist` })
    .first();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const found: string[] = [];
  for (const size of [
    { width: 1280, height: 900 },
    { width: 360, height: 780 },
  ]) {
    await page.setViewportSize(size);
    for (const path of ['/', '/category/Laptop', `/product/${laptops[0]!.id}`, '/compare', '/wishlist']) {
      await page.goto(path);
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      if (path === '/') await expect(page.getByRole('heading', { name: 'Recently viewed' })).toBeVisible();
      if (path !== '/compare') await expect(page.getByRole('region', { name: /Compare laptops/ })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > size.width) found.push(`${path} at ${size.width} px: the page scrolls sideways (${width} px wide)`);
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
        .analyze();
      for (const violation of violations)
        found.push(
          `${path} at ${size.width} px: ${violation.id}: ${violation.help}: ${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(' | ')}`,
        );
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});
