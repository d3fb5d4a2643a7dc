import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StoreInfoSchema } from '#shared/schemas/store.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import { type Db, pingDatabase } from '#server/db/database.ts';

export function storeRoutes({ store, db }: { store: StoreInfo; db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['operations'],
          summary: 'The process is up and serving',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/ready',
      {
        schema: {
          tags: ['operations'],
          summary: 'The database is reachable',
          response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
        },
      },
      async (request, reply) => {
        try {
          await pingDatabase(db);
          return { status: 'ok' as const };
        } catch (error) {
          // Expected while the database restarts; the load balancer takes this process out meanwhile.
          request.log.warn({ err: error }, 'Database is not reachable');
          return reply
            .status(503)
            .header('retry-after', '5')
            .send({ status: 'unavailable' as const });
        }
      },
    );

    app.get(
      '/store',
      {
        schema: {
          tags: ['store'],
          summary: 'The store name and contact details shown in the footer',
          response: { 200: StoreInfoSchema },
        },
      },
      async () => store,
    );
  };
}
