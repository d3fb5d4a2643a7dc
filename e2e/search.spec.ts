import { expect, test } from './fixtures.ts';

test('a search in plain words becomes the filters it names, ticked and removable', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('16gb ram laptop under 80000');
  await box.press('Enter');
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

test('the search box suggests products, brands and categories as a shopper types, by keyboard or pointer', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await expect(box).toBeEnabled();
  await box.pressSequentially('thinkp', { delay: 40 });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const first = list.getByRole('option').first();
  await expect(first).toContainText('ThinkPad');
  await expect(list.getByRole('option', { name: /Lenovo.*Brand/ })).toBeVisible();
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) as string);
  const name = (await first.locator('span').first().textContent()) as string;
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(box).toHaveValue('');

  // Escape closes the list; Enter with no suggestion chosen searches the words.
  await box.pressSequentially('dell', { delay: 40 });
  await expect(list).toBeVisible();
  await box.press('Escape');
  await expect(list).toBeHidden();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=dell$/);
});

test('the results page holds the words in a field of its own, changed and sent again by keyboard', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('lenovo');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=lenovo$/);
  // The header's box clears itself; the page's field keeps the words.
  await expect(box).toHaveValue('');
  const field = page.getByRole('searchbox', { name: 'Search for' });
  await expect(field).toHaveValue('lenovo');
  await page.getByRole('checkbox', { name: /^Laptops/ }).check();
  await expect(page).toHaveURL(/category=Laptop/);

  await field.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' thinkpad');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?category=Laptop&q=lenovo\+thinkpad$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “lenovo thinkpad”');
  await expect(field).toHaveValue('lenovo thinkpad');
  for (const text of await page.locator('main article').getByRole('heading').allTextContents()) expect(text).toMatch(/ThinkPad/);
});
