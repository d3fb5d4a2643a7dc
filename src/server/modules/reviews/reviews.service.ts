import { AppError } from '#shared/errors.ts';
import type { RatingSummary } from '#shared/schemas/rating-summary.ts';
import type { ModeratedReview, ReviewModerationInput, SellerReview } from '#shared/schemas/review-moderation.ts';
import {
  type MyReview,
  REVIEW_PAGE_SIZE,
  type Review,
  type ReviewInput,
  type ReviewPage,
  type ReviewReportInput,
  type ReviewReportReason,
  type ReviewSort,
} from '#shared/schemas/reviews.ts';
import { type Db, type DbOrTx, toIso } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import type { ProductMergeFollower } from '#server/modules/admin/admin-products.service.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { PersonalDataHolder } from '#server/modules/privacy/privacy.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import * as repository from './reviews.repository.ts';

/** Who is asking: the signed-in caller. */
export interface Reviewer {
  id: string;
  name: string;
  emailVerified?: boolean;
}

export const VERIFY_EMAIL_TO_REVIEW = 'Verify your e-mail to review';

export interface Moderator {
  id: string;
  email: string;
}

interface Deps {
  db: Db;
  /** a product's reviews are there while it is: the product page's 404 otherwise */
  catalog: Pick<CatalogService, 'get' | 'offersOf'>;
  orders: Pick<OrdersService, 'latestDeliveredLine' | 'hasDeliveredLine'>;
  vendors: Pick<VendorsService, 'findByUserId'>;
  /** its audit log, written in the moderation's transaction */
  audit: Pick<AuditService, 'record'>;
}

/** The tables whose writes change what product pages show. */
export const REVIEW_TABLES: readonly string[] = ['reviews', 'product_ratings'];

export const NOT_A_BUYER = 'Only customers who have received this product can review it';

/** Why a shopper may not vote reviews helpful: one real shopper, one vote, and no one voting for their own product or words. */
export const VOTE_REFUSALS = {
  ownReview: 'You cannot vote for your own review',
  seller: 'Sellers of this product cannot vote on its reviews',
  verifyEmail: 'Verify your e-mail to vote on reviews',
  noStanding: 'Only shoppers who have received an order can vote on reviews',
} as const;

/** "Asha Rao" → "Asha R.": a reviewer's first name and initial, as the store shows them. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Customer';
  if (words.length === 1) return words[0]!;
  return `${words[0]} ${words.at(-1)![0]!.toUpperCase()}.`;
}

function toReview(row: repository.ReviewRow): Review {
  return {
    id: row.id,
    productId: row.product_id,
    rating: row.rating,
    title: row.title,
    text: row.body,
    author: row.author_name,
    verifiedPurchase: true,
    helpful: Number(row.helpful_count),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    reply: row.reply === null ? null : { text: row.reply, seller: row.reply_author ?? '', at: toIso(row.replied_at ?? row.updated_at) },
  };
}

const withStatus = (row: repository.ReviewRow) => ({ ...toReview(row), status: row.status, hiddenReason: row.hidden_reason });

/**
 * Ratings and reviews. A customer reviews a product once they have had it delivered (one review
 * per product, replaced by an edit); shoppers vote reviews helpful and report them, once each; the
 * seller it was bought from replies once; admins hide or restore reviews, audited.
 *
 * Every write that changes which reviews count, or their stars, moves the product's rating
 * (`product_ratings`) in its own transaction, with the review row locked: a crash leaves both
 * written or neither, and the rating always equals what the visible reviews add up to.
 */
