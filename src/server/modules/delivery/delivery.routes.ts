import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductIdParamSchema } from '#shared/schemas/catalog.ts';
import { DeliveryCheckSchema, PincodeParamSchema, PincodePlaceSchema } from '#shared/schemas/delivery.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { DeliveryService } from './delivery.service.ts';

// The directory changes only with a release; a shopper's browser may keep an answer for a day.
const DIRECTORY_CACHE = 'public, max-age=86400';

export function deliveryRoutes({ delivery, catalog }: { delivery: DeliveryService; catalog: CatalogService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/pincodes/:pincode',
      {
        schema: {
          tags: ['delivery'],
          summary: 'A PIN code’s place (city, district, state) from India Post’s directory, for address forms',
          params: z.object({ pincode: PincodeParamSchema }),
          response: { 200: PincodePlaceSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', DIRECTORY_CACHE);
        return delivery.knownPlace(request.params.pincode);
      },
    );

    app.get(
      '/products/:id/delivery',
      {
        schema: {
          tags: ['delivery'],
          summary: 'Whether and when each seller’s offer of a product reaches a PIN code, and whether it may be paid in cash',
          params: z.object({ id: ProductIdParamSchema }),
          querystring: z.object({ pincode: PincodeParamSchema }),
          response: { 200: DeliveryCheckSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => {
        const product = await catalog.get(request.params.id);
        return delivery.options(
          request.query.pincode,
          product.offers.map((offer) => ({
            offerId: offer.id,
            vendorId: offer.vendor.id,
            dispatchDays: offer.dispatchDays,
            amount: offer.price,
          })),
        );
      },
    );
  };
}
