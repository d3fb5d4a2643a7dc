import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchQuerySchema, SuggestionsQuerySchema } from '#shared/schemas/catalog-query.ts';
import { ProductListSchema, SearchSuggestionsSchema } from '#shared/schemas/catalog.ts';
import { sendJson } from '#server/plugins/compiled-serializer.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { SearchService } from './search.service.ts';

export function searchRoutes({ search }: { search: SearchService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/search',
      {
        config: { catalogCache: true },
        // Answered with JSON kept in memory (see catalog.listJson); the schema documents it.
        schema: {
          tags: ['search'],
          summary: 'Full-text search with ranking, prefix matching and one-typo tolerance',
          description: 'Accepts every filter of GET /api/products; `q` is plain text.',
          querystring: SearchQuerySchema,
          response: { 200: ProductListSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request, reply) => sendJson(reply, await search.searchJson(request.query)),
    );

    app.get(
      '/search/suggestions',
      {
        config: { catalogCache: true },
        schema: {
          tags: ['search'],
          summary: 'What the search box suggests while a shopper types: products, brands and categories',
          description:
            'The last word is a prefix and one typo is tolerated, as in GET /api/search. Words that name filters ("16gb ram laptop under 80000") apply them.',
          querystring: SuggestionsQuerySchema,
          response: { 200: SearchSuggestionsSchema, 400: ErrorResponseSchema },
        },
      },
      async (request) => search.suggestions(request.query.q),
    );
  };
}
