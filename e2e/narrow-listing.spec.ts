import type { Locator } from '@playwright/test';
import { expect, type Page, test } from './fixtures.ts';

/** Laptops on sale, as the comparison keeps them in the browser. */
async function laptops(page: Page, count: number) {
  const response = await page.request.get(`/api/products?category=Laptop&pageSize=${count}`);
  const { items } = (await response.json()) as { items: Array<{ id: number; name: string; category: string }> };
  return items.map(({ id, name, category }) => ({ id, name, category }));
}

/** How much wider the select's chosen label is than the room it has (the arrow's 20 px aside); 0 or less: it shows whole. */
function selectOverflow(page: Page, label: string) {
  return page.getByLabel(label).evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.selectedOptions[0]?.text ?? '').width;
    return text - (select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20);
  });
}

/** How much of a field's value is cut off (0: it shows whole). */
const fieldOverflow = (field: Locator) => field.evaluate((input: HTMLInputElement) => input.scrollWidth - input.clientWidth);

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the sort shows its whole choice and the price fields their whole amounts', async ({ page }) => {
    await page.goto('/search?q=lenovo&sort=price_desc');
    await expect(page.getByLabel('Sort by')).toHaveValue('price_desc');
    expect(await selectOverflow(page, 'Sort by')).toBeLessThanOrEqual(0);

    await page.goto('/category/Laptop?minPrice=12000000&maxPrice=15000000');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer.getByLabel('Max (₹)')).toHaveValue('150000');
    expect(await fieldOverflow(drawer.getByLabel('Max (₹)'))).toBe(0);
    expect(await fieldOverflow(drawer.getByLabel('Min (₹)'))).toBe(0);
  });

  test('the comparison shows two products side by side without scrolling', async ({ page }) => {
    const compared = await laptops(page, 2);
    await page.addInitScript((items) => localStorage.setItem('cb.compare', JSON.stringify(items)), compared);
    await page.goto('/compare');
    const table = page.getByRole('region', { name: 'Comparison table' });
    await expect(table.getByRole('link', { name: compared[1]!.name })).toBeVisible();
    expect(await table.evaluate((region) => region.scrollWidth - region.clientWidth)).toBe(0);
    const second = await table.getByRole('columnheader').last().boundingBox();
    expect((second?.x ?? Infinity) + (second?.width ?? 0)).toBeLessThanOrEqual(360);
  });
});

test('the sidebar’s price fields show their whole amounts on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/category/Laptop?minPrice=12000000&maxPrice=15000000');
  const max = page.getByRole('complementary', { name: 'Filters' }).getByLabel('Max (₹)');
  await expect(max).toHaveValue('150000');
  expect(await fieldOverflow(max)).toBe(0);
});

test('comparing one laptop, a monitor’s Compare says "1 laptop", and "2 laptops" for two', async ({ page }) => {
  const [first, second] = await laptops(page, 2);
  await page.addInitScript((items) => localStorage.setItem('cb.compare', JSON.stringify(items)), [first]);
  await page.goto('/category/Monitor');
  const monitor = page.locator('main article').first();
  await monitor.getByRole('button', { name: /^Compare / }).click();
  const question = page.getByRole('group').filter({ hasText: 'Products are compared within one category' });
  await expect(question).toContainText('you are comparing 1 laptop.');
  await expect(question.getByRole('button', { name: 'Replace the laptop' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep them' }).click();

  await page.addInitScript((items) => localStorage.setItem('cb.compare', JSON.stringify(items)), [first, second]);
  await page.reload();
  await page
    .locator('main article')
    .first()
    .getByRole('button', { name: /^Compare / })
    .click();
  await expect(question).toContainText('you are comparing 2 laptops.');
});
