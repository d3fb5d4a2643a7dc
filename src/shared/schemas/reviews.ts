import { z } from './zod-mini.ts';

/** Reviews as shoppers read and write them. zod/mini: the product page loads them with its reviews. */

export const REVIEW_PAGE_SIZE = 10;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 4000;
export const REVIEW_SORTS = ['helpful', 'newest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

const RATING_MESSAGE = 'Please choose a rating from 1 to 5 stars';

/** A review as its author writes it, and as an edit replaces it. */
export const ReviewInputSchema = z.strictObject({
  rating: z.number({ error: RATING_MESSAGE }).check(z.int(RATING_MESSAGE), z.minimum(1, RATING_MESSAGE), z.maximum(5, RATING_MESSAGE)),
  title: z
    .string({ error: 'Please give your review a title' })
    .check(
      z.trim(),
      z.minLength(1, 'Please give your review a title'),
      z.maxLength(REVIEW_TITLE_MAX, `The title can be at most ${REVIEW_TITLE_MAX} characters`),
    ),
  text: z
    .string({ error: 'Please write the text of your review' })
    .check(
      z.trim(),
      z.minLength(1, 'Please write the text of your review'),
      z.maxLength(REVIEW_TEXT_MAX, `The text can be at most ${REVIEW_TEXT_MAX} characters`),
    ),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/** Why a review is reported, and what the moderators read for each. */
export const REVIEW_REPORT_REASONS = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  off_topic: 'Not about this product',
  fake: 'Fake or misleading',
  personal: 'Shares personal information',
  other: 'Something else',
} as const;
export type ReviewReportReason = keyof typeof REVIEW_REPORT_REASONS;

export const ReviewReportInputSchema = z.strictObject({
  reason: z.enum(Object.keys(REVIEW_REPORT_REASONS) as [ReviewReportReason, ...ReviewReportReason[]], {
    error: 'Please choose a reason for reporting this review',
  }),
  details: z._default(z.string().check(z.trim(), z.maxLength(500, 'The details can be at most 500 characters')), ''),
});
export type ReviewReportInput = z.input<typeof ReviewReportInputSchema>;

export const ReviewReplySchema = z.object({
  text: z.string(),
  /** the shop's name */
  seller: z.string(),
  at: z.string(),
});

/** A visible review, as anyone reads it. Every review is a verified purchase: only buyers who received the product may write one. */
export const ReviewSchema = z.object({
  id: z.number().check(z.int()),
  productId: z.number().check(z.int()),
  rating: z.number().check(z.int()),
  title: z.string(),
  text: z.string(),
  /** "Asha R." */
  author: z.string(),
  verifiedPurchase: z.boolean(),
  helpful: z.number().check(z.int()),
  createdAt: z.string(),
  /** later than createdAt once edited */
  updatedAt: z.string(),
  reply: z.nullable(ReviewReplySchema),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewPageSchema = z.object({
  items: z.array(ReviewSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  sort: z.enum(REVIEW_SORTS),
  /** only reviews of this many stars, when asked */
  stars: z.nullable(z.number().check(z.int())),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** The author's own review: hidden ones too, with the moderators' reason. */
export const OwnReviewSchema = z.object({
  ...ReviewSchema.shape,
  status: z.enum(['visible', 'hidden']),
  /** why the moderators hid it */
  hiddenReason: z.nullable(z.string()),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/** The signed-in shopper's side of a product's reviews: whether they may review it and vote, their review, and what they voted for or reported. */
export const MyReviewSchema = z.object({
  canReview: z.boolean(),
  /** why not, when they may not */
  reason: z.nullable(z.string()),
  /** a buyer who may review (or edit their review) once their e-mail is verified */
  verifyEmailFirst: z.boolean(),
  /** whether they may vote this product's reviews helpful (never their own review) */
  canVote: z.boolean(),
  /** why not, when they may not: their e-mail is not verified, no order was delivered to them, or they sell the product */
  voteReason: z.nullable(z.string()),
  review: z.nullable(OwnReviewSchema),
  helpful: z.array(z.number().check(z.int())),
  reported: z.array(z.number().check(z.int())),
});
export type MyReview = z.infer<typeof MyReviewSchema>;

export const HelpfulVoteSchema = z.object({ id: z.number().check(z.int()), helpful: z.number().check(z.int()) });
