import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { RatingSummary } from '#shared/schemas/rating-summary.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import {
  as,
  registerActiveVendor,
  registerCustomer,
  registerVendor,
  signInAdmin,
  TEST_HEADERS,
  type TestUser,
} from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { shortName } from './reviews.service.ts';
import { VOTES_PER_ACCOUNT, VOTES_PER_ADDRESS } from './vote-limits.ts';

const MYSURU = {
  name: 'Asha Rao',
  phone: '9845012345',
  line1: '4 Sayyaji Rao Road',
  city: 'Mysuru',
  state: 'Karnataka',
  pincode: '570001',
};
const review = (overrides: Record<string, unknown> = {}) => ({
  rating: 5,
  title: 'Fast and quiet',
  text: 'Boots in seconds, the keyboard is lovely.',
  ...overrides,
});

describe.each(testDialects())('ratings and reviews on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser & { vendorId: number };
  let rival: TestUser & { vendorId: number };
  let laptop: number;
  let monitor: number;
  let keys = 0;
  let addresses = 0;

  /** A shopper to whom each product was delivered (bought, paid, packed, shipped and delivered); their e-mail verified unless said. */
  async function buyer(name: string, products: number[], { verified = true } = {}): Promise<TestUser> {
    const user = await registerCustomer(
      t,
      `${name.toLowerCase().replaceAll(' ', '.')}@reviews.in`,
      name,
      `10.17.${(++addresses >> 8) & 255}.${addresses & 255}`,
    );
    if (verified) await t.services.users.markEmailVerified(user.uid, new Date());
    if (products.length === 0) return user;
    const address = (await as(t, user)('POST', '/api/account/addresses', MYSURU)).json().id as number;
    const placed = await as(t, user)('POST', '/api/checkout/orders', {
      idempotencyKey: `reviews-${dialect}-${++keys}`,
      addressId: address,
      items: products.map((productId) => ({ productId, quantity: 1 })),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect((await as(t, user)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'buyer@okhdfc' })).statusCode).toBe(200);
    for (const shipment of (await as(t, user)('GET', `/api/orders/${order.id}`)).json<Order>().fulfilments) {
      for (const [step, body] of [
        ['pack'],
        ['ship', { carrier: 'Delhivery', trackingNumber: `DLV${order.id}0000` }],
        ['deliver'],
      ] as const) {
        const moved = await as(t, seller)('POST', `/api/vendor/fulfilments/${shipment.id}/${step}`, body);
        expect(moved.statusCode, moved.body).toBe(200);
      }
    }
    return user;
  }

  const summaryOf = async (productId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/rating` })).json<RatingSummary>();
  const starsOf = (summary: RatingSummary) => Object.fromEntries(summary.distribution.map((row) => [row.stars, row.count]));
  /** The rating as the visible reviews add up to, to compare with the kept one. */
  async function recounted(productId: number) {
    const rows = await t.database.db
      .selectFrom('reviews')
      .select('rating')
      .where('product_id', '=', productId)
      .where('status', '=', 'visible')
      .execute();
    return { count: rows.length, sum: rows.reduce((total, row) => total + row.rating, 0) };
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true' });
    admin = await signInAdmin(t, 'admin@reviews.in', 'Review Admin');
    seller = await registerActiveVendor(t, 'seller@reviews.in', 'Test Traders');
    rival = await registerVendor(t, 'rival@reviews.in', 'Rival Traders');
    await t.services.vendors.setStatus(rival.vendorId, 'active');
    laptop = (
      await createProduct(t.services, {
        vendorId: seller.vendorId,
        name: 'Lenovo IdeaPad 5',
        category: 'Laptop',
        price: rupees(60_000),
        stock: 100,
      })
    ).id;
    monitor = (
      await createProduct(t.services, {
        vendorId: seller.vendorId,
        name: 'Samsung 24 Monitor',
        category: 'Monitor',
        price: rupees(10_000),
        stock: 100,
      })
    ).id;
  });
  afterAll(() => t.close());

  it('lets only a customer with a delivered order line review, once, and edit it; the rating follows', async () => {
    const asha = await buyer('Asha Rao', [laptop]);
    const stranger = await buyer('Ravi Kumar', []);
    expect((await as(t, stranger)('GET', `/api/products/${laptop}/reviews/mine`)).json()).toMatchObject({
      canReview: false,
      reason: 'Only customers who have received this product can review it',
      review: null,
    });
    const refused = await as(t, stranger)('POST', `/api/products/${laptop}/reviews`, review());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only customers who have received this product can review it');
    // Asha received the laptop, not the monitor
    expect((await as(t, asha)('POST', `/api/products/${monitor}/reviews`, review())).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/products/${laptop}/reviews`, headers: TEST_HEADERS, payload: review() })).statusCode,
    ).toBe(401);
    expect((await as(t, asha)('GET', `/api/products/${laptop}/reviews/mine`)).json()).toMatchObject({
      canReview: true,
      reason: null,
      review: null,
    });

    const created = await as(t, asha)('POST', `/api/products/${laptop}/reviews`, review({ rating: 4, title: '  Good value  ' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      rating: 4,
      title: 'Good value',
      author: 'Asha R.',
      verifiedPurchase: true,
      helpful: 0,
      status: 'visible',
      reply: null,
    });
    expect(await summaryOf(laptop)).toMatchObject({ count: 1, sum: 4, average: 4 });

    const again = await as(t, asha)('POST', `/api/products/${laptop}/reviews`, review());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already reviewed this product: edit your review instead');
    expect((await as(t, asha)('GET', `/api/products/${laptop}/reviews/mine`)).json()).toMatchObject({
      canReview: false,
      review: { id: created.json().id },
    });

    const edited = await as(t, asha)(
      'PUT',
      `/api/products/${laptop}/reviews/mine`,
      review({ rating: 2, title: 'Battery let me down', text: 'Lasts three hours. <b>not bold</b>' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: created.json().id,
      rating: 2,
      title: 'Battery let me down',
      text: 'Lasts three hours. <b>not bold</b>',
    });
    const summary = await summaryOf(laptop);
    expect(summary).toMatchObject({ count: 1, sum: 2, average: 2 });
    expect(starsOf(summary)).toEqual({ 5: 0, 4: 0, 3: 0, 2: 1, 1: 0 });
    expect((await as(t, stranger)('PUT', `/api/products/${laptop}/reviews/mine`, review())).statusCode).toBe(404);

    const page = (await t.app.inject({ method: 'GET', url: `/api/products/${laptop}/reviews` })).json();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 10, sort: 'helpful', stars: null });
    expect(page.items[0]).toMatchObject({ title: 'Battery let me down', author: 'Asha R.', verifiedPurchase: true });
  });

  it('needs a verified e-mail to write or edit a review (403 EMAIL_NOT_VERIFIED), and says so before', async () => {
    const unverified = await buyer('Unverified Shopper', [monitor], { verified: false });
    expect((await as(t, unverified)('GET', `/api/products/${monitor}/reviews/mine`)).json()).toMatchObject({
      canReview: false,
      reason: 'Verify your e-mail to review',
      verifyEmailFirst: true,
      review: null,
    });
    // Not a buyer of the laptop: that reason comes first.
    expect((await as(t, unverified)('GET', `/api/products/${laptop}/reviews/mine`)).json()).toMatchObject({
      canReview: false,
      reason: 'Only customers who have received this product can review it',
      verifyEmailFirst: false,
    });
    for (const method of ['POST', 'PUT'] as const) {
      const refused = await as(t, unverified)(
        method,
        method === 'POST' ? `/api/products/${monitor}/reviews` : `/api/products/${monitor}/reviews/mine`,
        review(),
      );
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    }
    expect(await t.database.db.selectFrom('reviews').select('id').where('user_id', '=', unverified.uid).execute()).toEqual([]);
    await t.services.users.markEmailVerified(unverified.uid, new Date());
    expect((await as(t, unverified)('GET', `/api/products/${monitor}/reviews/mine`)).json()).toMatchObject({
      canReview: true,
      reason: null,
      verifyEmailFirst: false,
    });
    expect((await as(t, unverified)('POST', `/api/products/${monitor}/reviews`, review())).statusCode).toBe(201);
  });

  it('answers bad input with 400 and a clear message', async () => {
    const buyerOfMonitor = await buyer('Meera Iyer', [monitor]);
    for (const [body, message] of [
      [review({ rating: 6 }), 'Please choose a rating from 1 to 5 stars'],
      [review({ rating: 3.5 }), 'Please choose a rating from 1 to 5 stars'],
      [review({ rating: undefined }), 'Please choose a rating from 1 to 5 stars'],
      [review({ title: '   ' }), 'Please give your review a title'],
      [review({ title: 'x'.repeat(121) }), 'The title can be at most 120 characters'],
      [review({ text: '' }), 'Please write the text of your review'],
      [review({ text: 'x'.repeat(4001) }), 'The text can be at most 4000 characters'],
      [review({ stars: 5 }), 'Unrecognized key: "stars"'],
    ] as const) {
      const refused = await as(t, buyerOfMonitor)('POST', `/api/products/${monitor}/reviews`, body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.json().error.message).toContain(message);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${monitor}/reviews?sort=best` })).json().error.message).toBe(
      'sort must be one of: helpful, newest',
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${monitor}/reviews?stars=6` })).json().error.message).toBe(
      'stars must be at most 5',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/products/abc/reviews' })).statusCode).toBe(400);
    // the longest allowed are taken
    expect(
      (await as(t, buyerOfMonitor)('POST', `/api/products/${monitor}/reviews`, review({ title: 'x'.repeat(120), text: 'y'.repeat(4000) })))
        .statusCode,
    ).toBe(201);
  });

  it('counts one helpful vote per shopper, never on one’s own review, and sorts by it; reports once each', async () => {
    const [priya, kiran, dev] = [await buyer('Priya Nair', [laptop]), await buyer('Kiran Shah', [laptop]), await buyer('Dev', [monitor])];
    const first = (await as(t, priya)('POST', `/api/products/${laptop}/reviews`, review({ rating: 5, title: 'Brilliant' }))).json();
    const second = (await as(t, kiran)('POST', `/api/products/${laptop}/reviews`, review({ rating: 3, title: 'Fine' }))).json();
    // newest first: Kiran's
    const newest = (await t.app.inject({ method: 'GET', url: `/api/products/${laptop}/reviews?sort=newest` })).json();
    expect(newest.items[0].id).toBe(second.id);

    const vote = await as(t, dev)('POST', `/api/reviews/${first.id}/helpful`);
    expect(vote.statusCode, vote.body).toBe(200);
    expect(vote.json()).toEqual({ id: first.id, helpful: 1 });
    expect((await as(t, dev)('POST', `/api/reviews/${first.id}/helpful`)).json()).toEqual({ id: first.id, helpful: 1 });
    expect((await as(t, kiran)('POST', `/api/reviews/${first.id}/helpful`)).json()).toEqual({ id: first.id, helpful: 2 });
    const own = await as(t, priya)('POST', `/api/reviews/${first.id}/helpful`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('You cannot vote for your own review');
    expect((await t.app.inject({ method: 'POST', url: `/api/reviews/${first.id}/helpful`, headers: TEST_HEADERS })).statusCode).toBe(401);
    expect((await as(t, dev)('POST', '/api/reviews/999999/helpful')).statusCode).toBe(404);
    // most helpful first: Priya's
    const helpful = (await t.app.inject({ method: 'GET', url: `/api/products/${laptop}/reviews` })).json();
    expect(helpful.items[0]).toMatchObject({ id: first.id, helpful: 2 });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/${laptop}/reviews?stars=3` }))
        .json()
        .items.map((item: { id: number }) => item.id),
    ).toEqual([second.id]);

    const report = await as(t, dev)('POST', `/api/reviews/${second.id}/reports`, { reason: 'spam', details: 'Links to another shop' });
    expect(report.statusCode, report.body).toBe(201);
    const twice = await as(t, dev)('POST', `/api/reviews/${second.id}/reports`, { reason: 'offensive' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You have already reported this review');
    expect((await as(t, kiran)('POST', `/api/reviews/${second.id}/reports`, { reason: 'spam' })).statusCode).toBe(403);
    const noReason = await as(t, priya)('POST', `/api/reviews/${second.id}/reports`, { reason: 'dislike' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Please choose a reason for reporting this review');
    expect((await as(t, dev)('GET', `/api/products/${laptop}/reviews/mine`)).json()).toMatchObject({
      helpful: [first.id],
      reported: [second.id],
    });
  });

  it('lets only shoppers with standing vote: six fresh accounts cannot inflate a review', async () => {
    const [author, reader] = [await buyer('Stuffed Author', [laptop]), await buyer('Real Reader', [monitor])];
    const target = (await as(t, author)('POST', `/api/products/${laptop}/reviews`, review({ title: 'Best laptop ever' }))).json();
    expect((await as(t, reader)('POST', `/api/reviews/${target.id}/helpful`)).json()).toEqual({ id: target.id, helpful: 1 });
    expect((await as(t, reader)('GET', `/api/products/${laptop}/reviews/mine`)).json()).toMatchObject({ canVote: true, voteReason: null });

    // Six accounts made at once, each from its own address, as a script would.
    const fresh = await Promise.all(
      Array.from({ length: 6 }, (_, i) => registerCustomer(t, `stuffer${i}@reviews.in`, `Stuffer ${i}`, `198.51.100.${i + 1}`)),
    );
    const votes = await Promise.all(
      fresh.map((user, i) => as(t, user, `198.51.100.${i + 1}`)('POST', `/api/reviews/${target.id}/helpful`)),
    );
    expect(votes.map((vote) => vote.statusCode)).toEqual(Array(6).fill(403));
    expect(votes[0]!.json().error).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Verify your e-mail to vote on reviews' });
    expect((await as(t, fresh[0]!)('GET', `/api/products/${laptop}/reviews/mine`)).json()).toMatchObject({
      canVote: false,
      voteReason: 'Verify your e-mail to vote on reviews',
    });
    // A verified e-mail is not enough: nothing was ever delivered to them.
    for (const user of fresh) await t.services.users.markEmailVerified(user.uid, new Date());
    const again = await Promise.all(
      fresh.map((user, i) => as(t, user, `198.51.100.${i + 1}`)('POST', `/api/reviews/${target.id}/helpful`)),
    );
    expect(again.map((vote) => vote.statusCode)).toEqual(Array(6).fill(403));
    expect(again[0]!.json().error).toEqual({ code: 'FORBIDDEN', message: 'Only shoppers who have received an order can vote on reviews' });
    expect((await as(t, fresh[1]!)('GET', `/api/products/${laptop}/reviews/mine`)).json()).toMatchObject({
      canVote: false,
      voteReason: 'Only shoppers who have received an order can vote on reviews',
    });
    const shown = (await t.app.inject({ method: 'GET', url: `/api/products/${laptop}/reviews?sort=newest` }))
      .json()
      .items.find((item: { id: number }) => item.id === target.id);
    expect(shown.helpful).toBe(1);
    expect(await t.database.db.selectFrom('review_votes').select('user_id').where('review_id', '=', target.id).execute()).toHaveLength(1);
  });

  it('refuses a vote from any seller of the product (403) and from the review’s author', async () => {
    const desktop = (
      await createProduct(t.services, {
        vendorId: seller.vendorId,
        name: 'Dell OptiPlex 7010',
        category: 'Desktop',
        price: rupees(50_000),
        stock: 50,
      })
    ).id;
    // The rival sells it too, dearer and sold out: the buy box stays the seller's.
    await t.services.catalog.addOffer(rival.vendorId, desktop, { price: rupees(55_000), mrp: rupees(60_000), stock: 0, dispatchDays: 2 });
    const author = await buyer('Desk Author', [desktop]);
    const target = (await as(t, author)('POST', `/api/products/${desktop}/reviews`, review({ title: 'Quiet desktop' }))).json();
    await t.services.users.markEmailVerified(seller.uid, new Date());
    for (const shop of [seller, rival]) {
      const refused = await as(t, shop)('POST', `/api/reviews/${target.id}/helpful`);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.message).toBe('Sellers of this product cannot vote on its reviews');
      expect((await as(t, shop)('GET', `/api/products/${desktop}/reviews/mine`)).json()).toMatchObject({
        canVote: false,
        voteReason: 'Sellers of this product cannot vote on its reviews',
      });
    }
    const own = await as(t, author)('POST', `/api/reviews/${target.id}/helpful`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('You cannot vote for your own review');
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${desktop}/reviews` })).json().items[0].helpful).toBe(0);
  });

  it(`limits votes to ${VOTES_PER_ACCOUNT} an hour per account and ${VOTES_PER_ADDRESS} per address (429)`, async () => {
    const [author, voter, other] = [
      await buyer('Limit Author', [monitor]),
      await buyer('Eager Voter', [monitor]),
      await buyer('Calm Voter', [monitor]),
    ];
    const target = (await as(t, author)('POST', `/api/products/${monitor}/reviews`, review({ title: 'Limits' }))).json();
    const url = `/api/reviews/${target.id}/helpful`;
    for (let i = 0; i < VOTES_PER_ACCOUNT; i++) expect((await as(t, voter, '203.0.113.10')('POST', url)).statusCode).toBe(200);
    // Another address does not help: the account is counted.
    const limited = await as(t, voter, '203.0.113.11')('POST', url);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().error.message).toBe('You have voted on many reviews in the last hour. Please try again in 60 minutes.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);

    // Ten accounts spend one address's votes (refused ones count too); then no one there may vote.
    const crowd = await Promise.all(
      Array.from({ length: VOTES_PER_ADDRESS / VOTES_PER_ACCOUNT }, (_, i) =>
        registerCustomer(t, `crowd${i}@reviews.in`, `Crowd ${i}`, `198.51.101.${i + 1}`),
      ),
    );
    for (const user of crowd) {
      for (let i = 0; i < VOTES_PER_ACCOUNT; i++) expect((await as(t, user, '203.0.113.20')('POST', url)).statusCode).toBe(403);
    }
    const crowded = await as(t, other, '203.0.113.20')('POST', url);
    expect(crowded.statusCode, crowded.body).toBe(429);
    expect(crowded.json().error.message).toBe('Too many votes from your network. Please try again in 60 minutes.');
    expect((await as(t, other, '203.0.113.21')('POST', url)).json()).toEqual({ id: target.id, helpful: 2 });
  });

  it('answers 404 for a product not in the store, with the product page’s body', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/products/99999' });
    expect(page.statusCode).toBe(404);
    const shopper = await buyer('Lost Shopper', []);
    for (const answer of [
      await t.app.inject({ method: 'GET', url: '/api/products/99999/reviews' }),
      await t.app.inject({ method: 'GET', url: '/api/products/99999/rating' }),
      await as(t, shopper)('GET', '/api/products/99999/reviews/mine'),
    ]) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toEqual(page.json());
    }
  });

  it('lets admins hide and restore a reported review with a reason, audited, and the rating follows', async () => {
    const [neha, arjun] = [await buyer('Neha Gupta', [monitor]), await buyer('Arjun Das', [])];
    const target = (
      await as(t, neha)(
        'POST',
        `/api/products/${monitor}/reviews`,
        review({ rating: 1, title: 'Buy elsewhere', text: 'Visit my shop instead' }),
      )
    ).json();
    const before = await summaryOf(monitor);
    await as(t, arjun)('POST', `/api/reviews/${target.id}/reports`, { reason: 'spam', details: 'An advert' });

    expect((await as(t, neha)('GET', '/api/admin/reviews')).statusCode).toBe(403);
    const queue = (await as(t, admin)('GET', '/api/admin/reviews')).json();
    expect(queue.items.find((item: { id: number }) => item.id === target.id)).toMatchObject({
      openReports: 1,
      status: 'visible',
      productName: 'Samsung 24 Monitor',
      reports: [{ reason: 'spam', details: 'An advert' }],
    });

    const short = await as(t, admin)('POST', `/api/admin/reviews/${target.id}/moderation`, { action: 'hide', reason: 'ad' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Please give a reason of at least 5 characters');
    const hidden = await as(t, admin)('POST', `/api/admin/reviews/${target.id}/moderation`, {
      action: 'hide',
      reason: 'Advertises another shop',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'hidden', hiddenReason: 'Advertises another shop', openReports: 0 });
    const after = await summaryOf(monitor);
    expect(after).toMatchObject({ count: before.count - 1, sum: before.sum - 1 });
    expect(starsOf(after)[1]).toBe(starsOf(before)[1]! - 1);
    expect(await recounted(monitor)).toEqual({ count: after.count, sum: after.sum });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/${monitor}/reviews` })).json().items.map((item: { id: number }) => item.id),
    ).not.toContain(target.id);
    expect((await as(t, admin)('GET', '/api/admin/reviews')).json().items.map((item: { id: number }) => item.id)).not.toContain(target.id);
    expect((await as(t, admin)('GET', '/api/admin/reviews?queue=hidden')).json().items.map((item: { id: number }) => item.id)).toContain(
      target.id,
    );
    // its author sees why; others can no longer vote for or report it
    expect((await as(t, neha)('GET', `/api/products/${monitor}/reviews/mine`)).json().review).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Advertises another shop',
    });
    expect((await as(t, arjun)('POST', `/api/reviews/${target.id}/helpful`)).statusCode).toBe(404);
    // an edit of a hidden review keeps it out of the rating
    await as(t, neha)('PUT', `/api/products/${monitor}/reviews/mine`, review({ rating: 2 }));
    expect(await summaryOf(monitor)).toEqual(after);
    expect(
      (await as(t, admin)('POST', `/api/admin/reviews/${target.id}/moderation`, { action: 'hide', reason: 'Advertises another shop' }))
        .statusCode,
    ).toBe(409);

    const restored = await as(t, admin)('POST', `/api/admin/reviews/${target.id}/moderation`, {
      action: 'restore',
      reason: 'The seller link was removed',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: 'visible', hiddenReason: null, rating: 2 });
    expect(await summaryOf(monitor)).toMatchObject({ count: after.count + 1, sum: after.sum + 2 });
    expect(await recounted(monitor)).toMatchObject({ count: after.count + 1 });

    const audit = (await as(t, admin)('GET', `/api/admin/audit?entityType=review&entityId=${target.id}`)).json();
    expect(audit.items.map((item: { action: string; reason: string }) => [item.action, item.reason])).toEqual([
      ['review.restore', 'The seller link was removed'],
      ['review.hide', 'Advertises another shop'],
    ]);
    expect(audit.items[0].actor.email).toBe('admin@reviews.in');

    // a reported review the moderators keep up leaves the queue
    await as(t, arjun)('POST', `/api/reviews/${target.id}/reports`, { reason: 'fake' }).then((r) => expect(r.statusCode).toBe(409));
    const other = await buyer('Sara Khan', []);
    await as(t, other)('POST', `/api/reviews/${target.id}/reports`, { reason: 'fake' });
    expect(
      (
        await as(t, admin)('POST', `/api/admin/reviews/${target.id}/moderation`, { action: 'dismiss', reason: 'Nothing wrong with it' })
      ).json(),
    ).toMatchObject({ status: 'visible', openReports: 0 });
    expect(
      (await as(t, admin)('POST', `/api/admin/reviews/${target.id}/moderation`, { action: 'dismiss', reason: 'Nothing wrong with it' }))
        .statusCode,
    ).toBe(409);
  });

  it('lets the seller a review’s product was bought from reply once, publicly; no other seller', async () => {
    const rohan = await buyer('Rohan Mehta', [laptop]);
    const written = (await as(t, rohan)('POST', `/api/products/${laptop}/reviews`, review({ rating: 4, title: 'Solid' }))).json();
    const mine = (await as(t, seller)('GET', '/api/vendor/reviews?unanswered=true')).json();
    expect(mine.items.map((item: { id: number }) => item.id)).toContain(written.id);
    expect(mine.items.find((item: { id: number }) => item.id === written.id)).toMatchObject({
      productName: 'Lenovo IdeaPad 5',
      reply: null,
    });
    expect((await as(t, rival)('GET', '/api/vendor/reviews')).json().items).toEqual([]);
    expect((await as(t, rohan)('GET', '/api/vendor/reviews')).statusCode).toBe(403);

    const blank = await as(t, seller)('POST', `/api/vendor/reviews/${written.id}/reply`, { text: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Please write the text of your reply');
    const theirs = await as(t, rival)('POST', `/api/vendor/reviews/${written.id}/reply`, { text: 'Buy from us instead' });
    expect(theirs.statusCode).toBe(404);
    const replied = await as(t, seller)('POST', `/api/vendor/reviews/${written.id}/reply`, { text: 'Thank you, Rohan!' });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().reply).toMatchObject({ text: 'Thank you, Rohan!', seller: 'Test Traders' });
    const twice = await as(t, seller)('POST', `/api/vendor/reviews/${written.id}/reply`, { text: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You have already replied to this review');
    const shown = (await t.app.inject({ method: 'GET', url: `/api/products/${laptop}/reviews?sort=newest` }))
      .json()
      .items.find((item: { id: number }) => item.id === written.id);
    expect(shown.reply).toMatchObject({ text: 'Thank you, Rohan!', seller: 'Test Traders' });
    expect(
      (await as(t, seller)('GET', '/api/vendor/reviews?unanswered=true')).json().items.map((item: { id: number }) => item.id),
    ).not.toContain(written.id);
  });

  it('keeps the rating right when many reviews are written at once, and serves it for many products', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, (_, i) => buyer(`Racer ${dialect} ${i}`, [monitor])));
    const before = await summaryOf(monitor);
    const answers = await Promise.all(
      shoppers.map((user, i) => as(t, user)('POST', `/api/products/${monitor}/reviews`, review({ rating: (i % 5) + 1 }))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const after = await summaryOf(monitor);
    expect(after.count).toBe(before.count + 8);
    expect(await recounted(monitor)).toEqual({ count: after.count, sum: after.sum });
    expect(after.distribution.reduce((total, row) => total + row.count, 0)).toBe(after.count);
    expect(after.average).toBe(Math.round((after.sum * 10) / after.count) / 10);

    const summaries = await t.services.reviews.ratingSummaries([laptop, monitor, 999_999]);
    expect(summaries.get(monitor)).toEqual(after);
    expect(summaries.get(999_999)).toEqual({
      productId: 999_999,
      count: 0,
      sum: 0,
      average: null,
      distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
    });
    expect(await t.services.reviews.ratingSummary(laptop)).toEqual(summaries.get(laptop));
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/products/{id}/rating', 'get'],
      ['/api/products/{id}/reviews', 'get'],
      ['/api/products/{id}/reviews', 'post'],
      ['/api/products/{id}/reviews/mine', 'get'],
      ['/api/products/{id}/reviews/mine', 'put'],
      ['/api/reviews/{id}/helpful', 'post'],
      ['/api/reviews/{id}/reports', 'post'],
      ['/api/admin/reviews', 'get'],
      ['/api/admin/reviews/{id}/moderation', 'post'],
      ['/api/vendor/reviews', 'get'],
      ['/api/vendor/reviews/{id}/reply', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    for (const path of ['/api/products/{id}/rating', '/api/products/{id}/reviews', '/api/products/{id}/reviews/mine']) {
      expect(Object.keys(document.paths[path].get.responses), path).toContain('404');
    }
    expect(Object.keys(document.paths['/api/reviews/{id}/helpful'].post.responses)).toContain('429');
    expect(document.paths['/api/products/{id}/reviews'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['sort', 'page', 'stars']),
    );
  });

  it('shows reviewers by first name and initial', () => {
    expect(shortName('Asha Rao')).toBe('Asha R.');
    expect(shortName('  priya  lakshmi nair ')).toBe('priya N.');
    expect(shortName('Dev')).toBe('Dev');
    expect(shortName('  ')).toBe('Customer');
  });
});
