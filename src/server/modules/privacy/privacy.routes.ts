import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountInputSchema } from '#shared/schemas/account-security.ts';
import { DataExportSchema } from '#shared/schemas/data-export.ts';
import type { AuthService } from '#server/modules/auth/auth.service.ts';
import { forwardCookies, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { PrivacyService } from './privacy.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema };

/** The signed-in user's own data: download it, or delete the account. */
export function privacyRoutes({ privacy, authService }: { privacy: PrivacyService; authService: AuthService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/data',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
        schema: {
          tags: ['account'],
          summary: 'Download my data (a JSON file)',
          description:
            'Profile, addresses, orders with their lines, payments (method, status, amounts) and invoice numbers; never a password hash or a session.',
          response: { 200: DataExportSchema, ...errors },
        },
      },
      async (request, reply) => {
        const data = await privacy.exportData(requireUser(request).id);
        reply.header('cache-control', 'no-store');
        reply.header('content-disposition', `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`);
        return data;
      },
    );

    app.delete(
      '/account',
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          tags: ['account'],
          summary: 'Delete my account (password required); orders and invoices are kept as tax law requires',
          description:
            'Name, e-mail, addresses, password and sessions are erased; vendors and admins get 409 (the marketplace closes a shop first).',
          body: DeleteAccountInputSchema,
          response: { 204: z.null(), 409: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const cookies = await privacy.deleteAccount(requireUser(request).id, request.body.password, request, () =>
          authService.logout(request),
        );
        forwardCookies(cookies, reply);
        return reply.status(204).send(null);
      },
    );
  };
}