export function createReviewsService({ db, catalog, orders, vendors, audit }: Deps) {
  async function visibleReview(id: number, tx: DbOrTx = db): Promise<repository.ReviewRow> {
    const row = await repository.findReview(tx, id);
    if (!row || row.status !== 'visible') throw new AppError('NOT_FOUND', 'Review not found');
    return row;
  }

  async function moderated(rows: repository.ReviewRow[], tx: DbOrTx = db): Promise<ModeratedReview[]> {
    const reports = await repository.reportsOf(
      tx,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      ...withStatus(row),
      productName: row.product_name,
      openReports: Number(row.open_reports),
      reports: reports
        .filter((report) => report.reviewId === row.id)
        .map(({ reason, details, createdAt }) => ({ reason: reason as ReviewReportReason, details, createdAt })),
    }));
  }

  /** 404, with the product page's body, when the product is not in the store. */
  async function onSale(productId: number): Promise<void> {
    await catalog.get(productId);
  }

  /**
   * Why the caller may not vote on the product's reviews, or null: a seller of it (any shop with an
   * offer of it) never; anyone else once their e-mail is verified and an order was delivered to them.
   */
  async function voteRefusal(user: Reviewer, productId: number): Promise<string | null> {
    const shop = await vendors.findByUserId(user.id);
    // Every offer counts, on sale or not: the buy box's seller, the one that listed it, any other.
    if (shop && (await catalog.offersOf(productId)).some((offer) => offer.vendor_id === shop.id)) return VOTE_REFUSALS.seller;
    if (user.emailVerified !== true) return VOTE_REFUSALS.verifyEmail;
    if (!(await orders.hasDeliveredLine(user.id))) return VOTE_REFUSALS.noStanding;
    return null;
  }

  async function shopOf(userId: string) {
    const shop = await vendors.findByUserId(userId);
    if (!shop) throw new AppError('NOT_FOUND', 'No shop belongs to this account');
    return shop;
  }

  return {
    /** A product's rating over its visible reviews. */
    ratingSummary: async (productId: number, tx: DbOrTx = db): Promise<RatingSummary> =>
      (await repository.ratingSummaries(tx, [productId])).get(productId)!,

    /** A product's rating as the storefront asks for it: 404 when the product is not in the store. */
    async productRating(productId: number): Promise<RatingSummary> {
      await onSale(productId);
      return (await repository.ratingSummaries(db, [productId])).get(productId)!;
    },

    /** Several products' ratings at once (for listings): every id asked for has one, of none when it has no reviews. */
    ratingSummaries: (productIds: readonly number[], tx: DbOrTx = db): Promise<Map<number, RatingSummary>> =>
      repository.ratingSummaries(tx, productIds),

    async list(productId: number, query: { sort: ReviewSort; page: number; stars?: number }): Promise<ReviewPage> {
      await onSale(productId);
      const { rows, total } = await repository.listVisible(db, productId, { ...query, pageSize: REVIEW_PAGE_SIZE });
      return {
        items: rows.map(toReview),
        total,
        page: query.page,
        pageSize: REVIEW_PAGE_SIZE,
        sort: query.sort,
        stars: query.stars ?? null,
      };
    },

    /** The caller's side of a product's reviews: may they write one and vote, theirs, and what they voted for and reported. */
    async mine(user: Reviewer, productId: number): Promise<MyReview> {
      await onSale(productId);
      const [own, line, marks, voteReason] = await Promise.all([
        repository.findReviewBy(db, productId, user.id),
        orders.latestDeliveredLine(user.id, productId),
        repository.userMarks(db, productId, user.id),
        voteRefusal(user, productId),
      ]);
      // A buyer whose e-mail is not verified is told so now, not by a refused review (403).
      const verifyEmailFirst = user.emailVerified === false && (own !== undefined || line !== undefined);
      const reason = own
        ? 'You have reviewed this product: you can edit your review'
        : !line
          ? NOT_A_BUYER
          : verifyEmailFirst
            ? VERIFY_EMAIL_TO_REVIEW
            : null;
      return {
        canReview: reason === null,
        reason,
        verifyEmailFirst,
        canVote: voteReason === null,
        voteReason,
        review: own ? withStatus(own) : null,
        ...marks,
      };
    },

    /** A buyer's review of a product delivered to them: 403 for anyone else, 409 for a second one. */
    async create(user: Reviewer, productId: number, input: ReviewInput) {
      const line = await orders.latestDeliveredLine(user.id, productId);
      if (!line) throw new AppError('FORBIDDEN', NOT_A_BUYER);
      if (await repository.findReviewBy(db, productId, user.id))
        throw new AppError('CONFLICT', 'You have already reviewed this product: edit your review instead');
      try {
        const id = await db.transaction().execute(async (tx) => {
          const created = await repository.insertReview(tx, {
            productId,
            userId: user.id,
            vendorId: line.vendorId,
            productName: line.name,
            authorName: shortName(user.name),
            ...input,
          });
          await repository.adjustRating(tx, productId, [{ rating: input.rating, sign: 1 }]);
          return created;
        });
        return withStatus((await repository.findReview(db, id))!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You have already reviewed this product: edit your review instead');
        throw error;
      }
    },

    /** Replaces the caller's review of the product (404 if they have none); the rating moves with its stars while it is visible. */
    async update(user: Reviewer, productId: number, input: ReviewInput) {
      const id = await db.transaction().execute(async (tx) => {
        const found = await repository.findReviewBy(tx, productId, user.id);
        if (!found) throw new AppError('NOT_FOUND', 'You have not reviewed this product yet');
        const own = (await repository.lockReview(tx, found.id))!;
        await repository.replaceContent(tx, own.id, { ...input, authorName: shortName(user.name) });
        if (own.status === 'visible' && own.rating !== input.rating) {
          await repository.adjustRating(tx, productId, [
            { rating: own.rating, sign: -1 },
            { rating: input.rating, sign: 1 },
          ]);
        }
        return own.id;
      });
      return withStatus((await repository.findReview(db, id))!);
    },

    /**
     * One helpful vote per shopper with standing (a verified e-mail and a delivered order): a second
     * one changes nothing. 403 on one's own review and for the product's sellers.
     */
    async voteHelpful(user: Reviewer, reviewId: number): Promise<{ id: number; helpful: number }> {
      const found = await visibleReview(reviewId);
      if (found.user_id === user.id) throw new AppError('FORBIDDEN', VOTE_REFUSALS.ownReview);
      const refusal = await voteRefusal(user, found.product_id);
      if (refusal) throw new AppError(refusal === VOTE_REFUSALS.verifyEmail ? 'EMAIL_NOT_VERIFIED' : 'FORBIDDEN', refusal);
      return db.transaction().execute(async (tx) => {
        await visibleReview(reviewId, tx);
        await repository.addVote(tx, reviewId, user.id);
        return { id: reviewId, helpful: Number((await repository.findReview(tx, reviewId))!.helpful_count) };
      });
    },

    /** Reports a review to the moderators, once per user (409 after). */
    async report(user: Reviewer, reviewId: number, input: ReviewReportInput): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const review = await visibleReview(reviewId, tx);
        if (review.user_id === user.id) throw new AppError('FORBIDDEN', 'You cannot report your own review');
        if (!(await repository.addReport(tx, { reviewId, userId: user.id, reason: input.reason, details: input.details ?? '' }))) {
          throw new AppError('CONFLICT', 'You have already reported this review');
        }
      });
    },

    async moderationQueue(query: { queue: 'reported' | 'hidden'; page: number; pageSize: number }) {
      const { rows, total } = await repository.moderationQueue(db, query);
      return { items: await moderated(rows), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Hides a review (it leaves the lists and the rating), restores a hidden one, or keeps a
     * reported one up; its open reports are decided either way. Audited in the same transaction.
     */
    async moderate(actor: Moderator, reviewId: number, { action, reason }: ReviewModerationInput): Promise<ModeratedReview> {
      return db.transaction().execute(async (tx) => {
        const review = await repository.lockReview(tx, reviewId);
        if (!review) throw new AppError('NOT_FOUND', 'Review not found');
        if (action === 'hide' && review.status === 'hidden') throw new AppError('CONFLICT', 'This review is already hidden');
        if (action === 'restore' && review.status === 'visible') throw new AppError('CONFLICT', 'This review is not hidden');
        if (action === 'dismiss' && (review.status === 'hidden' || Number(review.open_reports) === 0))
          throw new AppError('CONFLICT', 'This review has no open reports to dismiss');
        const status = action === 'hide' ? 'hidden' : 'visible';
        const hiddenReason = status === 'hidden' ? reason : null;
        await repository.setModeration(tx, reviewId, status, hiddenReason);
        if (status !== review.status)
          await repository.adjustRating(tx, review.product_id, [{ rating: review.rating, sign: status === 'hidden' ? -1 : 1 }]);
        await audit.record(
          {
            actor,
            action: `review.${action}`,
            entityType: 'review',
            entityId: String(reviewId),
            before: { status: review.status, openReports: Number(review.open_reports) },
            after: { status, productId: review.product_id },
            reason,
          },
          tx,
        );
        return (await moderated([(await repository.findReview(tx, reviewId))!], tx))[0]!;
      });
    },

    /** The seller's visible reviews (of what shoppers bought from it), newest first. */
    async sellerReviews(userId: string, query: { unanswered?: boolean; page: number; pageSize: number }) {
      const shop = await shopOf(userId);
      const { rows, total } = await repository.sellerReviews(db, shop.id, query);
      return {
        items: rows.map((row): SellerReview => ({ ...toReview(row), productName: row.product_name })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The seller's one public reply under a review of what it sold: 404 for another seller's, 409 for a second reply. */
    async reply(userId: string, reviewId: number, text: string): Promise<SellerReview> {
      const shop = await shopOf(userId);
      const review = await repository.findReview(db, reviewId);
      if (!review || review.vendor_id !== shop.id || review.status !== 'visible') throw new AppError('NOT_FOUND', 'Review not found');
      if (!(await repository.setReply(db, reviewId, shop.id, { text, author: shop.name })))
        throw new AppError('CONFLICT', 'You have already replied to this review');
      const row = (await repository.findReview(db, reviewId))!;
      return { ...toReview(row), productName: row.product_name };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

/** The name a deleted account's reviews are shown under. */
export const FORMER_CUSTOMER = 'Former customer';

/**
 * The user's reviews in "Download my data"; when the account is deleted they stay, with their
 * stars, title and text (the product's rating and other shoppers rely on them), under
 * "Former customer". Needs only the database, so privacy can hold it before the reviews service exists.
 */
export function reviewsPersonalData(db: Db): PersonalDataHolder {
  return {
    section: 'reviews',
    exportFor: (userId) => repository.reviewsByUser(db, userId),
    eraseFor: (userId, tx) => repository.anonymiseAuthor(tx, userId, FORMER_CUSTOMER),
  };
}

/** The later written of two reviews (its last edit), the higher id when written at once. */
const newer = (a: repository.ReviewRow, b: repository.ReviewRow) => {
  const [at, bt] = [toIso(a.updated_at), toIso(b.updated_at)];
  return at === bt ? (a.id > b.id ? a : b) : at > bt ? a : b;
};

/**
 * A merge of duplicate products, in its transaction: the duplicate's reviews (their votes,
 * reports and replies) move to the kept product, and the ratings of both with them. One review
 * per customer and product still holds: a customer who reviewed both keeps the newer review, and
 * the other is deleted; the answer says which, for the audit.
 */
export const reviewsProductMerge: ProductMergeFollower = {
  section: 'reviews',
  async moveProduct(tx, from, into) {
    // Both products' reviews locked, lower id first as every merge takes them.
    const [first, second] = from < into ? [from, into] : [into, from];
    const locked = new Map([
      [first, await repository.lockReviewsOf(tx, first)],
      [second, await repository.lockReviewsOf(tx, second)],
    ]);
    const kept = new Map(locked.get(into)!.map((review) => [review.user_id, review]));
    const fromChange: Array<{ rating: number; sign: 1 | -1 }> = [];
    const intoChange: Array<{ rating: number; sign: 1 | -1 }> = [];
    const dropped: Array<{ reviewId: number; author: string; rating: number; keptReviewId: number }> = [];
    let moved = 0;
    for (const review of locked.get(from)!) {
      const other = kept.get(review.user_id);
      const drop = other && (newer(review, other) === other ? review : other);
      if (drop && other) {
        await repository.deleteReview(tx, drop.id);
        dropped.push({
          reviewId: drop.id,
          author: drop.author_name,
          rating: drop.rating,
          keptReviewId: drop === review ? other.id : review.id,
        });
        if (drop.status === 'visible') (drop === review ? fromChange : intoChange).push({ rating: drop.rating, sign: -1 });
        if (drop === review) continue;
      }
      moved++;
      if (review.status === 'visible') {
        fromChange.push({ rating: review.rating, sign: -1 });
        intoChange.push({ rating: review.rating, sign: 1 });
      }
    }
    await repository.moveReviews(tx, from, into);
    await repository.adjustRating(tx, from, fromChange);
    await repository.adjustRating(tx, into, intoChange);
    return { moved, dropped };
  },
};
