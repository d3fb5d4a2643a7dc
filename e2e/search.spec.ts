import { expect, test } from './fixtures.ts';

test('a search in plain words becomes the filters it names, ticked and removable', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('16gb ram laptop under 80000');
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=&category=Laptop&ram=16&maxPrice=8000000$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results' })).toBeVisible();
  const cards = page.locator('main article');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toMatch(/16 GB/);

  // A first visit to such an address (a shared link, a crawler) is sent there by the server.
  const response = await page.request.get('/search?q=16gb%20ram%20laptop%20under%2080000', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/search?q=&category=Laptop&ram=16&maxPrice=8000000');
});
