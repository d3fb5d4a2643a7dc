import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { SearchService } from '#server/modules/search/search.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import { requireRole } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';

const AdminSummarySchema = z.object({
  users: z.object({ customer: z.number().int(), vendor: z.number().int(), admin: z.number().int() }),
  vendors: z.object({ pending: z.number().int(), active: z.number().int(), suspended: z.number().int() }),
  products: z.number().int(),
});

/** Admin endpoints are for role admin only; the admin area builds on these. */
export function adminRoutes(deps: { users: UsersService; vendors: VendorsService; catalog: CatalogService; search: SearchService }): FastifyPluginAsyncZod {
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

    app.patch(
      '/admin/vendors/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "Approve, suspend or reinstate a vendor's shop",
          params: z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/, 'id must be a positive whole number').transform(Number) }),
          body: z.strictObject({ status: z.enum(['pending', 'active', 'suspended']) }),
          response: { 200: z.object({ id: z.number(), name: z.string(), slug: z.string(), status: z.string() }), 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => {
        const found = await deps.vendors.findById(request.params.id);
        if (!found) throw new AppError('NOT_FOUND', 'Vendor not found');
        await deps.vendors.setStatus(found.id, request.body.status);
        deps.search.invalidate();
        return { id: found.id, name: found.name, slug: found.slug, status: request.body.status };
      },
    );
  };
}
