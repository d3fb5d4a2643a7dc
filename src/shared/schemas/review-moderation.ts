import { z } from 'zod';
import { pageFields, wholeNumber } from './paging.ts';
import { REVIEW_REPORT_REASONS, REVIEW_SORTS, type ReviewReportReason, ReviewSchema } from './reviews.ts';

/** A product's reviews, a page at a time (10), most helpful or newest first, optionally of one star count. */
export const ReviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: `sort must be one of: ${REVIEW_SORTS.join(', ')}` }).default('helpful'),
  page: wholeNumber('page', 1, 100_000).default(1),
  stars: wholeNumber('stars', 1, 5).optional(),
});

const reportReason = z.enum(Object.keys(REVIEW_REPORT_REASONS) as [ReviewReportReason, ...ReviewReportReason[]]);

/** A review as the moderators see it: whatever its state, with the reports against it. */
export const ModeratedReviewSchema = z.object({
  ...ReviewSchema.shape,
  productName: z.string(),
  status: z.enum(['visible', 'hidden']),
  hiddenReason: z.string().nullable(),
  /** reports since an admin last decided on it */
  openReports: z.number().int(),
  reports: z.array(z.object({ reason: reportReason, details: z.string(), createdAt: z.string() })),
});
export type ModeratedReview = z.infer<typeof ModeratedReviewSchema>;

export const REVIEW_QUEUES = ['reported', 'hidden'] as const;
export const ModerationQuerySchema = z.object({
  queue: z.enum(REVIEW_QUEUES, { error: 'queue must be reported or hidden' }).default('reported'),
  ...pageFields(20),
});
export const ModerationListSchema = z.object({
  items: z.array(ModeratedReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Hide a review, restore a hidden one, or keep a reported one up (its reports dismissed): each with a reason, for the audit log. */
export const ReviewModerationInputSchema = z.strictObject({
  action: z.enum(['hide', 'restore', 'dismiss'], { error: 'action must be hide, restore or dismiss' }),
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(5, 'Please give a reason of at least 5 characters')
    .max(500, 'The reason can be at most 500 characters'),
});
export type ReviewModerationInput = z.infer<typeof ReviewModerationInputSchema>;

/** A review of something the seller sold, on its dashboard. */
export const SellerReviewSchema = z.object({ ...ReviewSchema.shape, productName: z.string() });
export type SellerReview = z.infer<typeof SellerReviewSchema>;
export const SellerReviewQuerySchema = z.object({
  unanswered: z
    .enum(['true', 'false'], { error: 'unanswered must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  ...pageFields(20),
});
export const SellerReviewListSchema = z.object({
  items: z.array(SellerReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const REPLY_MAX = 2000;
export const ReviewReplyInputSchema = z.strictObject({
  text: z
    .string({ error: 'Please write the text of your reply' })
    .trim()
    .min(1, 'Please write the text of your reply')
    .max(REPLY_MAX, `The reply can be at most ${REPLY_MAX} characters`),
});
