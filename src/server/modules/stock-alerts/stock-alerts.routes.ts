import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductIdParamSchema } from '#shared/schemas/catalog.ts';
import { StockAlertSchema } from '#shared/schemas/stock-alerts.ts';
import { requireRole, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { StockAlertsService } from './stock-alerts.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const params = z.object({ productId: ProductIdParamSchema });

/** "Notify me" on a product out of stock: the signed-in customer's own wait (401 signed out, 403 for sellers and admins). */
export function stockAlertRoutes({ stockAlerts }: { stockAlerts: StockAlertsService }): FastifyPluginAsyncZod {
  return async (app) => {
    const asCustomer = { preValidation: requireRole('customer') };

    app.get(
      '/products/:productId/stock-alert',
      {
        ...asCustomer,
        schema: {
          tags: ['stock alerts'],
          summary: 'Whether I wait to hear that this product is back in stock (404 for a product not in the store)',
          params,
          response: { 200: StockAlertSchema, ...errors },
        },
      },
      (request) => stockAlerts.status(requireUser(request).id, request.params.productId),
    );

    app.put(
      '/products/:productId/stock-alert',
      {
        ...asCustomer,
        schema: {
          tags: ['stock alerts'],
          summary:
            'Mail me once when this product out of stock is back (404 not on sale, 409 in stock now); asking again after being told starts a new wait',
          params,
          response: { 200: StockAlertSchema, ...errors },
        },
      },
      (request) => stockAlerts.subscribe(requireUser(request).id, request.params.productId),
    );

    app.delete(
      '/products/:productId/stock-alert',
      {
        ...asCustomer,
        schema: {
          tags: ['stock alerts'],
          summary: 'Stop waiting for this product (204 either way)',
          params,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await stockAlerts.unsubscribe(requireUser(request).id, request.params.productId);
        return reply.status(204).send(null);
      },
    );
  };
}
