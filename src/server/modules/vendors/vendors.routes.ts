import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { VendorStatusSchema } from '#shared/schemas/auth.ts';
import { toIso } from '#server/db/database.ts';
import { requireRole, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { VendorsService } from './vendors.service.ts';

export const VendorProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: VendorStatusSchema,
  phone: z.string().nullable(),
  gstin: z.string().nullable(),
  createdAt: z.string(),
});

/** The signed-in vendor's own shop. Vendor endpoints are for role vendor only. */
export function vendorRoutes({ vendors }: { vendors: VendorsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', requireRole('vendor'));
    app.get(
      '/vendor/profile',
      {
        schema: {
          tags: ['vendor'],
          summary: "The signed-in vendor's shop and its approval status",
          response: { 200: VendorProfileSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => {
        const vendor = await vendors.findByUserId(requireUser(request).id);
        if (!vendor) throw new AppError('NOT_FOUND', 'No shop belongs to this account');
        return { id: vendor.id, name: vendor.name, slug: vendor.slug, status: vendor.status, phone: vendor.phone, gstin: vendor.gstin, createdAt: toIso(vendor.created_at) };
      },
    );
  };
}
