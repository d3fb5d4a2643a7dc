import { PostgresAdapter, type Selectable, sql } from 'kysely';
import type { RatingSummary } from '#shared/schemas/rating-summary.ts';
import type { ReviewSort } from '#shared/schemas/reviews.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import type { ReviewsTable } from '#server/db/schema.ts';

export type ReviewRow = Selectable<ReviewsTable>;

const iso = (value: string | Date) => toIso(value);
const now = () => new Date().toISOString();

export interface NewReview {
  productId: number;
  userId: string;
  vendorId: number;
  productName: string;
  authorName: string;
  rating: number;
  title: string;
  text: string;
}

export async function insertReview(db: DbOrTx, review: NewReview): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('reviews')
    .values({
      product_id: review.productId,
      user_id: review.userId,
      vendor_id: review.vendorId,
      product_name: review.productName,
      author_name: review.authorName,
      rating: review.rating,
      title: review.title,
      body: review.text,
      hidden_reason: null,
      reply: null,
      reply_author: null,
      replied_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findReview(db: DbOrTx, id: number): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The review, its row locked until the transaction ends on PostgreSQL (SQLite runs one write
 * transaction at a time): a hide and an edit of one review never both read it as it was.
 */
export async function lockReview(db: DbOrTx, id: number): Promise<ReviewRow | undefined> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`SELECT id FROM reviews WHERE id = ${id} FOR UPDATE`.execute(db);
  return findReview(db, id);
}

export async function findReviewBy(db: DbOrTx, productId: number, userId: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('product_id', '=', productId).where('user_id', '=', userId).executeTakeFirst();
}

export async function replaceContent(
  db: DbOrTx,
  id: number,
  content: { rating: number; title: string; text: string; authorName: string },
): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ rating: content.rating, title: content.title, body: content.text, author_name: content.authorName, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** A page of a product's visible reviews, and how many there are. */
export async function listVisible(
  db: DbOrTx,
  productId: number,
  query: { sort: ReviewSort; page: number; pageSize: number; stars?: number },
) {
  let base = db.selectFrom('reviews').where('product_id', '=', productId).where('status', '=', 'visible');
  if (query.stars !== undefined) base = base.where('rating', '=', query.stars);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (query.sort === 'helpful' ? base.selectAll().orderBy('helpful_count', 'desc') : base.selectAll())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return { total: Number(total.n), rows };
}

/** One helpful vote per user and review: false when the user had voted already. */
export async function addVote(db: DbOrTx, reviewId: number, userId: string): Promise<boolean> {
  const inserted = await db
    .insertInto('review_votes')
    .values({ review_id: reviewId, user_id: userId, created_at: now() })
    .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await db
    .updateTable('reviews')
    .set({ helpful_count: sql`helpful_count + 1` })
    .where('id', '=', reviewId)
    .execute();
  return true;
}

/** The reviews of a product the user voted helpful, and those they reported. */
export async function userMarks(db: DbOrTx, productId: number, userId: string): Promise<{ helpful: number[]; reported: number[] }> {
  const [votes, reports] = await Promise.all([
    db
      .selectFrom('review_votes')
      .innerJoin('reviews', 'reviews.id', 'review_votes.review_id')
      .select('reviews.id')
      .where('reviews.product_id', '=', productId)
      .where('review_votes.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('review_reports')
      .innerJoin('reviews', 'reviews.id', 'review_reports.review_id')
      .select('reviews.id')
      .where('reviews.product_id', '=', productId)
      .where('review_reports.user_id', '=', userId)
      .execute(),
  ]);
  return { helpful: votes.map((row) => row.id), reported: reports.map((row) => row.id) };
}

/** One report per user and review: false when the user had reported it already. The review waits for the moderators. */
export async function addReport(
  db: DbOrTx,
  report: { reviewId: number; userId: string; reason: string; details: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('review_reports')
    .values({ review_id: report.reviewId, user_id: report.userId, reason: report.reason, details: report.details, created_at: now() })
    .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await db
    .updateTable('reviews')
    .set({ report_count: sql`report_count + 1`, open_reports: sql`open_reports + 1` })
    .where('id', '=', report.reviewId)
    .execute();
  return true;
}

/** Hides or restores a review, or keeps it as it is; either way its open reports are decided. */
export async function setModeration(db: DbOrTx, id: number, status: 'visible' | 'hidden', hiddenReason: string | null): Promise<void> {
  await db.updateTable('reviews').set({ status, hidden_reason: hiddenReason, open_reports: 0 }).where('id', '=', id).execute();
}

/** Reviews waiting for the moderators (reported since last decided on), or those hidden; most reported, then newest first. */
export async function moderationQueue(db: DbOrTx, query: { queue: 'reported' | 'hidden'; page: number; pageSize: number }) {
  const base =
    query.queue === 'reported'
      ? db.selectFrom('reviews').where('open_reports', '>', 0)
      : db.selectFrom('reviews').where('status', '=', 'hidden');
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (query.queue === 'reported' ? base.selectAll().orderBy('open_reports', 'desc') : base.selectAll())
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return { total: Number(total.n), rows };
}

export async function reportsOf(db: DbOrTx, reviewIds: readonly number[]) {
  if (reviewIds.length === 0) return [];
  const rows = await db
    .selectFrom('review_reports')
    .select(['review_id', 'reason', 'details', 'created_at'])
    .where('review_id', 'in', [...reviewIds])
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ reviewId: row.review_id, reason: row.reason, details: row.details, createdAt: iso(row.created_at) }));
}

