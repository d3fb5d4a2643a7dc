import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import {
  AdminDashboardQuerySchema,
  AdminDashboardSchema,
  AdminPaymentDetailSchema,
  AdminPaymentListSchema,
  AdminPaymentQuerySchema,
  AdminProductDetailSchema,
  AdminProductMergeInputSchema,
  AdminProductReviewSchema,
  AdminProposalDecisionSchema,
  AdminProposalListSchema,
  AdminProposalQuerySchema,
  AdminProductInputSchema,
  AdminProductListSchema,
  AdminProductStatusInputSchema,
  RefundInputSchema,
  AdminProductQuerySchema,
  AdminUserDetailSchema,
  AdminUserListSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  AuditListSchema,
  AuditQuerySchema,
  CreateAdminInputSchema,
  ModerationInputSchema,
  UserRoleInputSchema,
  UserStatusInputSchema,
  VendorDecisionInputSchema,
  AdminOutboxJobSchema,
  AdminOutboxListSchema,
  AdminOutboxQuerySchema,
} from '#shared/schemas/admin.ts';
import { MediaSchema } from '#shared/schemas/vendor.ts';
import { toCsv } from '#server/csv.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import { uploadedImage } from '#server/modules/media/uploaded-image.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import { requireRole, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import type { AdminService } from './admin.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};
const uidParams = z.object({ uid: z.string().min(1).max(100) });
const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'id must be a positive whole number')
    .transform(Number),
});

const AdminSummarySchema = z.object({
  users: z.object({ customer: z.number().int(), vendor: z.number().int(), admin: z.number().int() }),
  vendors: z.object({ pending: z.number().int(), active: z.number().int(), suspended: z.number().int() }),
  products: z.number().int(),
});

