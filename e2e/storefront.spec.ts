import { expect, test } from './fixtures.ts';

const rupeesOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

test('browse a category from the header', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Laptops, desktops and monitors');
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Monitors' }).click();
  await expect(page).toHaveURL(/\/category\/Monitor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Monitors' })).toBeVisible();
  await expect(page.getByText(/Showing 1–20 of 20 products/)).toBeVisible();
  expect(await page.locator('main article').count()).toBe(20);
  await expect(page).toHaveTitle(/Monitors/);
});

test('filter and sort live in the URL and survive a reload', async ({ page }) => {
  await page.goto('/category/Laptop');
  await expect(page.getByText(/Showing 1–20 of 20 products/)).toBeVisible();
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('checkbox', { name: /^Lenovo/ }).check();
  await expect(page).toHaveURL(/brand=Lenovo/);
  await expect(page.getByText(/Showing 1–5 of 5 products/)).toBeVisible();

  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page.locator('main article').first()).toContainText('Lenovo');
  const prices = (await page.locator('main article p.flex > span:first-child').allTextContents()).map(rupeesOf);
  expect(prices.length).toBe(5);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.reload();
  await expect(page.getByText(/Showing 1–5 of 5 products/)).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: /^Lenovo/ })).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');

  // The chosen filters are chips above the results, with "Clear all".
  await expect(page.getByRole('button', { name: 'Remove filter: Lenovo' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByText(/Showing 1–20 of 20 products/)).toBeVisible();
  await expect(page).not.toHaveURL(/brand=/);
});

test('search from the header goes to /search?q= and clears the box, tolerating a typo', async ({ page }) => {
  await page.goto('/products');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('thinkpd x1');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=thinkpd%20x1$/);
  await expect(box).toHaveValue('');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('thinkpd x1');
  await expect(page.locator('main article').first()).toContainText('ThinkPad X1');
});

