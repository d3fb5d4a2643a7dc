import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { OrderIdParamSchema, OrderSchema, ReturnRequestInputSchema } from '#shared/schemas/orders.ts';
import {
  ApproveReturnInputSchema,
  CreateReturnInputSchema,
  ManagedReturnListSchema,
  ManagedReturnSchema,
  ReceiveReturnInputSchema,
  RejectReturnInputSchema,
  ReturnIdParamSchema,
  ReturnPhotoSchema,
  ReturnQuerySchema,
  ShipReplacementInputSchema,
} from '#shared/schemas/returns.ts';
import { uploadedImage } from '#server/modules/media/uploaded-image.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import { requireRole, requireSignedIn, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema, fileResponses } from '#server/plugins/openapi.ts';
import type { ReturnActor } from './return-steps.service.ts';
import type { PhotoReader, ReturnsService } from './returns.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const orderParams = z.object({ id: OrderIdParamSchema });
const returnParams = z.object({ id: ReturnIdParamSchema });

interface Deps {
  returns: ReturnsService;
  vendors: VendorsService;
}

/**
 * Returns. The customer requests a return of a delivered line and may cancel it while
 * nobody has acted on it; the line's seller (under /vendor, its own lines only) or an admin (under
 * /admin, every line, audited) takes the steps after. Every step the return's status does not
 * allow is 409.
 */
export function returnsRoutes({ returns, vendors }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(customerRoutes(returns, vendors));
    await app.register(
      managerRoutes('vendor', returns, async (request) => {
        const shop = await vendors.findByUserId(requireUser(request).id);
        if (!shop) throw new AppError('NOT_FOUND', 'You have no shop');
        return { kind: 'vendor', vendorId: shop.id };
      }),
    );
    await app.register(
      managerRoutes('admin', returns, async (request) => {
        const caller = requireUser(request);
        return { kind: 'admin', actor: { id: caller.id, email: caller.email } };
      }),
    );
  };
}

