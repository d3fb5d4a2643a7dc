import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Wishlist } from '#shared/schemas/wishlist.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { as, registerCustomer, signIn, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';
import * as reviews from '../reviews/reviews.repository.ts';

/** A merge of duplicate products takes what shoppers left on the duplicate with it: reviews, ratings, wishlist saves. */
describe.each(testDialects())('merging duplicate products, with their reviews and wishlists, on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let shoppers: TestUser[];
  let addresses = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true' });
    await t.services.authService.ensureAdmin({ email: 'merge@admin.in', password: 'admin-pass-123', name: 'Merge Admin' });
    admin = await signIn(t, { email: 'merge@admin.in', password: 'admin-pass-123' }, 'admin');
    shoppers = [];
    for (const name of ['asha', 'ravi', 'meena', 'kiran'])
      shoppers.push(await registerCustomer(t, `${name}@merge.in`, name, `10.38.0.${++addresses}`));
  });
  afterAll(() => t.close());

  /** A review as a delivered buyer writes it (the rating moves with it, as the service does), written at `at`. */
  async function review(
    user: TestUser,
    productId: number,
    vendorId: number,
    rating: number,
    at: string,
    status: 'visible' | 'hidden' = 'visible',
  ) {
    const id = await t.database.db.transaction().execute(async (tx) => {
      const created = await reviews.insertReview(tx, {
        productId,
        userId: user.uid,
        vendorId,
        productName: `Product ${productId}`,
        authorName: user.email.split('@')[0]!,
        rating,
        title: `${rating} stars`,
        text: 'Written for the merge.',
      });
      await tx.updateTable('reviews').set({ created_at: at, updated_at: at, status }).where('id', '=', created).execute();
      if (status === 'visible') await reviews.adjustRating(tx, productId, [{ rating, sign: 1 }]);
      return created;
    });
    return id;
  }
  const ratingRow = (productId: number) =>
    t.database.db.selectFrom('product_ratings').selectAll().where('product_id', '=', productId).executeTakeFirst();
  const reviewsOf = async (productId: number) =>
    (
      await t.database.db
        .selectFrom('reviews')
        .select(['id', 'user_id', 'rating'])
        .where('product_id', '=', productId)
        .orderBy('id')
        .execute()
    ).map((row) => [row.id, row.user_id, row.rating]);
  const wishlistOf = async (user: TestUser) =>
    (await as(t, user)('GET', '/api/wishlist')).json<Wishlist>().items.map((item) => [item.productId, item.savedPrice]);
  const auditOf = async (id: number) => (await as(t, admin)('GET', `/api/admin/audit?entityType=product&entityId=${id}`)).json().items;

  it('moves reviews, votes and ratings to the kept product (a customer who reviewed both keeps the newer, and the audit says which), and the wishlists with them', async () => {
    const [asha, ravi, meena, kiran] = shoppers as [TestUser, TestUser, TestUser, TestUser];
    const delhi = await createVendor(t.services, { name: 'Delhi Laptops' });
    const mumbai = await createVendor(t.services, { name: 'Mumbai Laptops' });
    const kept = (await createProduct(t.services, { vendorId: delhi.id, name: 'HP Pavilion 15', price: rupees(60_000) })).id;
    const duplicate = (await createProduct(t.services, { vendorId: mumbai.id, name: 'HP Pavilion 15 (2025)', price: rupees(58_000) })).id;
    await t.services.catalog.settled();

    // Kept: Asha 5★ (older), Ravi 3★. Duplicate: Asha 1★ (newer: it stays), Meena 4★, Kiran 2★ hidden, Ravi 4★ (older: it goes).
    const ashaOld = await review(asha, kept, delhi.id, 5, '2026-01-01T10:00:00.000Z');
    const raviKept = await review(ravi, kept, delhi.id, 3, '2026-03-01T10:00:00.000Z');
    const ashaNew = await review(asha, duplicate, mumbai.id, 1, '2026-02-01T10:00:00.000Z');
    const meenaDup = await review(meena, duplicate, mumbai.id, 4, '2026-02-02T10:00:00.000Z');
    const kiranHidden = await review(kiran, duplicate, mumbai.id, 2, '2026-02-03T10:00:00.000Z', 'hidden');
    const raviOld = await review(ravi, duplicate, mumbai.id, 4, '2026-01-15T10:00:00.000Z');
    // A vote and a report on reviews that go, and one on a review that moves.
    await reviews.addVote(t.database.db, ashaOld, meena.uid);
    await reviews.addReport(t.database.db, { reviewId: raviOld, userId: meena.uid, reason: 'spam', details: '' });
    await reviews.addVote(t.database.db, meenaDup, ravi.uid);

    // Wishlists: Asha saved both, Ravi the duplicate only.
    for (const [user, productId] of [
      [asha, kept],
      [asha, duplicate],
      [ravi, duplicate],
    ] as const)
      expect((await as(t, user)('PUT', `/api/wishlist/${productId}`)).statusCode).toBe(200);

    // A merge that fails (a seller of both) moves nothing: one transaction.
    const third = (await createProduct(t.services, { vendorId: delhi.id, name: 'HP Pavilion 15 again' })).id;
    await review(meena, third, delhi.id, 5, '2026-02-05T10:00:00.000Z');
    expect((await as(t, meena)('PUT', `/api/wishlist/${third}`)).statusCode).toBe(200);
    expect((await as(t, admin)('POST', `/api/admin/products/${third}/merge`, { into: kept })).statusCode).toBe(409);
    expect((await reviewsOf(third)).map(([, user]) => user)).toEqual([meena.uid]);
    expect((await wishlistOf(meena)).map(([id]) => id)).toEqual([third]);

    const merged = await as(t, admin)('POST', `/api/admin/products/${duplicate}/merge`, { into: kept, reason: 'Same model listed twice' });
    expect(merged.statusCode, merged.body).toBe(200);

    // Asha's newer review (from the duplicate) stays, her older one goes; Ravi's newer one (on the kept product) stays.
    expect(await reviewsOf(kept)).toEqual([
      [raviKept, ravi.uid, 3],
      [ashaNew, asha.uid, 1],
      [meenaDup, meena.uid, 4],
      [kiranHidden, kiran.uid, 2],
    ]);
    expect(await reviewsOf(duplicate)).toEqual([]);
    const gone = await t.database.db.selectFrom('review_votes').select('review_id').where('review_id', 'in', [ashaOld, raviOld]).execute();
    expect(gone).toEqual([]);
    expect(await t.database.db.selectFrom('review_reports').select('review_id').where('review_id', '=', raviOld).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('review_votes').select('user_id').where('review_id', '=', meenaDup).execute()).toEqual([
      { user_id: ravi.uid },
    ]);

    // The ratings: the kept product counts its visible reviews (3 + 1 + 4), the duplicate none.
    expect(await ratingRow(kept)).toMatchObject({
      rating_count: 3,
      rating_sum: 8,
      stars_1: 1,
      stars_3: 1,
      stars_4: 1,
      stars_5: 0,
      stars_2: 0,
    });
    expect(await ratingRow(duplicate)).toMatchObject({ rating_count: 0, rating_sum: 0 });
    await t.services.catalog.settled();
    expect((await t.app.inject({ url: `/api/products/${kept}` })).json().rating).toEqual({ average: 2.7, count: 3 });
    const page = await t.app.inject({ url: `/api/products/${kept}/reviews` });
    expect(page.json().total).toBe(3);

    // The audit says what moved and which reviews were dropped for which.
    const [entry] = await auditOf(kept);
    expect(entry).toMatchObject({
      action: 'product.merge',
      after: {
        mergedFrom: duplicate,
        reviews: {
          moved: 3,
          dropped: expect.arrayContaining([
            expect.objectContaining({ reviewId: ashaOld, keptReviewId: ashaNew, rating: 5 }),
            expect.objectContaining({ reviewId: raviOld, keptReviewId: raviKept, rating: 4 }),
          ]),
        },
        wishlists: { moved: 1, alreadySaved: 1 },
      },
    });

    // Wishlists: Asha keeps one save of the kept product (its own first price), Ravi's moved.
    expect(await wishlistOf(asha)).toEqual([[kept, rupees(60_000)]]);
    expect(await wishlistOf(ravi)).toEqual([[kept, rupees(58_000)]]);

    // Asha's own review, as she sees it on the kept product, is the one she wrote last.
    const mine = await as(t, asha)('GET', `/api/products/${kept}/reviews/mine`);
    expect(mine.json().review).toMatchObject({ id: ashaNew, rating: 1 });
  });
});