test('a search that finds nothing says so', async ({ page }) => {
  await page.goto('/search?q=qwertyuiop');
  await expect(page.getByRole('heading', { name: 'No products match' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse all products' })).toBeVisible();
});

test('product page shows price, MRP, taxes, stock, EMI and specs; add to cart shows the badge', async ({ page }) => {
  await page.goto('/search?q=thinkpad%20e14');
  await page.locator('main article').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ThinkPad E14');
  await expect(page.getByText('Inclusive of all taxes')).toBeVisible();
  await expect(page.getByText(/^₹\d{1,2},\d{2},\d{3}$|^₹\d{1,2},\d{3}$/).first()).toBeVisible();
  await expect(page.getByText(/EMI from ₹[\d,]+\/month/)).toBeVisible();
  await expect(page.getByRole('row', { name: /Processor/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Related products' })).toBeVisible();

  const cart = page.getByRole('link', { name: /^Cart/ });
  await expect(cart).toHaveAccessibleName('Cart');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  // The buy box's own picker and button; the other sellers' are named with their seller.
  await page.getByLabel('Quantity', { exact: true }).selectOption('2');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^2/);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^3/);
  // Its name holds the count it shows.
  await expect(cart).toHaveAccessibleName('Cart 3 items');
  await cart.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('group', { name: /Quantity of Lenovo ThinkPad E14/ }).locator('output')).toHaveText('3');
});

test('the cart survives a reload and is priced by the server', async ({ page }) => {
  await page.goto('/category/Monitor?sort=price_asc');
  const first = page.locator('main article').first();
  const name = (await first.locator('h3').textContent()) ?? '';
  const unit = rupeesOf((await first.locator('p.flex > span').first().textContent()) ?? '');
  await first.getByRole('link').click();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.goto('/cart');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByRole('link', { name }).first()).toBeVisible();
  await expect(page.getByTestId('cart-subtotal')).toHaveText(`₹${unit.toLocaleString('en-IN')}`);
  await page.getByRole('button', { name: `Increase quantity of ${name}` }).click();
  await expect(page.getByTestId('cart-subtotal')).toHaveText(`₹${(unit * 2).toLocaleString('en-IN')}`);
  await expect(page.getByTestId('cart-count')).toHaveText(/^2/);
  const saved = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]'));
  expect(saved).toEqual([expect.objectContaining({ quantity: 2, product: expect.objectContaining({ name, price: unit * 100 }) })]);

  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeFocused();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('the cart says when a price changed or an item sold out since it was added', async ({ page }) => {
  await page.goto('/category/Laptop');
  const product = await page.evaluate(async () => {
    const response = await fetch('/api/products?category=Laptop&inStock=true&pageSize=1');
    return (await response.json()).items[0];
  });
  const soldOut = await page.evaluate(async () => {
    const response = await fetch('/api/products?pageSize=100');
    return (await response.json()).items.find((item: { stock: number }) => item.stock === 0);
  });
  await page.evaluate(
    ([a, b]) =>
      window.localStorage.setItem(
        'cart',
        JSON.stringify([
          { product: { id: a.id, name: a.name, price: a.price + 500_00 }, quantity: 1 },
          { product: { id: b.id, name: b.name, price: b.price }, quantity: 1 },
        ]),
      ),
    [product, soldOut],
  );
  await page.goto('/cart');
  await expect(page.getByText(/Price dropped from ₹[\d,]+ to ₹[\d,]+ since you added it/)).toBeVisible();
  await expect(page.getByText('Sold out since you added it. Please remove it.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('aria-disabled', 'true');
});

test('corrupt cart data in localStorage does not break the page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => window.localStorage.setItem('cart', '{"this is": not json'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  expect(errors.some((text) => text.includes('Ignoring the saved cart'))).toBe(true);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('unknown routes and categories show the not-found page', async ({ page }) => {
  await page.goto('/category/Phone');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/product/999999');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('out-of-stock products cannot be added', async ({ page }) => {
  const soldOut = await page.request
    .get('/api/products?pageSize=100')
    .then(async (r) => (await r.json()).items.find((i: { stock: number }) => i.stock === 0));
  await page.goto(`/product/${soldOut.id}`);
  await expect(page.getByText('Out of stock').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu button opens Home, the categories and a welcome line', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByText(/Welcome to Circuit Bazaar/)).toBeVisible();
    for (const name of ['Home', 'Laptops', 'Desktops', 'Monitors', 'Login', 'Register', 'Vendor Login']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Desktops' }).click();
    await expect(page).toHaveURL(/\/category\/Desktop$/);
    await expect(menu).toBeHidden();
  });

  test('filters are in a drawer and the page does not scroll sideways', async ({ page }) => {
    await page.goto('/category/Monitor');
    await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeHidden();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox', { name: 'In stock only' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the header user menu offers Login, Register and Vendor Login when signed out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  for (const name of ['Login', 'Register', 'Vendor Login']) {
    await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Login', exact: true })).toBeHidden();
});

test('the footer lists the spec links, payments and contact details', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const name of [
    'Home',
    'All Products',
    'Laptops',
    'Desktops',
    'Monitors',
    'Order Tracking',
    'Returns & Refunds',
    'Privacy Policy',
    'Terms & Conditions',
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'Order Tracking' })).toHaveAttribute('href', '/orders');
  await expect(footer).toContainText('Trading since 2020');
  for (const method of ['UPI', 'Net Banking', 'Credit/Debit Cards', 'EMI', 'Cash on Delivery'])
    await expect(footer.getByText(method, { exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: /support@/ })).toBeVisible();
});

test('the contact form stores a message and confirms with a reference', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Name').fill('Ravi Kumar');
  await page.getByLabel(/^E-mail/).fill('ravi@example.in');
  await page.getByLabel('Topic').selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Message' }).fill('Do you deliver to Shillong, Meghalaya?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    /Thank you, Ravi Kumar\. We have received your message \(reference MSG-\d{6}\)/,
  );
});

test('the information pages have real content', async ({ page }) => {
  for (const [path, heading, phrase] of [
    ['/about', /About/, /2020/],
    ['/returns', /Returns/, /10 days/],
    ['/privacy', /Privacy/, /Digital Personal Data Protection Act/],
    ['/terms', /Terms/, /Bengaluru/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(phrase);
  }
});
