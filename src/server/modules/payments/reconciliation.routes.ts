import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReconciliationInputSchema, ReconciliationQuerySchema, ReconciliationReportSchema } from '#shared/schemas/reconciliation.ts';
import type { ReconciliationService } from '#server/modules/checkout/gateway-reconciliation.service.ts';
import { requireRole } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** The admin's reconciliation with the gateway: run it for an India day, and read the last report of a day. */
export function reconciliationRoutes(deps: { reconciliation: ReconciliationService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireRole('admin'));
    app.post(
      '/admin/payments/reconciliation',
      {
        schema: {
          tags: ['admin'],
          summary: 'Reconcile an India day with the gateway: its payments and settlements against ours; settles what it can',
          body: ReconciliationInputSchema,
          response: { 200: ReconciliationReportSchema, ...errors },
        },
      },
      (request) => deps.reconciliation.reconcile(request.body.date),
    );
    app.get(
      '/admin/payments/reconciliation',
      {
        schema: {
          tags: ['admin'],
          summary: 'The last reconciliation report of an India day',
          querystring: ReconciliationQuerySchema,
          response: { 200: ReconciliationReportSchema, ...errors },
        },
      },
      (request) => deps.reconciliation.report(request.query.date),
    );
  };
}
