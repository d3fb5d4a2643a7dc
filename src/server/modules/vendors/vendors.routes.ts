import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import {
  ImportReportSchema,
  MediaSchema,
  ModerationReplyInputSchema,
  PeriodQuerySchema,
  PublicStoreSchema,
  SettlementSchema,
  ShipInputSchema,
  StockUpdateInputSchema,
  VendorOrderListSchema,
  VendorOrderQuerySchema,
  VendorOrderSchema,
  VendorOverviewSchema,
  OfferInputSchema,
  VendorProductInputSchema,
  VendorProductListSchema,
  VendorProductQuerySchema,
  VendorProductSchema,
  VendorProductUpdateSchema,
  VendorProfileInputSchema,
  VendorProfileSchema,
} from '#shared/schemas/vendor.ts';
import { sellerChecklist } from '#shared/seller-kyc.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import { toIso } from '#server/db/database.ts';
import type { VendorRow } from '#server/db/schema.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { AccountSecurityService } from '#server/modules/auth/account-security.service.ts';
import type { DeliveryService } from '#server/modules/delivery/delivery.service.ts';
import type { Mailer } from '#server/modules/mail/mailer.ts';
import type { MediaService } from '#server/modules/media/media.service.ts';
import { uploadedImage } from '#server/modules/media/uploaded-image.ts';
import type { FulfilmentService } from '#server/modules/orders/fulfilment.service.ts';
import { requireRole, requireUser } from '#server/plugins/auth.ts';
import { ErrorResponseSchema } from '#server/plugins/openapi.ts';
import { CSV_TEMPLATE, type ProductImportService } from './product-import.service.ts';
import { payoutDetailsChangedMail } from './vendor-mails.ts';
import type { VendorProductsService } from './vendor-products.service.ts';
import type { VendorReportsService } from './vendor-reports.service.ts';
import { lastFour, PAYOUT_HOLD_HOURS, replacedPayoutDetails, sellerDetailsOf, type VendorsService } from './vendors.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};
const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'id must be a positive whole number')
    .transform(Number),
});

function toProfile(shop: VendorRow) {
  const details = sellerDetailsOf(shop);
  return {
    id: shop.id,
    businessName: shop.name,
    slug: shop.slug,
    status: shop.status,
    phone: shop.phone,
    gstin: shop.gstin,
    pickupAddress: shop.pickup_address ? JSON.parse(shop.pickup_address) : null,
    lowStockThreshold: shop.low_stock_threshold,
    createdAt: toIso(shop.created_at),
    legalName: details.legalName,
    pan: details.pan,
    bankAccount: details.bankAccount,
    acceptsCod: Number(shop.accepts_cod) === 1,
    shipsToSpecialZones: Number(shop.ships_to_special_zones) === 1,
    checklist: sellerChecklist(details),
    payoutsHeldUntil: heldUntil(shop),
  };
}

/** When the shop's payouts are held until, or null when they are not held (any more). */
export function heldUntil(shop: VendorRow, now = new Date()): string | null {
  return shop.payouts_held_until && Date.parse(shop.payouts_held_until) > now.getTime() ? shop.payouts_held_until : null;
}

/** The payout details as the audit log keeps them: the account number only by its last four digits. */
function payoutSnapshot(shop: VendorRow) {
  return {
    gstin: shop.gstin,
    pan: shop.pan,
    legalName: shop.legal_name,
    bankAccount: shop.bank_account_number ? `${shop.bank_ifsc} ${lastFour(shop.bank_account_number)}` : null,
  };
}

interface Deps {
  vendors: VendorsService;
  delivery: DeliveryService;
  vendorProducts: VendorProductsService;
  vendorReports: VendorReportsService;
  productImport: ProductImportService;
  media: MediaService;
  fulfilment: FulfilmentService;
  accountSecurity: AccountSecurityService;
  audit: AuditService;
  mailer: Mailer;
  store: StoreInfo;
}

