import { expect, type Page, test } from './fixtures.ts';

/**
 * A shopper on a slow phone sees the page the server drew, and types into it, seconds before the
 * app's code arrives and takes the page over (hydrates it). The app's entry script is held here
 * until the test has typed, as a slow network would hold it.
 */
async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function someLaptop(page: Page) {
  const answer = await page.request.get('/api/products?category=Laptop&inStock=true&sort=price_asc&pageSize=1');
  return ((await answer.json()) as { items: Array<{ id: number }> }).items[0]!;
}

test('what a shopper types into a product page before its scripts run is kept when they do, and used', async ({ page }) => {
  const laptop = await someLaptop(page);
  const release = await holdAppScript(page);
  // Module scripts hold DOMContentLoaded back: the page is on screen from its first bytes.
  await page.goto(`/product/${laptop.id}`, { waitUntil: 'commit' });
  const search = page.getByRole('combobox', { name: 'Search products' });
  const pincode = page.getByLabel('Delivery PIN code');
  const check = page.getByRole('button', { name: 'Check', exact: true });
  await search.fill('thinkpad');
  await pincode.fill('560025');
  // The server drew "Check" disabled: it does nothing until the page is taken over.
  await expect(check).toBeDisabled();

  release();
  await expect(check).toBeEnabled();
  await expect(search).toHaveValue('thinkpad');
  await expect(pincode).toHaveValue('560025');

  await check.click();
  const delivery = page.getByRole('region', { name: 'Check delivery' });
  await expect(delivery).toContainText('Delivering to Bengaluru 560025');
  await expect(delivery).toContainText(/Delivery by \w{3}, \d{1,2} \w{3}/);

  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=thinkpad$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “thinkpad”' })).toBeVisible();
  await expect(page.locator('main article').first()).toContainText(/ThinkPad/i);
  // The box clears itself once it has searched.
  await expect(search).toHaveValue('');
});

test('Enter in the search box before the page’s scripts run searches as a plain form does', async ({ page }) => {
  const laptop = await someLaptop(page);
  await holdAppScript(page);
  await page.goto(`/product/${laptop.id}`, { waitUntil: 'commit' });
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('dell monitor');
  await search.press('Enter');
  // The server understands the words as it does for the app: Dell's monitors.
  await expect(page).toHaveURL(/\/search\?q=dell&category=Monitor$/);
  // The server draws the results, scripts or not.
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “dell”' })).toBeVisible();
  await expect(page.locator('main article').first()).toContainText(/Dell/);
});
