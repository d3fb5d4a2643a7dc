import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessageReceiptSchema, CreateContactMessageInputSchema } from '#shared/schemas/contact.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { ContactService } from './contact.service.ts';

export function contactRoutes({ contact }: { contact: ContactService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact',
      {
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
        schema: {
          tags: ['support'],
          summary: 'Send a message to customer support',
          body: CreateContactMessageInputSchema,
          response: { 201: ContactMessageReceiptSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await contact.send(request.body)),
    );
  };
}