/** A seller's visible reviews (of what was bought from it), newest first; optionally those it has not answered. */
export async function sellerReviews(db: DbOrTx, vendorId: number, query: { unanswered?: boolean; page: number; pageSize: number }) {
  let base = db.selectFrom('reviews').where('vendor_id', '=', vendorId).where('status', '=', 'visible');
  if (query.unanswered) base = base.where('reply', 'is', null);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return { total: Number(total.n), rows };
}

/** The seller's one reply: false when it has replied already (or the review is not its own, or hidden). */
export async function setReply(db: DbOrTx, id: number, vendorId: number, reply: { text: string; author: string }): Promise<boolean> {
  const result = await db
    .updateTable('reviews')
    .set({ reply: reply.text, reply_author: reply.author, replied_at: now() })
    .where('id', '=', id)
    .where('vendor_id', '=', vendorId)
    .where('status', '=', 'visible')
    .where('reply', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A change to a product's rating: reviews counted in (+1) or out (−1), each with its stars. */
export type RatingChange = ReadonlyArray<{ rating: number; sign: 1 | -1 }>;

/**
 * Moves a product's rating by the change, in the caller's transaction, by adding deltas in one
 * statement: two reviews of a product written at once both count (the row's lock orders them).
 * An update when the product has a rating; an insert for its first review (an upsert, should
 * another first review come at once). A negative change always finds the row: it takes away what
 * was counted in.
 */
export async function adjustRating(db: DbOrTx, productId: number, change: RatingChange): Promise<void> {
  const delta = { rating_count: 0, rating_sum: 0, stars_1: 0, stars_2: 0, stars_3: 0, stars_4: 0, stars_5: 0 };
  for (const { rating, sign } of change) {
    delta[`stars_${rating}` as `stars_${1 | 2 | 3 | 4 | 5}`] += sign;
    delta.rating_count += sign;
    delta.rating_sum += sign * rating;
  }
  const columns = Object.keys(delta) as Array<keyof typeof delta>;
  if (columns.every((column) => delta[column] === 0)) return;
  const updated = await db
    .updateTable('product_ratings')
    .set(Object.fromEntries(columns.map((column) => [column, sql<number>`${sql.ref(column)} + ${delta[column]}`])))
    .set({ updated_at: now() })
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1) return;
  await db
    .insertInto('product_ratings')
    .values({ product_id: productId, ...delta, updated_at: now() })
    .onConflict((oc) =>
      oc.column('product_id').doUpdateSet({
        ...Object.fromEntries(
          columns.map((column) => [column, sql<number>`${sql.ref(`product_ratings.${column}`)} + ${sql.ref(`excluded.${column}`)}`]),
        ),
        updated_at: (eb) => eb.ref('excluded.updated_at'),
      }),
    )
    .execute();
}

const BATCH = 500;

/** The products' ratings; a product without visible reviews has a summary of none. */
export async function ratingSummaries(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, RatingSummary>> {
  const unique = [...new Set(productIds)];
  const found = new Map<number, RatingSummary>();
  for (let start = 0; start < unique.length; start += BATCH) {
    const rows = await db
      .selectFrom('product_ratings')
      .selectAll()
      .where('product_id', 'in', unique.slice(start, start + BATCH))
      .execute();
    for (const row of rows) {
      const counts = [row.stars_5, row.stars_4, row.stars_3, row.stars_2, row.stars_1].map(Number);
      found.set(row.product_id, summary(row.product_id, Number(row.rating_count), Number(row.rating_sum), counts));
    }
  }
  return new Map(unique.map((id) => [id, found.get(id) ?? summary(id, 0, 0, [0, 0, 0, 0, 0])]));
}

/** `counts`: of 5 stars first, down to 1. */
function summary(productId: number, count: number, sum: number, counts: number[]): RatingSummary {
  return {
    productId,
    count,
    sum,
    average: count === 0 ? null : Math.round((sum * 10) / count) / 10,
    distribution: counts.map((n, index) => ({ stars: 5 - index, count: n })),
  };
}

/** Every review the user wrote, newest first: their copy of their data. */
export async function reviewsByUser(db: DbOrTx, userId: string) {
  const rows = await db
    .selectFrom('reviews')
    .select([
      'id',
      'product_id',
      'product_name',
      'author_name',
      'rating',
      'title',
      'body',
      'status',
      'reply',
      'reply_author',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    authorName: row.author_name,
    rating: row.rating,
    title: row.title,
    text: row.body,
    status: row.status,
    sellerReply: row.reply === null ? null : { text: row.reply, author: row.reply_author },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }));
}

/** The user's reviews stay (their stars and words count for the product) under a name that is no one's. */
export async function anonymiseAuthor(db: DbOrTx, userId: string, name: string): Promise<void> {
  await db.updateTable('reviews').set({ author_name: name }).where('user_id', '=', userId).execute();
}

/** A product's reviews, locked until the transaction ends on PostgreSQL (SQLite runs one write transaction at a time). */
export async function lockReviewsOf(db: DbOrTx, productId: number): Promise<ReviewRow[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`SELECT id FROM reviews WHERE product_id = ${productId} ORDER BY id FOR UPDATE`.execute(db);
  return db.selectFrom('reviews').selectAll().where('product_id', '=', productId).orderBy('id').execute();
}

/** Deletes a review with its votes and reports. */
export async function deleteReview(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('review_votes').where('review_id', '=', id).execute();
  await db.deleteFrom('review_reports').where('review_id', '=', id).execute();
  await db.deleteFrom('reviews').where('id', '=', id).execute();
}

/** Every review of one product becomes a review of another (a merge of duplicates). */
export async function moveReviews(db: DbOrTx, from: number, into: number): Promise<void> {
  await db.updateTable('reviews').set({ product_id: into }).where('product_id', '=', from).execute();
}
