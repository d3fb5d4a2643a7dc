import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductIdParamSchema } from '#shared/schemas/catalog.ts';
import { RatingSummarySchema } from '#shared/schemas/rating-summary.ts';
import {
  ModeratedReviewSchema,
  ModerationListSchema,
  ModerationQuerySchema,
  ReviewListQuerySchema,
  ReviewModerationInputSchema,
  ReviewReplyInputSchema,
  SellerReviewListSchema,
  SellerReviewQuerySchema,
  SellerReviewSchema,
} from '#shared/schemas/review-moderation.ts';
import {
  HelpfulVoteSchema,
  MyReviewSchema,
  OwnReviewSchema,
  ReviewInputSchema,
  ReviewPageSchema,
  ReviewReportInputSchema,
} from '#shared/schemas/reviews.ts';
import { requireRole, requireSignedIn, requireUser, requireVerifiedEmail } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { ReviewsService } from './reviews.service.ts';
import { VOTES_PER_ACCOUNT, VOTES_PER_ADDRESS, voteLimits } from './vote-limits.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const productParams = z.object({ id: ProductIdParamSchema });
const reviewParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'id must be a positive whole number')
    .transform(Number),
});

/**
 * Ratings and reviews: anyone reads a product's reviews and rating (404 for a product not in the
 * store, as its page); a customer who received the product writes (and edits) one; shoppers with
 * standing vote reviews helpful (rate-limited) and signed-in ones report them; the seller replies
 * under its own; admins moderate the reported ones (audited).
 */
export function reviewsRoutes({ reviews }: { reviews: ReviewsService }): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { preValidation: requireSignedIn };
    /** Writing a review needs a verified e-mail (403 EMAIL_NOT_VERIFIED): one real shopper, one voice. */
    const verified = { preValidation: requireVerifiedEmail };
    const reviewer = (request: Parameters<typeof requireUser>[0]) => {
      const user = requireUser(request);
      return { id: user.id, name: user.name, emailVerified: user.emailVerified };
    };

    app.get(
      '/products/:id/rating',
      {
        schema: {
          tags: ['reviews'],
          summary:
            'A product’s rating: average (one decimal), count and reviews per star, over its visible reviews (404 for a product not in the store)',
          params: productParams,
          response: { 200: RatingSummarySchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      (request) => reviews.productRating(request.params.id),
    );

    app.get(
      '/products/:id/reviews',
      {
        schema: {
          tags: ['reviews'],
          summary:
            'A product’s visible reviews, 10 a page, most helpful (`sort=helpful`, the default) or newest first, optionally of one star count (`stars`); 404 for a product not in the store',
          params: productParams,
          querystring: ReviewListQuerySchema,
          response: { 200: ReviewPageSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      (request) => reviews.list(request.params.id, request.query),
    );

    app.get(
      '/products/:id/reviews/mine',
      {
        ...signedIn,
        schema: {
          tags: ['reviews'],
          summary:
            'My side of a product’s reviews: whether I may review it and vote (and why not), my review, and the reviews I voted for or reported (404 for a product not in the store)',
          params: productParams,
          response: { 200: MyReviewSchema, ...errors },
        },
      },
      (request) => reviews.mine(reviewer(request), request.params.id),
    );

    app.post(
      '/products/:id/reviews',
      {
        ...verified,
        schema: {
          tags: ['reviews'],
          summary:
            'Review a product delivered to me: 1–5 stars, a title and text. 403 if it was never delivered to me or my e-mail is not verified (EMAIL_NOT_VERIFIED), 409 if I reviewed it already',
          params: productParams,
          body: ReviewInputSchema,
          response: { 201: OwnReviewSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await reviews.create(reviewer(request), request.params.id, request.body)),
    );

    app.put(
      '/products/:id/reviews/mine',
      {
        ...verified,
        schema: {
          tags: ['reviews'],
          summary: 'Replace my review of a product (404 if I have none)',
          params: productParams,
          body: ReviewInputSchema,
          response: { 200: OwnReviewSchema, ...errors },
        },
      },
      (request) => reviews.update(reviewer(request), request.params.id, request.body),
    );

    app.post(
      '/reviews/:id/helpful',
      {
        ...signedIn,
        preHandler: voteLimits(app),
        schema: {
          tags: ['reviews'],
          summary: `Vote a review helpful, once (a second vote changes nothing). 403 on my own review, for the product’s sellers, or without a verified e-mail (EMAIL_NOT_VERIFIED) and a delivered order; 429 past ${VOTES_PER_ACCOUNT} votes an hour per account or ${VOTES_PER_ADDRESS} per network address`,
          params: reviewParams,
          response: { 200: HelpfulVoteSchema, ...errors, 429: ErrorResponseSchema },
        },
      },
      (request) => reviews.voteHelpful(reviewer(request), request.params.id),
    );

    app.post(
      '/reviews/:id/reports',
      {
        ...signedIn,
        schema: {
          tags: ['reviews'],
          summary: 'Report a review to the moderators with a reason, once (409 after)',
          params: reviewParams,
          body: ReviewReportInputSchema,
          response: { 201: z.object({ reported: z.literal(true) }), ...errors },
        },
      },
      async (request, reply) => {
        await reviews.report(reviewer(request), request.params.id, request.body);
        return reply.status(201).send({ reported: true as const });
      },
    );

    const asAdmin = { preValidation: requireRole('admin') };
    app.get(
      '/admin/reviews',
      {
        ...asAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Reviews to moderate: reported since last decided on (`queue=reported`), or hidden',
          querystring: ModerationQuerySchema,
          response: { 200: ModerationListSchema, ...errors },
        },
      },
      (request) => reviews.moderationQueue(request.query),
    );

    app.post(
      '/admin/reviews/:id/moderation',
      {
        ...asAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Hide a review, restore a hidden one, or keep a reported one up (`dismiss`), with a reason; audited',
          params: reviewParams,
          body: ReviewModerationInputSchema,
          response: { 200: ModeratedReviewSchema, ...errors },
        },
      },
      (request) => {
        const user = requireUser(request);
        return reviews.moderate({ id: user.id, email: user.email }, request.params.id, request.body);
      },
    );

    const asVendor = { preValidation: requireRole('vendor') };
    app.get(
      '/vendor/reviews',
      {
        ...asVendor,
        schema: {
          tags: ['vendor'],
          summary: 'Reviews of what shoppers bought from my shop, newest first (`unanswered=true`: those I have not replied to)',
          querystring: SellerReviewQuerySchema,
          response: { 200: SellerReviewListSchema, ...errors },
        },
      },
      (request) => reviews.sellerReviews(requireUser(request).id, request.query),
    );

    app.post(
      '/vendor/reviews/:id/reply',
      {
        ...asVendor,
        schema: {
          tags: ['vendor'],
          summary: 'Reply publicly, once, to a review of something my shop sold (404 for another shop’s, 409 for a second reply)',
          params: reviewParams,
          body: ReviewReplyInputSchema,
          response: { 201: SellerReviewSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await reviews.reply(requireUser(request).id, request.params.id, request.body.text)),
    );
  };
}
