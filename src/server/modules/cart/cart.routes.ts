import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartQuoteBodySchema, CartQuoteRequestSchema, CartQuoteSchema } from '#shared/schemas/cart.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { CartService } from './cart.service.ts';

export function cartRoutes({ cart }: { cart: CartService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/cart/quote',
      {
        schema: {
          tags: ['cart'],
          summary: 'Price a cart on the server: current prices, availability, shipping, GST share and total',
          description:
            'Body: `[{ productId, quantity }]` or `{ items: [{ productId, quantity }], couponCode? }`; quantity 1–10. A coupon is checked for the signed-in customer.',
          body: CartQuoteRequestSchema,
          accepts: CartQuoteBodySchema,
          response: { 200: CartQuoteSchema, 400: ErrorResponseSchema },
        },
      },
      (request) => cart.quote(request.body.items, { couponCode: request.body.couponCode, userId: request.caller?.id }),
    );
  };
}
