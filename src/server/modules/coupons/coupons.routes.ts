import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CouponActiveInputSchema, CouponInputSchema, CouponListSchema, CouponSchema } from '#shared/schemas/coupons.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { VendorProductsService } from '#server/modules/vendors/vendor-products.service.ts';
import { requireRole, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { CouponActor, CouponsService } from './coupons.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const params = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'id must be a positive whole number')
    .transform(Number),
});

/**
 * Coupons: admins create the marketplace's (audited), sellers their own; each sees and switches
 * off only what it may (a seller: its own coupons, 404 for any other).
 */
export function couponsRoutes({
  coupons,
  audit,
  vendorProducts,
}: {
  coupons: CouponsService;
  audit: AuditService;
  vendorProducts: VendorProductsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const asAdmin = { preValidation: requireRole('admin') };
    const asVendor = { preValidation: requireRole('vendor') };
    const adminActor = (request: Parameters<typeof requireUser>[0]): CouponActor => ({ kind: 'admin', userId: requireUser(request).id });
    const vendorActor = async (request: Parameters<typeof requireUser>[0]): Promise<CouponActor> => {
      const user = requireUser(request);
      return { kind: 'vendor', userId: user.id, vendorId: (await vendorProducts.shopOf(user.id)).id };
    };

    app.get(
      '/admin/coupons',
      {
        ...asAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Every coupon, the marketplace’s and sellers’',
          response: { 200: CouponListSchema, ...errors },
        },
      },
      async (request) => ({
        items: await coupons.list(adminActor(request)),
      }),
    );

    app.post(
      '/admin/coupons',
      {
        ...asAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Create a marketplace-funded coupon, optionally for one category or seller',
          body: CouponInputSchema,
          response: { 201: CouponSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const coupon = await coupons.create(adminActor(request), request.body);
        await audit.record({
          actor: { id: user.id, email: user.email },
          action: 'coupon.create',
          entityType: 'coupon',
          entityId: String(coupon.id),
          after: coupon,
        });
        return reply.status(201).send(coupon);
      },
    );

    app.post(
      '/admin/coupons/:id/active',
      {
        ...asAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Switch a coupon on or off',
          params,
          body: CouponActiveInputSchema,
          response: { 200: CouponSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const coupon = await coupons.setActive(adminActor(request), request.params.id, request.body.active);
        await audit.record({
          actor: { id: user.id, email: user.email },
          action: request.body.active ? 'coupon.activate' : 'coupon.deactivate',
          entityType: 'coupon',
          entityId: String(coupon.id),
          after: { active: coupon.active },
        });
        return coupon;
      },
    );

    app.get(
      '/vendor/coupons',
      { ...asVendor, schema: { tags: ['vendor'], summary: 'My shop’s coupons', response: { 200: CouponListSchema, ...errors } } },
      async (request) => ({
        items: await coupons.list(await vendorActor(request)),
      }),
    );

    app.post(
      '/vendor/coupons',
      {
        ...asVendor,
        schema: {
          tags: ['vendor'],
          summary: 'Create a coupon for my products; its discounts come out of my payable',
          body: CouponInputSchema,
          response: { 201: CouponSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await coupons.create(await vendorActor(request), request.body)),
    );

    app.post(
      '/vendor/coupons/:id/active',
      {
        ...asVendor,
        schema: {
          tags: ['vendor'],
          summary: 'Switch one of my coupons on or off',
          params,
          body: CouponActiveInputSchema,
          response: { 200: CouponSchema, ...errors },
        },
      },
      async (request) => coupons.setActive(await vendorActor(request), request.params.id, request.body.active),
    );
  };
}
