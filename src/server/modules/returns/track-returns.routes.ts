import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import {
  ConfirmReturnInputSchema,
  GuestReturnInputSchema,
  ReturnConfirmationSchema,
  TrackedOrderSchema,
  TrackOrderInputSchema,
} from '#shared/schemas/guest-checkout.ts';
import { ReturnIdParamSchema, ReturnPhotoSchema } from '#shared/schemas/returns.ts';
import type { GuestOrdersService } from '#server/modules/checkout/guest-orders.service.ts';
import { TRACK_REQUESTS_PER_ADDRESS, trackLimits } from '#server/modules/checkout/track-limits.ts';
import { uploadedImageWithFields } from '#server/modules/media/uploaded-image.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { ReturnsService } from './returns.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  410: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
const returnParams = z.object({ id: ReturnIdParamSchema });

/**
 * A guest returns a delivered line at /track with the number and e-mail that track it, under the
 * member's rules (the returns service's), within the same limit per network address as /track
 * itself (track-limits.ts); the request is a return only once the link mailed to the order's
 * address confirms it (the number and e-mail are in every order mail, and travel with a forwarded
 * one). The guest is found, and the order answered as /track shows it, by the guest orders service.
 */
export function trackReturnsRoutes(deps: { returns: ReturnsService; guestOrders: GuestOrdersService }): FastifyPluginAsyncZod {
  const { returns, guestOrders } = deps;
  return async (app) => {
    const trackLimit = trackLimits(app);
    const limited = `At most ${TRACK_REQUESTS_PER_ADDRESS} requests to /track and its returns together in 15 minutes from one network address → 429 with Retry-After.`;
    app.post(
      '/track/returns',
      {
        onRequest: trackLimit,
        schema: {
          tags: ['returns'],
          summary:
            'A guest asks to return units of a delivered line of their order, with its number and e-mail (404 as /track for a wrong pair; 403 for an account’s order, returned from its page), under the rules of POST /orders/{id}/returns; photos uploaded first with POST /track/returns/photos. The request waits for the link mailed to the order’s address (24 hours, POST /track/returns/confirm): until then no seller or admin sees it, and unopened it is dropped. Answers the tracked order.',
          description: limited,
          body: GuestReturnInputSchema,
          response: { 201: TrackedOrderSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { shopper, orderId } = await guestOrders.shopperByNumber(request.body);
        await returns.request(shopper, orderId, request.body.return, { confirmByMail: true });
        return reply
          .status(201)
          .header('cache-control', 'no-store')
          .send(await guestOrders.track(request.body));
      },
    );

    app.post(
      '/track/returns/confirm',
      {
        onRequest: trackLimit,
        schema: {
          tags: ['returns'],
          summary:
            'Confirms a guest’s return request with the token of the link mailed to the order’s address: the seller then sees it. 409 for a link used already (or units another confirmed return took), 410 for an expired or wrong one. Answers the return’s id and the order as /track shows it.',
          description: limited,
          body: ConfirmReturnInputSchema,
          response: { 200: ReturnConfirmationSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { returnId, orderId } = await returns.confirm(request.body.token);
        return reply.header('cache-control', 'no-store').send({ returnId, order: await guestOrders.trackById(orderId) });
      },
    );

    app.post(
      '/track/returns/photos',
      {
        onRequest: trackLimit,
        schema: {
          tags: ['returns'],
          summary:
            'A guest uploads a photo for a return: multipart fields "number" and "email" of the order, then "file" (JPEG, PNG or WebP, ≤ 5 MB; re-encoded, its metadata removed); send its id with the return',
          description: limited,
          consumes: ['multipart/form-data'],
          response: { 201: ReturnPhotoSchema, 413: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { bytes, fields } = await uploadedImageWithFields(request, 'photo');
        const order = TrackOrderInputSchema.safeParse({ number: fields.number, email: fields.email });
        if (!order.success) throw new AppError('VALIDATION_FAILED', 'Send the order’s number and e-mail before the photo');
        const { shopper } = await guestOrders.shopperByNumber(order.data);
        return reply.status(201).send(await returns.uploadPhoto(shopper.id, bytes));
      },
    );

    app.post(
      '/track/returns/:id/cancel',
      {
        onRequest: trackLimit,
        schema: {
          tags: ['returns'],
          summary:
            'A guest cancels their return while nobody has acted on it (409 after), with the order’s number and e-mail. Answers the tracked order.',
          description: limited,
          params: returnParams,
          body: TrackOrderInputSchema,
          response: { 200: TrackedOrderSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { shopper } = await guestOrders.shopperByNumber(request.body);
        await returns.cancel(shopper, request.params.id);
        return reply.header('cache-control', 'no-store').send(await guestOrders.track(request.body));
      },
    );
  };
}
