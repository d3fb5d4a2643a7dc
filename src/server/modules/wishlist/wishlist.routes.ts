import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductIdParamSchema } from '#shared/schemas/catalog.ts';
import { WishlistItemSchema, WishlistSchema } from '#shared/schemas/wishlist.ts';
import { requireRole, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { WishlistService } from './wishlist.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const params = z.object({ productId: ProductIdParamSchema });

/** The signed-in customer's wishlist (401 signed out, 403 for sellers and admins): only ever their own. */
export function wishlistRoutes({ wishlist }: { wishlist: WishlistService }): FastifyPluginAsyncZod {
  return async (app) => {
    const asCustomer = { preValidation: requireRole('customer') };

    app.get(
      '/wishlist',
      {
        ...asCustomer,
        schema: {
          tags: ['wishlist'],
          summary:
            'My wishlist, newest first: each product as it is on sale now (null once it is not), the price when saved and how much it has dropped since',
          response: { 200: WishlistSchema, ...errors },
        },
      },
      async (request) => ({ items: await wishlist.list(requireUser(request).id) }),
    );

    app.put(
      '/wishlist/:productId',
      {
        ...asCustomer,
        schema: {
          tags: ['wishlist'],
          summary:
            'Save a product on sale to my wishlist at its price now; saving it again changes nothing (404 for a product not on sale, 409 beyond 100 products)',
          params,
          response: { 200: WishlistItemSchema, ...errors },
        },
      },
      (request) => wishlist.add(requireUser(request).id, request.params.productId),
    );

    app.delete(
      '/wishlist/:productId',
      {
        ...asCustomer,
        schema: {
          tags: ['wishlist'],
          summary: 'Take a product out of my wishlist (204 whether or not it was in it)',
          params,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await wishlist.remove(requireUser(request).id, request.params.productId);
        return reply.status(204).send(null);
      },
    );
  };
}
