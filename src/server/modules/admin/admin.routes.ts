import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import { requireRole } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';

const AdminSummarySchema = z.object({
  users: z.object({ customer: z.number().int(), vendor: z.number().int(), admin: z.number().int() }),
  vendors: z.object({ pending: z.number().int(), active: z.number().int(), suspended: z.number().int() }),
  products: z.number().int(),
});

/** Admin endpoints are for role admin only; the admin area builds on these. */
export function adminRoutes(deps: { users: UsersService; vendors: VendorsService; catalog: CatalogService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireRole('admin'));
    app.get(
      '/admin/summary',
      {
        schema: {
          tags: ['admin'],
          summary: 'Counts of users by role, vendors by status and products',
          response: { 200: AdminSummarySchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
        },
      },
      async () => {
        const [users, vendors, products] = await Promise.all([deps.users.countByRole(), deps.vendors.countByStatus(), deps.catalog.count()]);
        const byRole = (role: 'customer' | 'vendor' | 'admin') => users.find((row) => row.role === role)?.count ?? 0;
        const byStatus = (status: 'pending' | 'active' | 'suspended') => vendors.find((row) => row.status === status)?.count ?? 0;
        return {
          users: { customer: byRole('customer'), vendor: byRole('vendor'), admin: byRole('admin') },
          vendors: { pending: byStatus('pending'), active: byStatus('active'), suspended: byStatus('suspended') },
          products,
        };
      },
    );
  };
}
