import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

/** OpenAPI generated from the routes' zod schemas: /api/openapi.json, docs UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, storeName: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${storeName} API`,
        description: 'Catalogue, search, cart pricing and store information. Money is integer paise, GST-inclusive.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
