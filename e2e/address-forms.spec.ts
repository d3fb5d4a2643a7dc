import { expect, type Page, test } from './fixtures.ts';

const SHOTS = process.env.SHOTS_DIR;
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Whether the State select shows its chosen words whole: their width and the arrow's within the box. */
async function stateShownWhole(page: Page) {
  return page.getByLabel('State', { exact: true }).evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const words = select.options[select.selectedIndex]?.text ?? '';
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    // Chromium draws the select's arrow inside its content box, about 20 px wide.
    return {
      words,
      fits: context.measureText(words).width + 20 <= room,
      inView: select.getBoundingClientRect().right <= document.documentElement.clientWidth,
    };
  });
}

/** The address form as it opens, then with a Mumbai PIN code: the State is the PIN code's alone, shown whole. */
async function checkAddressForm(page: Page, shot: string) {
  await expect(page.getByLabel('Full name')).toBeVisible();
  expect(await stateShownWhole(page)).toEqual({ words: 'Choose a state', fits: true, inView: true });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}-empty.png`, fullPage: true });
  await page.getByLabel('PIN code').fill('400076');
  const state = page.getByLabel('State', { exact: true });
  await expect(state).toHaveValue('Maharashtra');
  await expect(state.locator('option')).toHaveText(['Maharashtra']);
  await expect(page.getByText('Set by PIN code 400076')).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Mumbai');
  expect(await stateShownWhole(page)).toEqual({ words: 'Maharashtra', fits: true, inView: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}-pin.png`, fullPage: true });
}

async function addToCart(page: Page) {
  const product = await page.request
    .get('/api/products?category=Monitor&inStock=true&sort=price_asc&pageSize=1')
    .then(async (r) => (await r.json()).items[0] as { id: number });
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^1/);
}

for (const width of [360, 1280]) {
  test(`a guest's checkout address: the State follows the PIN code and shows whole (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await addToCart(page);
    await page.goto('/checkout/guest');
    await page.getByLabel('E-mail').fill(`address.${unique()}@example.in`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await checkAddressForm(page, `checkout-guest-${width}`);
  });

  test(`a member's checkout address and address book: the State follows the PIN code and shows whole (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const registered = await page.request.post('/api/auth/register', {
      data: { name: 'Meera Shah', email: `address.${unique()}@example.in`, password: 'secret-pass-1' },
    });
    expect(registered.status()).toBe(201);
    await addToCart(page);
    await page.goto('/checkout');
    await checkAddressForm(page, `checkout-member-${width}`);

    await page.goto('/account');
    await page
      .getByRole('button', { name: /Add a new address/ })
      .first()
      .click();
    await checkAddressForm(page, `account-addresses-${width}`);
  });
}
