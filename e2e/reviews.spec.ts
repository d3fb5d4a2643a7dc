import { expect, test } from './fixtures.ts';
import { verifyEmail } from './mail.ts';
import { registerApprovedShop, registerCustomer } from './sellers.ts';

/**
 * Ratings and reviews, end to end: a shopper whose laptop was delivered reviews it on the product
 * page, and its rating shows there (and in the page's structured data, before any script runs).
 * The laptop is a demo one, offered by a new shop at a higher price (the buy box and the
 * storefront's counts stay as the other tests expect); the order is placed, paid and delivered
 * through the API, which the checkout and vendor tests cover in the browser.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const LAPTOP = 'HP Pavilion 15 (Core i5-1335U)';

interface Listed {
  id: number;
  name: string;
  price: number;
  offers: Array<{ id: number; vendor: { name: string } }>;
}

test('a buyer with a delivered laptop reviews it and the rating shows on the product page', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const id = unique();
  const business = `Lajpat Nagar Laptops ${id}`;
  const origin = { origin: baseURL! };

  const laptop = await test.step('a new shop offers the demo laptop', async () => {
    await registerApprovedShop(page, baseURL!, { name: 'Imran Sheikh', email: `imran.${id}@shop.in`, business });
    const listed = ((await (await page.request.get('/api/products?category=Laptop&pageSize=100')).json()) as { items: Listed[] }).items;
    const demo = listed.find((item) => item.name === LAPTOP)!;
    const offered = await page.request.post('/api/vendor/offers', {
      headers: origin,
      data: { productId: demo.id, price: demo.price + 5_000_00, mrp: demo.price + 5_000_00, stock: 5, dispatchDays: 1 },
    });
    expect(offered.status(), await offered.text()).toBe(201);
    const product = (await (await page.request.get(`/api/products/${demo.id}`)).json()) as Listed;
    return { id: demo.id, offerId: product.offers.find((offer) => offer.vendor.name === business)!.id };
  });

  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await test.step('a shopper buys it from that shop, which delivers it', async () => {
    await registerCustomer(shopper, 'Kavya Reddy', `kavya.${id}@example.in`);
    const address = await shopper.request.post('/api/account/addresses', {
      headers: origin,
      data: {
        name: 'Kavya Reddy',
        phone: '9811012345',
        line1: 'B-12 Defence Colony',
        city: 'New Delhi',
        state: 'Delhi',
        pincode: '110024',
      },
    });
    expect(address.status(), await address.text()).toBe(201);
    const placed = await shopper.request.post('/api/checkout/orders', {
      headers: origin,
      data: {
        idempotencyKey: `review-${id}`,
        addressId: (await address.json()).id,
        items: [{ productId: laptop.id, offerId: laptop.offerId, quantity: 1 }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { id: number };
    expect(
      (
        await shopper.request.post(`/api/orders/${order.id}/payments`, { headers: origin, data: { method: 'upi', vpa: 'kavya@okaxis' } })
      ).ok(),
    ).toBe(true);
    const shipment = ((await (await shopper.request.get(`/api/orders/${order.id}`)).json()) as { fulfilments: Array<{ id: number }> })
      .fulfilments[0]!;
    for (const [step, data] of [['pack'], ['ship', { carrier: 'Delhivery', trackingNumber: `DL${id}` }], ['deliver']] as const) {
      const moved = await page.request.post(`/api/vendor/fulfilments/${shipment.id}/${step}`, { headers: origin, data });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
  });

  await test.step('reviews need a verified e-mail: the buyer is told so before writing, with a new link', async () => {
    await shopper.goto(`/product/${laptop.id}`);
    const reviews = shopper.getByRole('region', { name: 'Ratings and reviews' });
    await expect(reviews.getByText('Verify your e-mail to review')).toBeVisible();
    await expect(reviews.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
    await reviews.getByRole('button', { name: 'Resend link' }).click();
    await expect(reviews.getByText(`We have sent a new link to kavya.${id}@example.in.`)).toBeVisible();
    await verifyEmail(shopper, `kavya.${id}@example.in`, baseURL!);
  });

  await test.step('the buyer writes a review on the product page', async () => {
    await shopper.goto(`/product/${laptop.id}`);
    const reviews = shopper.getByRole('region', { name: 'Ratings and reviews' });
    await expect(reviews.getByText('No reviews yet.')).toBeVisible();
    await reviews.getByRole('button', { name: 'Write a review' }).click();
    // Nothing chosen: the form says so, and the server is not asked.
    await reviews.getByRole('button', { name: 'Submit review' }).click();
    await expect(reviews.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();
    // The first star has the focus now; a keyboard user picks the fourth.
    await expect(reviews.getByRole('radio', { name: '1 star: Poor' })).toBeFocused();
    await reviews.getByRole('radio', { name: '4 stars: Very good' }).focus();
    await shopper.keyboard.press('Space');
    await expect(reviews.getByRole('radio', { name: '4 stars: Very good' })).toBeChecked();
    await reviews.getByLabel('Title').fill('Great value for college');
    await reviews.getByLabel('Your review').fill('Light enough to carry all day.\nThe battery lasts about six hours. <b>Not bold</b>');
    await reviews.getByRole('button', { name: 'Submit review' }).click();
    await expect(reviews.getByRole('status')).toHaveText('Thank you: your review is published.');

    await expect(reviews).toContainText('Average rating 4.0 out of 5, from 1 rating');
    await expect(reviews.getByRole('button', { name: /^4 stars\s*1 review$/ })).toBeVisible();
    const review = reviews.getByRole('article', { name: 'Great value for college' });
    await expect(review).toContainText('Kavya R.');
    await expect(review).toContainText('Verified purchase');
    // Shown as text, never as markup.
    await expect(review).toContainText('<b>Not bold</b>');
    await expect(review.locator('b')).toHaveCount(0);
    await expect(reviews.getByRole('button', { name: 'Edit your review' })).toBeVisible();
  });

  await test.step('anyone sees the rating, in the page the server sends and its structured data', async () => {
    const html = await (await request.get(`/product/${laptop.id}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
    );
    expect(blocks.find((block) => block['@type'] === 'Product')).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 },
    });
    expect(html).toContain('Great value for college');

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/product/${laptop.id}`);
    const reviews = visitorPage.getByRole('region', { name: 'Ratings and reviews' });
    await expect(reviews).toContainText('Average rating 4.0 out of 5, from 1 rating');
    await expect(reviews.getByRole('article', { name: 'Great value for college' })).toBeVisible();
    await expect(reviews.getByRole('link', { name: 'Sign in to write a review' })).toBeVisible();
    await visitor.close();
  });

  await test.step('the rating shows on the laptop’s card in listings, which sort by it and filter 4★ & above', async () => {
    // The catalogue's in-memory views take the rating in from the change log within a second or so.
    await expect
      .poll(async () => ((await (await request.get(`/api/products/${laptop.id}`)).json()) as { rating: unknown }).rating, {
        timeout: 10_000,
      })
      .toEqual({ average: 4, count: 1 });
    await page.goto('/category/Laptop?rating=4&sort=rating');
    const card = page.locator('main article').filter({ hasText: LAPTOP });
    await expect(card).toContainText('Rated 4.0 out of 5 by 1 customer');
    await expect(card.getByText('4.0 ★')).toBeVisible();
  });
  await shopperContext.close();
});
