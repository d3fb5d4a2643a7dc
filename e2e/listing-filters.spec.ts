import { expect, test } from './fixtures.ts';

/** Listing filters: chosen filters as chips, price presets, processor and graphics, and the phone's drawer. */

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the filters open in a drawer; a brand ticked there is a chip above the results, and the chip removes it', async ({ page }) => {
    await page.goto('/category/Laptop');
    await expect(page.getByText(/Showing 1–20 of 20 products/)).toBeVisible();
    // The side panel is not there on a phone: the Filters button of the bar opens the drawer.
    await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeHidden();
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    await filtersButton.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    // Focus is inside the drawer, and the page behind it is inert.
    expect(await drawer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    await drawer.getByRole('checkbox', { name: /^Lenovo/ }).check();
    await expect(page).toHaveURL(/brand=Lenovo/);
    await drawer.getByRole('button', { name: 'Show 5 results' }).click();
    await expect(drawer).toBeHidden();
    await expect(filtersButton).toBeFocused();
    await expect(filtersButton).toHaveAccessibleName(/^Filters\s*1 chosen$/);
    await expect(page.getByText(/Showing 1–5 of 5 products/)).toBeVisible();

    // Escape closes it too, and focus comes back to the button.
    await filtersButton.click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('checkbox', { name: /^Lenovo/ })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(filtersButton).toBeFocused();

    const chip = page.getByRole('button', { name: 'Remove filter: Lenovo' });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(page).not.toHaveURL(/brand=/);
    await expect(page.getByText(/Showing 1–20 of 20 products/)).toBeVisible();
    await expect(chip).toHaveCount(0);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the Sort and Filters bar stays under the header while the results scroll', async ({ page }) => {
    await page.goto('/category/Monitor');
    await expect(page.getByText(/Showing 1–20 of 20 products/)).toBeVisible();
    await page.mouse.wheel(0, 2500);
    await page.waitForFunction(() => window.scrollY > 2000);
    const header = await page.locator('header').first().boundingBox();
    const bar = await page.getByRole('button', { name: /^Filters/ }).boundingBox();
    expect(bar && header && bar.y >= header.y + header.height - 1 && bar.y < header.y + header.height + 20).toBe(true);
    await expect(page.getByLabel('Sort by')).toBeInViewport();
  });
});

test('processor, graphics and a price preset filter the listing and show as chips', async ({ page }) => {
  const count = async (query: string) => (await (await page.request.get(`/api/products?category=Laptop&${query}`)).json()).total as number;
  const i7 = await count('processor=Intel%20Core%20i7');
  expect(i7).toBeGreaterThan(0);
  await page.goto('/category/Laptop');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('checkbox', { name: /^Intel Core i7/ }).check();
  await expect(page).toHaveURL(/processor=Intel\+Core\+i7/);
  await expect(page.getByText(`Showing 1–${i7} of ${i7} product`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove filter: Intel Core i7' })).toBeVisible();
  await expect(filters.getByRole('group', { name: 'Graphics' })).toBeVisible();

  await filters.getByRole('button', { name: '₹30,000–50,000' }).click();
  await expect(page).toHaveURL(/minPrice=3000000&maxPrice=5000000/);
  await expect(filters.getByRole('button', { name: '₹30,000–50,000' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Remove filter: ₹30,000–50,000' })).toBeVisible();
  // No i7 laptop is that cheap: the ticked processor stays in the panel, counted 0, to untick.
  if ((await count('processor=Intel%20Core%20i7&minPrice=3000000&maxPrice=5000000')) === 0) {
    await expect(page.getByText('No products match')).toBeVisible();
    await expect(filters.getByRole('checkbox', { name: /^Intel Core i7/ })).toBeChecked();
  }
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByText(/Showing 1–20 of 20 products/)).toBeVisible();
});

test('a minimum above the maximum is explained in the panel, typed or in the address, and the products still show', async ({ page }) => {
  await page.goto('/category/Laptop?minPrice=8000000&maxPrice=3000000');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters.getByText('The minimum is above the maximum, so this price range is not applied.')).toBeVisible();
  await expect(page.getByText(/Showing 1–20 of 20 products/)).toBeVisible();

  await page.goto('/category/Laptop');
  await filters.getByLabel('Min (₹)').fill('90000');
  await filters.getByLabel('Max (₹)').fill('40000');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(filters.getByText('The minimum is above the maximum.')).toBeVisible();
  await expect(filters.getByLabel('Min (₹)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).not.toHaveURL(/minPrice/);
});
