import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderIdParamSchema, OrderListSchema, OrderSchema } from '#shared/schemas/orders.ts';
import type { CheckoutService } from '#server/modules/checkout/checkout.service.ts';
import { requireSignedIn, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { OrdersService } from './orders.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const orderParams = z.object({ id: OrderIdParamSchema });

/**
 * The signed-in user's orders: the list, one order, cancelling it. Every query is scoped to the
 * caller. Placing and paying an order are checkout's (checkout.routes.ts), returning it the returns
 * module's (returns.routes.ts).
 */
export function ordersRoutes(deps: { orders: OrdersService; checkout: CheckoutService }): FastifyPluginAsyncZod {
  const { checkout, orders } = deps;
  return async (app) => {
    app.addHook('preValidation', requireSignedIn);

    app.get(
      '/orders',
      { schema: { tags: ['orders'], summary: 'My orders, newest first', response: { 200: OrderListSchema, 401: ErrorResponseSchema } } },
      async (request) => ({
        items: await orders.list(requireUser(request).id),
      }),
    );

    app.get(
      '/orders/:id',
      {
        schema: {
          tags: ['orders'],
          summary: 'One of my orders (404 for anyone else’s)',
          params: orderParams,
          response: { 200: OrderSchema, ...errors },
        },
      },
      (request) => orders.get(requireUser(request).id, request.params.id),
    );

    app.post(
      '/orders/:id/cancel',
      {
        schema: {
          tags: ['orders'],
          summary: 'Cancel while nothing has shipped; paid orders are refunded in full',
          params: orderParams,
          response: { 200: OrderSchema, ...errors },
        },
      },
      (request) => checkout.cancel(requireUser(request), request.params.id),
    );
  };
}