/** Admin endpoints: role admin only. Every change is audited with who, what, when, before and after. */
export function adminRoutes(deps: {
  users: UsersService;
  vendors: VendorsService;
  catalog: CatalogService;
  admin: AdminService;
  audit: AuditService;
}): FastifyPluginAsyncZod {
  const { admin, audit } = deps;
  return async (app) => {
    // Before validation: a caller who is not an admin learns nothing about a request's shape, only 401 or 403.
    app.addHook('preValidation', requireRole('admin'));
    const actor = (request: Parameters<typeof requireUser>[0]) => {
      const caller = requireUser(request);
      return { id: caller.id, email: caller.email };
    };

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
        const [users, vendors, products] = await Promise.all([
          deps.users.countByRole(),
          deps.vendors.countByStatus(),
          deps.catalog.count(),
        ]);
        const byRole = (role: 'customer' | 'vendor' | 'admin') => users.find((row) => row.role === role)?.count ?? 0;
        const byStatus = (status: 'pending' | 'active' | 'suspended') => vendors.find((row) => row.status === status)?.count ?? 0;
        return {
          users: { customer: byRole('customer'), vendor: byRole('vendor'), admin: byRole('admin') },
          vendors: { pending: byStatus('pending'), active: byStatus('active'), suspended: byStatus('suspended') },
          products,
        };
      },
    );

    app.get(
      '/admin/dashboard',
      {
        schema: {
          tags: ['admin'],
          summary: 'Marketplace figures for 7, 30 or 90 days',
          querystring: AdminDashboardQuerySchema,
          response: { 200: AdminDashboardSchema, ...errors },
        },
      },
      (request) => admin.dashboard(request.query.days),
    );

    app.get(
      '/admin/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'All users: search, filter, sort, paginate',
          querystring: AdminUserQuerySchema,
          response: { 200: AdminUserListSchema, ...errors },
        },
      },
      (request) => admin.listUsers(request.query),
    );

    app.get(
      '/admin/users/:uid',
      {
        schema: {
          tags: ['admin'],
          summary: 'A user with their orders or products and the audit of admin actions',
          params: uidParams,
          response: { 200: AdminUserDetailSchema, ...errors },
        },
      },
      (request) => admin.userDetail(request.params.uid),
    );

    app.post(
      '/admin/users/:uid/vendor-decision',
      {
        schema: {
          tags: ['admin'],
          summary: "Approve or reject a vendor's shop (the reason is mailed)",
          params: uidParams,
          body: VendorDecisionInputSchema,
          response: { 200: AdminUserSchema, ...errors },
        },
      },
      (request) => admin.vendorDecision(actor(request), request.params.uid, request.body.decision, request.body.reason),
    );

    app.post(
      '/admin/users/:uid/status',
      {
        schema: {
          tags: ['admin'],
          summary: 'Suspend (sessions end at once) or reactivate an account',
          params: uidParams,
          body: UserStatusInputSchema,
          response: { 200: AdminUserSchema, ...errors },
        },
      },
      (request) => admin.setStatus(actor(request), request.params.uid, request.body.status, request.body.reason),
    );

    app.post(
      '/admin/users/:uid/role',
      {
        schema: {
          tags: ['admin'],
          summary: "Change a user's role",
          params: uidParams,
          body: UserRoleInputSchema,
          response: { 200: AdminUserSchema, ...errors },
        },
      },
      (request) => admin.setRole(actor(request), request.params.uid, request.body.role, request.body.reason),
    );

    app.post(
      '/admin/admins',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create another admin',
          body: CreateAdminInputSchema,
          response: { 201: AdminUserSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await admin.createAdmin(actor(request), request.body)),
    );

    app.patch(
      '/admin/vendors/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Approve, suspend or reinstate a shop by its id',
          params: idParams,
          body: z.strictObject({ status: z.enum(['pending', 'active', 'suspended']) }),
          response: { 200: z.object({ id: z.number(), name: z.string(), slug: z.string(), status: z.string() }), ...errors },
        },
      },
      (request) => admin.setVendorStatus(actor(request), request.params.id, request.body.status),
    );

    app.delete(
      '/admin/vendors/:id/payout-hold',
      {
        schema: {
          tags: ['admin'],
          summary: "Lift the hold on a shop's payouts after its payout details changed (once the seller confirmed the change)",
          params: idParams,
          body: z.strictObject({ reason: z.string().trim().min(3, 'Please say why the hold is lifted').max(500) }),
          response: { 200: z.object({ id: z.number(), payoutsHeldUntil: z.null() }), ...errors },
        },
      },
      async (request) => {
        const shop = await deps.vendors.findById(request.params.id);
        if (!shop) throw new AppError('NOT_FOUND', 'Vendor not found');
        const held = shop.payouts_held_until && Date.parse(shop.payouts_held_until) > Date.now() ? shop.payouts_held_until : null;
        if (!held) throw new AppError('CONFLICT', "This shop's payouts are not held");
        await deps.vendors.holdPayouts(shop.id, null);
        await audit.record({
          actor: actor(request),
          action: 'vendor.payout_hold_lifted',
          entityType: 'vendor',
          entityId: String(shop.id),
          before: { payoutsHeldUntil: held },
          after: { payoutsHeldUntil: null },
          reason: request.body.reason,
        });
        return { id: shop.id, payoutsHeldUntil: null };
      },
    );

    app.get(
      '/admin/products',
      {
        schema: {
          tags: ['admin'],
          summary: 'All products of all vendors',
          querystring: AdminProductQuerySchema,
          response: { 200: AdminProductListSchema, ...errors },
        },
      },
      async (request) => {
        const q = request.query;
        const { items, total } = await deps.catalog.listAll({
          q: q.q,
          vendorSlug: q.vendor,
          category: q.category,
          status: q.status,
          stock: q.stock,
          page: q.page,
          pageSize: q.pageSize,
        });
        return {
          items: items.map((p) => ({
            id: p.id,
            name: p.name,
            brand: p.brand,
            category: p.category,
            price: p.price,
            stock: p.stock,
            status: p.status,
            hiddenReason: p.hiddenReason,
            review: p.review.status,
            image: p.images[0] ?? null,
            vendor: p.vendor,
            updatedAt: p.updatedAt,
          })),
          total,
          page: q.page,
          pageSize: q.pageSize,
        };
      },
    );

    app.get(
      '/admin/products/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "Any vendor's product with every field, its shop's status and the admin actions on it",
          params: idParams,
          response: { 200: AdminProductDetailSchema, ...errors },
        },
      },
      (request) => admin.productDetail(request.params.id),
    );

    app.put(
      '/admin/products/:id',
      {
        schema: {
          tags: ['admin'],
          summary:
            "Edit any vendor's product (the vendor editor's rules; publishing needs an approved shop); audited with the fields before and after",
          params: idParams,
          body: AdminProductInputSchema,
          response: { 200: AdminProductDetailSchema, ...errors },
        },
      },
      (request) => admin.updateProduct(actor(request), request.params.id, request.body),
    );

    app.post(
      '/admin/products/:id/media',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Upload an image for any vendor\'s product (multipart field "file", ≤ 5 MB) into its shop\'s media; it joins the product when the edit is saved',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 201: MediaSchema, 413: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const bytes = await uploadedImage(request);
        return reply.status(201).send(await admin.uploadProductImage(request.params.id, bytes));
      },
    );

    app.post(
      '/admin/products/:id/status',
      {
        schema: {
          tags: ['admin'],
          summary: 'Archive a product (it leaves the store) or bring it back as a draft or published',
          params: idParams,
          body: AdminProductStatusInputSchema,
          response: { 200: AdminProductDetailSchema, ...errors },
        },
      },
      (request) => admin.setProductStatus(actor(request), request.params.id, request.body.status, request.body.reason),
    );

    app.get(
      '/admin/proposals',
      {
        schema: {
          tags: ['admin'],
          summary: "Sellers' proposed changes to shared products' details (pending first in line), with the details now",
          querystring: AdminProposalQuerySchema,
          response: { 200: AdminProposalListSchema, ...errors },
        },
      },
      async (request) => ({
        items: await admin.proposals(request.query.status),
      }),
    );

    app.post(
      '/admin/proposals/:id/decision',
      {
        schema: {
          tags: ['admin'],
          summary:
            "Approve a seller's proposed change (the product takes it) or reject it with a reason the seller sees; audited. 409 when already decided",
          params: idParams,
          body: AdminProposalDecisionSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await admin.decideProposal(actor(request), request.params.id, request.body.decision, request.body.reason);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/admin/products/:id/review',
      {
        schema: {
          tags: ['admin'],
          summary:
            "Approve a seller's new listing (it goes on sale) or reject it with a reason the seller sees; audited. 409 unless it awaits approval",
          params: idParams,
          body: AdminProductReviewSchema,
          response: { 200: AdminProductDetailSchema, ...errors },
        },
      },
      (request) => admin.reviewProduct(actor(request), request.params.id, request.body.decision, request.body.reason),
    );

    app.post(
      '/admin/products/:id/merge',
      {
        schema: {
          tags: ['admin'],
          summary:
            "Merge a duplicate product into the one it duplicates: its sellers' offers move there, its orders keep their lines, and it leaves the store (409 when a seller offers both)",
          params: idParams,
          body: AdminProductMergeInputSchema,
          response: { 200: AdminProductDetailSchema, ...errors },
        },
      },
      (request) => admin.mergeProduct(actor(request), request.params.id, request.body.into, request.body.reason),
    );

    app.post(
      '/admin/products/:id/moderation',
      {
        schema: {
          tags: ['admin'],
          summary: 'Hide a product from the storefront with a reason the vendor sees, or restore it',
          params: idParams,
          body: ModerationInputSchema,
          response: { 200: z.object({ id: z.number(), name: z.string(), hiddenReason: z.string().nullable() }), ...errors },
        },
      },
      (request) => admin.moderate(actor(request), request.params.id, request.body.action, request.body.reason),
    );

    app.get(
      '/admin/payments',
      {
        schema: {
          tags: ['admin'],
          summary: 'All payments with filters and totals',
          querystring: AdminPaymentQuerySchema,
          response: { 200: AdminPaymentListSchema, ...errors },
        },
      },
      (request) => admin.listPayments(request.query),
    );

    app.get(
      '/admin/payments.csv',
      { schema: { tags: ['admin'], summary: 'The filtered payments as CSV', querystring: AdminPaymentQuerySchema, hide: true } },
      async (request, reply) => {
        const { items } = await admin.listPayments({ ...request.query, page: 1, pageSize: 10_000 });
        const rupees = (paise: number) => (paise / 100).toFixed(2);
        const csv = toCsv({
          fields: ['payment_id', 'created_at', 'order', 'customer', 'email', 'method', 'status', 'amount_inr', 'refunded_inr', 'reference'],
          data: items.map((p) => [
            p.id,
            p.createdAt,
            p.orderNumber,
            p.customer.name,
            p.customer.email,
            p.method,
            p.status,
            rupees(p.amount),
            rupees(p.refundedAmount),
            p.reference,
          ]),
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="payments.csv"')
          .send(`${csv}\r\n`);
      },
    );

    app.get(
      '/admin/payments/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'A payment with its order, refunds and audit',
          params: idParams,
          response: { 200: AdminPaymentDetailSchema, ...errors },
        },
      },
      (request) => admin.paymentDetail(request.params.id),
    );

    app.post(
      '/admin/payments/:id/refund',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Refund in full or in part, with a reason; money refunded on shipped goods goes out with a GST credit note against their invoice',
          params: idParams,
          body: RefundInputSchema,
          response: { 200: AdminPaymentDetailSchema, ...errors },
        },
      },
      (request) =>
        admin.refundPayment(
          actor(request),
          request.params.id,
          request.body.amount,
          request.body.reason,
          request.body.invoiceId,
          request.body.payout,
        ),
    );

    app.get(
      '/admin/outbox',
      {
        schema: {
          tags: ['admin'],
          summary: 'Refunds and mails waiting to be retried, with attempts and the last error',
          querystring: AdminOutboxQuerySchema,
          response: { 200: AdminOutboxListSchema, ...errors },
        },
      },
      (request) => admin.outbox(request.query),
    );

    app.post(
      '/admin/outbox/:id/retry',
      {
        schema: {
          tags: ['admin'],
          summary: 'Try a waiting refund or mail now',
          params: idParams,
          response: { 200: AdminOutboxJobSchema, ...errors },
        },
      },
      (request) => admin.retryOutboxJob(actor(request), request.params.id),
    );

    app.get(
      '/admin/audit',
      {
        schema: {
          tags: ['admin'],
          summary: 'The audit log of admin actions',
          querystring: AuditQuerySchema,
          response: { 200: AuditListSchema, ...errors },
        },
      },
      async (request) => ({
        ...(await audit.list(request.query)),
        page: request.query.page,
        pageSize: request.query.pageSize,
      }),
    );
  };
}
