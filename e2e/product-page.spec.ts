import { expect, test } from './fixtures.ts';
import { registerCustomer } from './sellers.ts';

test('the images open full screen: next by key, zoom, and Escape back to where the shopper was', async ({ page }) => {
  await page.goto('/products');
  await page.locator('main article').first().getByRole('link').click();
  const open = page.getByRole('button', { name: 'View full screen' });
  await open.click();
  const viewer = page.getByRole('dialog', { name: /: images$/ });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(/^Image 1 of \d+/)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText(/^Image 2 of \d+/)).toBeVisible();
  const zoom = viewer.getByRole('button', { name: 'Zoom in' });
  await zoom.click();
  await expect(viewer.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');
  const width = await viewer.getByRole('img').evaluate((image) => image.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(page.viewportSize()?.width ?? 0);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(open).toBeFocused();
  // The page shows the image the shopper was on.
  await expect(page.getByRole('img', { name: /image 2 of/ })).toBeVisible();
});

test('a product out of stock: a visitor is asked to sign in, a customer is told once it is back', async ({ page }) => {
  const soldOut = await page.request
    .get('/api/products?pageSize=100')
    .then(async (r) => (await r.json()).items.find((i: { stock: number }) => i.stock === 0));
  await page.goto(`/product/${soldOut.id}`);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expect(page.getByText('to be e-mailed when it is back in stock.')).toBeVisible();

  await registerCustomer(page, 'Waiting Wasim', `waiting.${Date.now()}@example.in`);
  await page.goto(`/product/${soldOut.id}`);
  await page.getByRole('button', { name: 'Notify me when it’s back' }).click();
  const told = page.getByText(/We will e-mail you once when .* is back in stock\./);
  await expect(told).toBeVisible();
  await expect(told).toBeFocused();
  await page.reload();
  await expect(told).toBeVisible();
  await page.getByRole('button', { name: 'Don’t notify me' }).click();
  await expect(page.getByRole('button', { name: 'Notify me when it’s back' })).toBeFocused();
});