/** The vendor area's API: role vendor only, and every query scoped to the caller's own shop. */
export function vendorRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { vendors, delivery, vendorProducts, vendorReports, productImport, media, fulfilment, accountSecurity, audit, mailer, store } =
    deps;
  return async (app) => {
    app.addHook('preValidation', requireRole('vendor'));
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    const shop = (request: Parameters<typeof requireUser>[0]) => vendorProducts.shopOf(requireUser(request).id);

    app.get(
      '/vendor/profile',
      { schema: { tags: ['vendor'], summary: "My shop's profile and approval status", response: { 200: VendorProfileSchema, ...errors } } },
      async (request) => toProfile(await shop(request)),
    );

    app.put(
      '/vendor/profile',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Change business name, phone, GSTIN, legal name, PAN, pickup address, bank account, low-stock threshold',
          body: VendorProfileInputSchema,
          response: { 200: VendorProfileSchema, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const current = await shop(request);
        const b = request.body;
        if (b.pickupAddress) await delivery.assertAddress(b.pickupAddress, 'pickupAddress.pincode');
        // A session alone may not redirect the shop's money: replacing a payout detail on file
        // takes the password, is audited, mailed to the seller and holds payouts for a while.
        const replaced = replacedPayoutDetails(current, b);
        if (replaced.length > 0) {
          if (!b.currentPassword) {
            const message = 'Please enter your current password to change the bank account, GSTIN, PAN or legal name';
            throw new AppError('VALIDATION_FAILED', message, { issues: [{ field: 'currentPassword', message }] });
          }
          await accountSecurity.confirmPassword(b.currentPassword, request, 'currentPassword');
        }
        const holdUntil = replaced.length > 0 ? new Date(Date.now() + PAYOUT_HOLD_HOURS * 3_600_000) : null;
        await vendors.updateProfile(current.id, {
          name: b.businessName,
          phone: b.phone,
          gstin: b.gstin,
          pickup_address: b.pickupAddress ? JSON.stringify(b.pickupAddress) : null,
          low_stock_threshold: b.lowStockThreshold,
          // Left out, the onboarding details stay as they are.
          ...(b.legalName !== undefined ? { legal_name: b.legalName } : {}),
          ...(b.pan !== undefined ? { pan: b.pan } : {}),
          ...(b.bankAccount !== undefined
            ? {
                bank_account_holder: b.bankAccount?.holder ?? null,
                bank_account_number: b.bankAccount?.number ?? null,
                bank_ifsc: b.bankAccount?.ifsc ?? null,
              }
            : {}),
          ...(b.acceptsCod !== undefined ? { accepts_cod: Number(b.acceptsCod) } : {}),
          ...(b.shipsToSpecialZones !== undefined ? { ships_to_special_zones: Number(b.shipsToSpecialZones) } : {}),
          ...(holdUntil ? { payouts_held_until: holdUntil.toISOString() } : {}),
        });
        const updated = await shop(request);
        if (holdUntil) {
          await audit.record({
            actor: { id: caller.id, email: caller.email },
            action: 'vendor.payout_details_changed',
            entityType: 'vendor',
            entityId: String(current.id),
            before: payoutSnapshot(current),
            after: { ...payoutSnapshot(updated), payoutsHeldUntil: holdUntil.toISOString() },
          });
          await mailer.send(payoutDetailsChangedMail(store, caller, updated.name, replaced, holdUntil));
        }
        return toProfile(updated);
      },
    );

    app.get(
      '/vendor/overview',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Revenue, orders, units, AOV, revenue per day, top products, low stock',
          querystring: PeriodQuerySchema,
          response: { 200: VendorOverviewSchema, ...errors },
        },
      },
      async (request) => vendorReports.overview(await shop(request), request.query.days),
    );

    app.get(
      '/vendor/products',
      {
        schema: {
          tags: ['vendor'],
          summary: 'My products',
          querystring: VendorProductQuerySchema,
          response: { 200: VendorProductListSchema, ...errors },
        },
      },
      (request) => vendorProducts.list(requireUser(request).id, request.query),
    );

    app.post(
      '/vendor/products',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Create a product (draft, or published once the shop is approved)',
          body: VendorProductInputSchema,
          response: { 201: VendorProductSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await vendorProducts.create(requireUser(request).id, request.body)),
    );

    app.get(
      '/vendor/products/import/template',
      { schema: { tags: ['vendor'], summary: 'CSV template for bulk import', hide: true } },
      async (_request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="products-template.csv"')
          .send(CSV_TEMPLATE),
    );

    app.post(
      '/vendor/products/import',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Import products from CSV (content-type text/csv); dryRun=true only checks',
          querystring: z.object({
            dryRun: z
              .enum(['true', 'false'])
              .default('true')
              .transform((v) => v === 'true'),
          }),
          response: { 200: ImportReportSchema, ...errors },
        },
      },
      async (request) => {
        if (typeof request.body !== 'string')
          throw new AppError('VALIDATION_FAILED', 'Send the CSV file as the body with content-type text/csv');
        return productImport.run(requireUser(request).id, request.body, request.query.dryRun);
      },
    );

    app.post(
      '/vendor/offers',
      {
        schema: {
          tags: ['vendor'],
          summary:
            'Sell a product already in the catalogue: your own price, MRP, stock, SKU and dispatch time (409 if you already sell it)',
          body: OfferInputSchema,
          response: { 201: VendorProductSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await vendorProducts.addOffer(requireUser(request).id, request.body)),
    );

    app.get(
      '/vendor/products/:id',
      { schema: { tags: ['vendor'], params: idParams, response: { 200: VendorProductSchema, ...errors } } },
      (request) => vendorProducts.get(requireUser(request).id, request.params.id),
    );

    app.put(
      '/vendor/products/:id',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Change a product; stock moves by (stock − stockWas), so sales made meanwhile stand (409 if it would go below 0)',
          params: idParams,
          body: VendorProductUpdateSchema,
          response: { 200: VendorProductSchema, ...errors },
        },
      },
      (request) => vendorProducts.update(requireUser(request).id, request.params.id, request.body),
    );

    app.patch(
      '/vendor/products/:id/stock',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Change the stock by (stock − stockWas), so sales made meanwhile stand (409 if it would go below 0)',
          params: idParams,
          body: StockUpdateInputSchema,
          response: { 200: VendorProductSchema, ...errors },
        },
      },
      (request) => vendorProducts.setStock(requireUser(request).id, request.params.id, request.body.stock, request.body.stockWas),
    );

    app.post(
      '/vendor/products/:id/moderation-reply',
      {
        schema: {
          tags: ['vendor'],
          summary:
            'Answer the hiding of my product (what was fixed), optionally asking for a review; only an admin restores it. 409 unless it is hidden',
          params: idParams,
          body: ModerationReplyInputSchema,
          response: { 201: VendorProductSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        return reply
          .status(201)
          .send(await vendorProducts.replyToModeration({ id: user.id, email: user.email }, request.params.id, request.body));
      },
    );

    app.post(
      '/vendor/products/:id/archive',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Archive (hide) a product',
          params: idParams,
          response: { 200: VendorProductSchema, ...errors },
        },
      },
      (request) => vendorProducts.archive(requireUser(request).id, request.params.id),
    );

    app.delete(
      '/vendor/products/:id',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Delete a product that has no orders',
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await vendorProducts.delete(requireUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/vendor/media',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Upload a product image (multipart field "file", ≤ 5 MB)',
          consumes: ['multipart/form-data'],
          response: { 201: MediaSchema, 413: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const current = await shop(request);
        if (current.status === 'suspended')
          throw new AppError('CONFLICT', 'Your shop is suspended; images cannot be uploaded. Please contact seller support.');
        const bytes = await uploadedImage(request);
        return reply.status(201).send(await media.upload(current.id, bytes));
      },
    );

    app.get(
      '/vendor/orders',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Orders with my items, newest first, a page at a time',
          querystring: VendorOrderQuerySchema,
          response: { 200: VendorOrderListSchema, ...errors },
        },
      },
      async (request) => fulfilment.list((await shop(request)).id, request.query),
    );

    for (const step of ['pack', 'deliver'] as const) {
      app.post(
        `/vendor/fulfilments/:id/${step}`,
        {
          schema: {
            tags: ['vendor'],
            summary: step === 'pack' ? 'Mark packed' : 'Mark delivered',
            params: idParams,
            response: { 200: VendorOrderSchema, ...errors },
          },
        },
        async (request) => fulfilment.step((await shop(request)).id, request.params.id, step),
      );
    }
    app.post(
      '/vendor/fulfilments/:id/ship',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Mark shipped with carrier and tracking number',
          params: idParams,
          body: ShipInputSchema,
          response: { 200: VendorOrderSchema, ...errors },
        },
      },
      async (request) => fulfilment.step((await shop(request)).id, request.params.id, 'ship', request.body),
    );

    app.get(
      '/vendor/settlements',
      {
        schema: {
          tags: ['vendor'],
          summary: 'Gross sales of delivered items, commission, net payable',
          querystring: PeriodQuerySchema,
          response: { 200: SettlementSchema, ...errors },
        },
      },
      async (request) => vendorReports.settlement(await shop(request), request.query.days),
    );

    app.get(
      '/vendor/settlements.csv',
      { schema: { tags: ['vendor'], summary: 'Settlement as CSV', querystring: PeriodQuerySchema, hide: true } },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="settlement-${request.query.days}-days.csv"`)
          .send(await vendorReports.settlementCsv(await shop(request), request.query.days)),
    );
  };
}

/** A shop's public page. */
export function storesRoutes({ vendors }: { vendors: VendorsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/stores/:slug',
      {
        schema: {
          tags: ['catalog'],
          summary: "A shop's public profile; its products are GET /api/products?vendor={slug}",
          params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, 'slug must be lower-case letters, digits and -') }),
          response: { 200: PublicStoreSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => {
        const shop = await vendors.findBySlug(request.params.slug);
        if (!shop || shop.status !== 'active') throw new AppError('NOT_FOUND', 'Store not found');
        return {
          name: shop.name,
          slug: shop.slug,
          since: toIso(shop.created_at),
          productCount: await vendors.countActiveProducts(shop.id),
        };
      },
    );
  };
}
