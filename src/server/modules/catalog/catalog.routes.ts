import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductQuerySchema } from '#shared/schemas/catalog-query.ts';
import { CategoryListSchema, ProductIdParamSchema, ProductListSchema, ProductSchema } from '#shared/schemas/catalog.ts';
import { compiledSerializerCompiler, sendJson } from '#server/plugins/compiled-serializer.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { CatalogService } from './catalog.service.ts';

export function catalogRoutes({ catalog }: { catalog: CatalogService }): FastifyPluginAsyncZod {
  return async (app) => {
    // The shop's hottest answers: listings and product pages are put together from the products'
    // JSON kept in memory (see product-store.ts); the rest of their 200s are written by a compiled
    // serializer, not checked by zod first (see compiled-serializer.ts). Errors are serialized as
    // everywhere else.
    app.get(
      '/products',
      {
        config: { catalogCache: true },
        serializerCompiler: compiledSerializerCompiler,
        schema: {
          tags: ['catalog'],
          summary: 'List active products with filters, sort, pagination and facet counts',
          description:
            '`deliverTo`: only products with an offer in stock whose seller delivers to that PIN code (404 when India Post’s directory does not have it).',
          querystring: ProductQuerySchema,
          response: { 200: ProductListSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request, reply) => sendJson(reply, await catalog.listJson(request.query)),
    );

    app.get(
      '/products/:id',
      {
        config: { catalogCache: true },
        serializerCompiler: compiledSerializerCompiler,
        schema: {
          tags: ['catalog'],
          summary: 'One active product',
          params: z.object({ id: ProductIdParamSchema }),
          response: { 200: ProductSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request, reply) => sendJson(reply, await catalog.getJson(request.params.id)),
    );

    app.get(
      '/products/:id/related',
      {
        config: { catalogCache: true },
        serializerCompiler: compiledSerializerCompiler,
        schema: {
          tags: ['catalog'],
          summary: 'Products of the same category closest in price',
          params: z.object({ id: ProductIdParamSchema }),
          response: { 200: z.object({ items: z.array(ProductSchema) }), 404: ErrorResponseSchema },
        },
      },
      async (request) => ({ items: await catalog.related(request.params.id) }),
    );

    app.get(
      '/categories',
      {
        config: { catalogCache: true },
        serializerCompiler: compiledSerializerCompiler,
        schema: {
          tags: ['catalog'],
          summary: 'The three categories with their number of active products',
          response: { 200: CategoryListSchema },
        },
      },
      async () => ({ items: await catalog.categories() }),
    );
  };
}