function customerRoutes(returns: ReturnsService, vendors: VendorsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireSignedIn);

    app.post(
      '/orders/:id/returns',
      {
        schema: {
          tags: ['returns'],
          summary:
            'Return units of a delivered line within 10 days of its delivery: a reason (details needed for "other"), refund or replacement (a replacement for defective, damaged or wrong items only), photos uploaded first, and for a Cash on Delivery refund the UPI ID or bank account it goes to. Answers the order.',
          params: orderParams,
          body: CreateReturnInputSchema,
          response: { 201: OrderSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await returns.request(requireUser(request), request.params.id, request.body)),
    );

    app.post(
      '/orders/:id/return',
      {
        schema: {
          tags: ['orders'],
          summary:
            'Return every line still returnable (delivered within 10 days), for a refund, with one reason; POST /api/orders/{id}/returns returns one line',
          params: orderParams,
          body: ReturnRequestInputSchema,
          response: { 200: OrderSchema, ...errors },
        },
      },
      (request) => returns.requestWholeOrder(requireUser(request), request.params.id, request.body.reason),
    );

    app.post(
      '/returns/:id/cancel',
      {
        schema: {
          tags: ['returns'],
          summary: 'Cancel my return while nobody has acted on it (409 after); answers the order',
          params: returnParams,
          response: { 200: OrderSchema, ...errors },
        },
      },
      (request) => returns.cancel(requireUser(request), request.params.id),
    );

    app.post(
      '/returns/photos',
      {
        schema: {
          tags: ['returns'],
          summary:
            'Upload a photo for a return (multipart field "file", JPEG, PNG or WebP, ≤ 5 MB; re-encoded, its metadata removed); send its id with the return',
          consumes: ['multipart/form-data'],
          response: { 201: ReturnPhotoSchema, 413: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const bytes = await uploadedImage(request, 'photo');
        return reply.status(201).send(await returns.uploadPhoto(requireUser(request).id, bytes));
      },
    );

    app.get(
      '/returns/photos/:id',
      {
        schema: {
          tags: ['returns'],
          summary: "A return's photo (WebP): to its customer, the line's seller or an admin; 404 for anyone else",
          params: returnParams,
          response: fileResponses('image/webp', 'The photo, re-encoded as WebP'),
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        let reader: PhotoReader = { kind: 'customer', userId: caller.id };
        if (caller.role === 'admin') reader = { kind: 'admin' };
        else if (caller.role === 'vendor') {
          const shop = await vendors.findByUserId(caller.id);
          if (shop) reader = { kind: 'vendor', vendorId: shop.id };
        }
        const bytes = await returns.photo(request.params.id, reader);
        // No Cache-Control of its own: like every per-caller answer it is no-store (security-headers.ts),
        // so a shared computer's browser does not keep a customer's photo after they sign out.
        return reply.header('content-type', 'image/webp').header('x-content-type-options', 'nosniff').send(bytes);
      },
    );
  };
}

function managerRoutes(
  role: 'vendor' | 'admin',
  returns: ReturnsService,
  actorOf: (request: FastifyRequest) => Promise<ReturnActor>,
): FastifyPluginAsyncZod {
  const whose = role === 'vendor' ? 'my lines' : 'every seller';
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.addHook('preValidation', requireRole(role));
    const base = `/${role}/returns`;
    const tags = ['returns'];

    app.get(
      base,
      {
        schema: {
          tags,
          summary: `Returns of ${whose}, newest request first; optionally of one status`,
          querystring: ReturnQuerySchema,
          response: { 200: ManagedReturnListSchema, ...errors },
        },
      },
      async (request) => returns.list(await actorOf(request), request.query),
    );
    app.get(
      `${base}/:id`,
      { schema: { tags, summary: 'One return', params: returnParams, response: { 200: ManagedReturnSchema, ...errors } } },
      async (request) => returns.get(await actorOf(request), request.params.id),
    );
    app.post(
      `${base}/:id/approve`,
      {
        schema: {
          tags,
          summary: 'Approve a requested return: the pickup’s carrier and date (today to 14 days on, India date)',
          params: returnParams,
          body: ApproveReturnInputSchema,
          response: { 200: ManagedReturnSchema, ...errors },
        },
      },
      async (request) => returns.act(await actorOf(request), request.params.id, 'approve', { pickup: request.body }),
    );
    app.post(
      `${base}/:id/reject`,
      {
        schema: {
          tags,
          summary: 'Reject a requested return, with the reason the customer is mailed',
          params: returnParams,
          body: RejectReturnInputSchema,
          response: { 200: ManagedReturnSchema, ...errors },
        },
      },
      async (request) => returns.act(await actorOf(request), request.params.id, 'reject', { reason: request.body.reason }),
    );
    app.post(
      `${base}/:id/picked-up`,
      {
        schema: {
          tags,
          summary: 'The courier has collected an approved return',
          params: returnParams,
          response: { 200: ManagedReturnSchema, ...errors },
        },
      },
      async (request) => returns.act(await actorOf(request), request.params.id, 'picked-up'),
    );
    app.post(
      `${base}/:id/receive`,
      {
        schema: {
          tags,
          summary:
            'The unit is back: to stock (restock: true, unopened) or not (damaged). A refund goes out at once with a GST credit note against the shipment’s invoice (Cash on Delivery: to the account the customer gave); a replacement is shipped next',
          params: returnParams,
          body: ReceiveReturnInputSchema,
          response: { 200: ManagedReturnSchema, ...errors },
        },
      },
      async (request) => returns.act(await actorOf(request), request.params.id, 'receive', { restock: request.body.restock }),
    );
    app.post(
      `${base}/:id/ship-replacement`,
      {
        schema: {
          tags,
          summary:
            'Ship the replacement of a received return as a new shipment of the same order (carrier and tracking number; from stock)',
          params: returnParams,
          body: ShipReplacementInputSchema,
          response: { 200: ManagedReturnSchema, ...errors },
        },
      },
      async (request) => returns.act(await actorOf(request), request.params.id, 'ship-replacement', { shipment: request.body }),
    );
  };
}
