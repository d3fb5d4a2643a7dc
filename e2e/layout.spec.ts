import { expect, request as playwrightRequest, test } from './fixtures.ts';
import { signInAsAdmin } from './sellers.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('at 360 px the full-screen image viewer is opaque and covers the whole page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const listed = (await (await page.request.get('/api/products?category=Laptop&pageSize=20')).json()).items as Array<{
    id: number;
    images: string[];
  }>;
  const product = listed.find((p) => p.images.length > 0)!;
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'View full screen' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  const drawn = await viewer.evaluate((dialog) => {
    const box = dialog.getBoundingClientRect();
    // Any point of the screen is the viewer's, not the page's.
    const points = [
      [5, 5],
      [180, 120],
      [355, 400],
      [20, 775],
    ] as const;
    return {
      box: { left: box.left, top: box.top, width: box.width, height: box.height },
      background: getComputedStyle(dialog).backgroundColor,
      mine: points.every(([x, y]) => dialog.contains(document.elementFromPoint(x, y))),
    };
  });
  expect(drawn.box).toEqual({ left: 0, top: 0, width: 360, height: 780 });
  expect(drawn.mine).toBe(true);
  // Opaque: no alpha below 1 in the colour (rgb(), or oklab()/oklch() without "/ a").
  expect(drawn.background).not.toMatch(/\/\s*0?\.\d|rgba\(.*,\s*0?\.\d+\)/);
});

test('at 1366 px the admin sidebar runs the length of a long page, and the audit log shows each reason in full', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // A customer suspended and taken back, with reasons: entries in the audit log.
  const id = unique();
  const reason = `Chargeback raised on three orders from one card in an hour, ticket ${id}; suspended until the bank confirms the card holder`;
  const customer = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const registered = await customer.post('/api/auth/register', {
    data: { name: 'Vikram Iyer', email: `vikram.${id}@example.in`, password: 'a-good-password' },
  });
  expect(registered.ok()).toBe(true);
  const uid = (await registered.json()).user.uid as string;
  await customer.dispose();

  await page.setViewportSize({ width: 1366, height: 600 });
  await signInAsAdmin(page);
  const headers = { origin: baseURL! };
  expect((await page.request.post(`/api/admin/users/${uid}/status`, { headers, data: { status: 'suspended', reason } })).ok()).toBe(true);
  expect(
    (
      await page.request.post(`/api/admin/users/${uid}/status`, {
        headers,
        data: { status: 'active', reason: `Bank confirmed the card holder, ticket ${id}` },
      })
    ).ok(),
  ).toBe(true);

  await page.goto('/admin/audit?entityType=user');
  const log = page.getByRole('region', { name: 'Admin actions' });
  const reasonText = log.getByText(reason);
  await expect(reasonText).toBeVisible();
  // The table fits beside the sidebar: nothing to scroll sideways, and the reason inside the region's box.
  const fits = await log.evaluate((region) => region.scrollWidth <= region.clientWidth + 1);
  expect(fits).toBe(true);
  const regionBox = (await log.boundingBox())!;
  const reasonBox = (await reasonText.boundingBox())!;
  expect(reasonBox.x + reasonBox.width).toBeLessThanOrEqual(regionBox.x + regionBox.width);

  // The page is longer than the window: the sidebar's background reaches its end, scrolled or not.
  const lengths = await page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    window: window.innerHeight,
    sidebar: document.querySelector('aside')!.getBoundingClientRect().height,
  }));
  expect(lengths.page).toBeGreaterThan(lengths.window);
  expect(lengths.sidebar).toBeGreaterThanOrEqual(lengths.page - 1);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' })).toBeInViewport();
});
