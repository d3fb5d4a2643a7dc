import { z } from 'zod';
import { CATEGORIES, type Category } from '../categories.ts';
import { BANK_ACCOUNT_NUMBER, gstinProblem, IFSC, PAN, panOfGstin } from '../gst.ts';
import { INDIAN_MOBILE, normaliseMobile } from '../india.ts';
import { MAX_PRICE } from '../money.ts';
import { FULFILMENT_STATUSES } from '../order-states.ts';
import { AddressInputSchema } from './account.ts';
import { ProductSchema } from './catalog.ts';
import { DeliveryAddressSchema, PAYMENT_METHODS, TaxDocumentRefSchema } from './orders.ts';
import { pageFields } from './paging.ts';
import { SPECS_SCHEMAS } from './specs-input.ts';
import { z as mini } from './zod-mini.ts';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined),
  });

export const MAX_IMAGES_PER_PRODUCT = 8;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The fields of a product edit; the vendor's and the admin's editors both build on them. */
export const productInputFields = {
  name: z.string({ error: 'Please enter the product name' }).trim().min(3, 'Name must be at least 3 characters').max(160),
  brand: z.string({ error: 'Please enter the brand' }).trim().min(1, 'Please enter the brand').max(60),
  category: z.enum(CATEGORIES, { error: 'category must be Laptop, Desktop or Monitor' }),
  description: z.string().trim().max(5000).default(''),
  sku: z.string().trim().regex(SKU, 'SKU: letters, digits, . _ - (up to 64)').optional(),
  price: z
    .number({ error: 'price must be a whole number of paise' })
    .int('price must be a whole number of paise')
    .positive('price must be more than 0')
    .max(MAX_PRICE),
  mrp: z.number({ error: 'mrp must be a whole number of paise' }).int('mrp must be a whole number of paise').positive().max(MAX_PRICE),
  stock: z
    .number({ error: 'stock must be a whole number' })
    .int('stock must be a whole number')
    .min(0, 'stock cannot be negative')
    .max(100_000),
  specs: z.record(z.string(), z.unknown()),
  images: z.array(z.string().max(300)).max(MAX_IMAGES_PER_PRODUCT, `At most ${MAX_IMAGES_PER_PRODUCT} images per product`).default([]),
  /** draft saves; active publishes (approved shops only) */
  status: z.enum(['draft', 'active']).default('draft'),
};

export const IMAGE_REQUIRED_MESSAGE =
  'Add at least one image before publishing: shoppers do not buy what they cannot see. Save it as a draft until then.';

/**
 * Whether saving `next` would publish a product without an image: refused for sellers, admins and
 * CSV imports alike. A product already on sale without one (from before this rule) may still be
 * corrected, as long as the save does not take its images away.
 */
export function publishesWithoutImage(
  next: { status: string; images: readonly string[] },
  current?: { status: string; images: readonly string[] },
): boolean {
  if (next.status !== 'active' || next.images.length > 0) return false;
  return !current || current.status !== 'active' || current.images.length > 0;
}

type RuledProduct = { price: number; mrp: number; category: Category; specs: Record<string, unknown> };

/** The rules every product edit obeys, whoever makes it: MRP at least the price, the specs of its category. */
export function withProductRules<T extends z.ZodType<RuledProduct>>(schema: T): T {
  return schema
    .refine((p: RuledProduct) => p.mrp >= p.price, { message: 'MRP must be at least the price', path: ['mrp'] })
    .superRefine((p: RuledProduct, ctx) => {
      const parsed = SPECS_SCHEMAS[p.category].safeParse(p.specs);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['specs', ...issue.path], message: `specs.${issue.path.join('.')}: ${issue.message}` });
      }
    });
}

/**
 * The stock the editor was shown when they opened the product. An edit moves stock by
 * (stock − stockWas), so units customers bought while the form was open stay sold.
 */
export const stockWasField = z
  .number({ error: 'stockWas (the stock shown when the product was opened) must be a whole number' })
  .int('stockWas must be a whole number')
  .min(0, 'stockWas cannot be negative')
  .describe('The stock shown when the editor opened the product; stock moves by (stock − stockWas), so sales made meanwhile stand');

/** Create a product. Prices in paise, GST-inclusive; the first image is the main one. */
export const VendorProductInputSchema = withProductRules(strict(productInputFields));
export type VendorProductInput = z.infer<typeof VendorProductInputSchema>;

/** Edit a product: the fields of a new one, and the stock the editor started from. */
export const VendorProductUpdateSchema = withProductRules(strict({ ...productInputFields, stockWas: stockWasField }));
export type VendorProductUpdate = z.infer<typeof VendorProductUpdateSchema>;

/** A seller's offer of a product already in the catalogue: its price, MRP, stock, SKU and dispatch time. */
export const OfferInputSchema = strict({
  productId: z
    .number({ error: 'productId must be a whole number' })
    .int('productId must be a whole number')
    .positive('productId must be a whole number'),
  sku: productInputFields.sku,
  price: productInputFields.price,
  mrp: productInputFields.mrp,
  stock: productInputFields.stock,
  dispatchDays: z
    .number({ error: 'dispatchDays must be a whole number' })
    .int('dispatchDays must be a whole number')
    .min(0, 'dispatchDays cannot be negative')
    .max(30, 'dispatchDays must be at most 30')
    .default(2),
}).refine((offer) => offer.mrp >= offer.price, { message: 'MRP must be at least the price', path: ['mrp'] });
export type OfferInput = z.infer<typeof OfferInputSchema>;

/** A 409's details when an edit would take stock below 0: the stock now. */
export const StockConflictSchema = z.object({ stock: z.number().int() });

/** A seller's answer to the hiding of its product: what it fixed, and whether it asks for the product to be reviewed again. */
export const ModerationReplySchema = z.object({
  id: z.number().int(),
  message: z.string(),
  asksReview: z.boolean(),
  /** the reason the product was hidden for when the seller answered */
  hiddenReason: z.string(),
  createdAt: z.string(),
});
export type ModerationReply = z.infer<typeof ModerationReplySchema>;

export const ModerationReplyInputSchema = strict({
  message: z
    .string({ error: 'Please write your reply' })
    .trim()
    .min(5, 'Please write a reply of at least 5 characters')
    .max(1000, 'The reply can be at most 1,000 characters'),
  /** ask the marketplace to look at the product again (and restore it) */
  asksReview: z.boolean({ error: 'asksReview must be true or false' }).default(false),
});
export type ModerationReplyInput = z.infer<typeof ModerationReplyInputSchema>;

// ProductSchema and AddressInputSchema are zod/mini (zod-mini.ts), without .extend() or .omit().
export const VendorProductSchema = z.object({
  ...ProductSchema.shape,
  sku: z.string().nullable(),
  /** products with orders are archived instead of deleted */
  hasOrders: z.boolean(),
  /** set when an admin hid the product from the storefront */
  hiddenReason: z.string().nullable(),
  /** the seller's answers to the moderation, oldest first */
  moderationReplies: z.array(ModerationReplySchema).default([]),
  /** another seller listed it or sells it too: its details are not this seller's alone to change */
  sharedDetails: z.boolean(),
  /** a new listing waits for the marketplace's approval before the storefront shows it; a rejected one says why */
  review: z.object({ status: z.enum(['pending', 'approved', 'rejected']), reason: z.string().nullable() }),
  /** the seller's latest proposed change to those details, waiting for the marketplace or decided */
  proposal: z
    .object({ status: z.enum(['pending', 'approved', 'rejected']), reason: z.string().nullable(), createdAt: z.string() })
    .nullable(),
});
export type VendorProduct = z.infer<typeof VendorProductSchema>;

export const VENDOR_PRODUCT_SORTS = ['newest', 'name', 'price_asc', 'price_desc', 'stock_asc'] as const;

/**
 * A seller's products as it sees them: draft, active or archived by its offer, or hidden by an
 * admin whatever its offer says (not on sale, so not counted as active). Each product is in one.
 */
export const VENDOR_PRODUCT_STATES = ['draft', 'active', 'archived', 'hidden'] as const;
export type VendorProductState = (typeof VENDOR_PRODUCT_STATES)[number];

export const VendorProductQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(VENDOR_PRODUCT_STATES, { error: `status must be one of: ${VENDOR_PRODUCT_STATES.join(', ')}` }).optional(),
  sort: z.enum(VENDOR_PRODUCT_SORTS, { error: `sort must be one of: ${VENDOR_PRODUCT_SORTS.join(', ')}` }).default('newest'),
  page: z
    .string()
    .regex(/^\d+$/, 'page must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'page must be at least 1'))
    .default(1),
  pageSize: z
    .string()
    .regex(/^\d+$/, 'pageSize must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1).max(100, 'pageSize must be at most 100'))
    .default(20),
});
export type VendorProductQuery = z.infer<typeof VendorProductQuerySchema>;

export const VendorProductListSchema = z.object({
  items: z.array(VendorProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** how many of the seller's products are in each state, whatever the search: the status tabs' counts */
  counts: z.object({ draft: z.number().int(), active: z.number().int(), archived: z.number().int(), hidden: z.number().int() }),
});

/** The product list's stock change: the new stock and the stock shown before it was typed. */
export const StockUpdateInputSchema = strict({
  stock: z.number().int('stock must be a whole number').min(0, 'stock cannot be negative').max(100_000),
  stockWas: stockWasField,
});

export const MediaSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() });
export type Media = z.infer<typeof MediaSchema>;

/** CSV import: every row checked first, then the valid ones written in one go. */
export const CSV_COLUMNS = [
  'sku',
  'name',
  'brand',
  'category',
  'price',
  'mrp',
  'stock',
  'status',
  'description',
  'processor',
  'ram_gb',
  'storage_gb',
  'storage_type',
  'display_size_in',
  'graphics',
  'os',
  'weight_kg',
  'battery_wh',
  'form_factor',
  'size_in',
  'resolution',
  'panel',
  'refresh_rate_hz',
  'response_time_ms',
  'ports',
  'part_number',
  'ean',
] as const;

export const ImportRowResultSchema = z.object({
  line: z.number().int(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  action: z.enum(['create', 'update', 'error']),
  errors: z.array(z.string()),
});
export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(ImportRowResultSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const VendorOrderLineSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
});

/** A vendor's share of an order: its own lines only, the customer's name and address, no payment details. */
export const VendorOrderSchema = z.object({
  fulfilmentId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderDate: z.string(),
  orderStatus: z.string(),
  status: z.enum(FULFILMENT_STATUSES),
  customerName: z.string(),
  address: DeliveryAddressSchema,
  items: z.array(VendorOrderLineSchema),
  total: z.number().int(),
  packedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** the shipment's GST tax invoice (GET /api/invoices/{id}/pdf), issued as it is marked shipped */
  invoice: TaxDocumentRefSchema.nullable(),
  /** the credit notes against that invoice (GET /api/credit-notes/{id}/pdf), oldest first */
  creditNotes: z.array(TaxDocumentRefSchema),
  /** a Cash on Delivery order: what the courier collects for these items */
  cashOnDelivery: z.object({ amount: z.number().int() }).nullable().default(null),
  /** the date (YYYY-MM-DD, India) to hand it to the courier by: the shop's dispatch days from payment, in working days; null once shipped or cancelled */
  dispatchBy: z.string().nullable().default(null),
});
export type VendorOrder = z.infer<typeof VendorOrderSchema>;
const statusCounts = z.object(
  Object.fromEntries(FULFILMENT_STATUSES.map((status) => [status, z.number().int()])) as Record<
    (typeof FULFILMENT_STATUSES)[number],
    z.ZodNumber
  >,
);
export const VendorOrderListSchema = z.object({
  items: z.array(VendorOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** how many of the shop's orders (matching the search, whatever the status filter) are in each status: the status tabs' counts */
  counts: statusCounts.default({ pending: 0, packed: 0, shipped: 0, delivered: 0, cancelled: 0 }),
});
export type VendorOrderList = z.infer<typeof VendorOrderListSchema>;
export const VENDOR_ORDERS_PAGE_SIZE = 20;
export const VendorOrderQuerySchema = z.object({
  status: z.enum(FULFILMENT_STATUSES, { error: `status must be one of: ${FULFILMENT_STATUSES.join(', ')}` }).optional(),
  /** an order number (CB00000042) or words of the customer's name */
  q: z.string().trim().max(100, 'Search at most 100 characters').optional(),
  ...pageFields(VENDOR_ORDERS_PAGE_SIZE),
});
export type VendorOrderQuery = z.infer<typeof VendorOrderQuerySchema>;

export const ShipInputSchema = strict({
  carrier: z.string({ error: 'Please enter the carrier' }).trim().min(2, 'Please enter the carrier').max(60),
  trackingNumber: z
    .string({ error: 'Please enter the tracking number' })
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'Tracking number: 4–40 letters, digits or -'),
});

export const SETTLEMENT_PERIODS = ['7', '30', '90'] as const;
export const PeriodQuerySchema = z.object({
  days: z.enum(SETTLEMENT_PERIODS, { error: 'days must be 7, 30 or 90' }).default('30').transform(Number),
});

export const SettlementSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** the net payable is not paid out before this time (a payout detail was replaced); null when not held */
  payoutsHeldUntil: z.string().nullable().default(null),
  commissionPercent: z.number(),
  gross: z.number().int(),
  /** discounts of the shop's own coupons: they come out of its payable */
  shopDiscounts: z.number().int(),
  /** discounts of the marketplace's coupons on the shop's sales: the marketplace pays them */
  marketplaceDiscounts: z.number().int(),
  /** refunded returns in the period: the shop's sales of those units come off its payable */
  returns: z.number().int().default(0),
  commission: z.number().int(),
  net: z.number().int(),
  returnLines: z
    .array(
      z.object({
        orderNumber: z.string(),
        refundedAt: z.string(),
        product: z.string(),
        quantity: z.number().int(),
        /** what comes off the payable, paise */
        amount: z.number().int(),
      }),
    )
    .default([]),
  lines: z.array(
    z.object({
      orderNumber: z.string(),
      deliveredAt: z.string(),
      product: z.string(),
      quantity: z.number().int(),
      amount: z.number().int(),
      discount: z.number().int(),
      discountFundedBy: z.enum(['marketplace', 'vendor']).nullable(),
      /** how the order was paid: 'cod' is cash the courier collected */
      paymentMethod: z.enum(PAYMENT_METHODS).nullable().optional(),
    }),
  ),
});
export type Settlement = z.infer<typeof SettlementSchema>;

export const VendorOverviewSchema = z.object({
  days: z.number().int(),
  revenue: z.number().int(),
  orders: z.number().int(),
  units: z.number().int(),
  averageOrderValue: z.number().int(),
  revenueByDay: z.array(z.object({ date: z.string(), revenue: z.number().int() })),
  topProducts: z.array(z.object({ productId: z.number().int(), name: z.string(), units: z.number().int(), revenue: z.number().int() })),
  lowStock: z.array(z.object({ id: z.number().int(), name: z.string(), stock: z.number().int() })),
  lowStockThreshold: z.number().int(),
  awaitingPacking: z.number().int(),
});
export type VendorOverview = z.infer<typeof VendorOverviewSchema>;

export const PickupAddressSchema = mini.omit(AddressInputSchema, { isDefault: true });

/** The bank account a shop's settlements are paid into. */
export const BankAccountInputSchema = strict({
  holder: z.string().trim().min(2, 'Please enter the account holder’s name, as the bank has it').max(120),
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(BANK_ACCOUNT_NUMBER, 'Account number: 9 to 18 digits')),
  ifsc: z
    .string()
    .trim()
    .toUpperCase()
    .regex(IFSC, 'IFSC: 11 characters, the bank’s four letters, 0 and the branch code, like HDFC0001234'),
});

/**
 * The shop's profile. The onboarding details (legal name, PAN, bank account) may be left out, and
 * are then kept as they are; the shop's profile page always sends them.
 */
export const VendorProfileInputSchema = strict({
  businessName: z.string().trim().min(2, 'Please enter your business name').max(120),
  phone: z.string().trim().regex(INDIAN_MOBILE, 'Please enter a 10-digit Indian mobile number (+91)').transform(normaliseMobile),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      const problem = value === '' ? undefined : gstinProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value || null),
  legalName: z
    .string()
    .trim()
    .max(160, 'Legal name: at most 160 characters')
    .transform((value) => value || null)
    .optional(),
  pan: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || PAN.test(value), 'PAN: 10 characters, five letters, four digits and a letter, like AABCT1234F')
    .transform((value) => value || null)
    .optional(),
  pickupAddress: z.nullable(PickupAddressSchema),
  bankAccount: BankAccountInputSchema.nullable().optional(),
  lowStockThreshold: z.number().int().min(0).max(1000),
  /** delivery settings; left out, they stay as they are */
  acceptsCod: z.boolean().optional(),
  shipsToSpecialZones: z.boolean().optional(),
  /** needed to replace the bank account, GSTIN, PAN or legal name already on file */
  currentPassword: z
    .string()
    .max(1024)
    .transform((value) => value || undefined)
    .optional(),
}).superRefine((profile, ctx) => {
  // A GST registration is in the PAN's name: the two must agree.
  if (profile.pan && profile.gstin && panOfGstin(profile.gstin) !== profile.pan) {
    ctx.addIssue({ code: 'custom', path: ['pan'], message: `PAN must be the one in your GSTIN, ${panOfGstin(profile.gstin)}` });
  }
});
export type VendorProfileInput = z.infer<typeof VendorProfileInputSchema>;

export const VendorProfileSchema = z.object({
  id: z.number().int(),
  businessName: z.string(),
  slug: z.string(),
  status: z.enum(['pending', 'active', 'suspended']),
  phone: z.string().nullable(),
  gstin: z.string().nullable(),
  pickupAddress: DeliveryAddressSchema.nullable(),
  lowStockThreshold: z.number().int(),
  createdAt: z.string(),
  legalName: z.string().nullable(),
  pan: z.string().nullable(),
  bankAccount: z.object({ holder: z.string(), number: z.string(), ifsc: z.string() }).nullable(),
  /** takes Cash on Delivery; ships to the North East, Jammu & Kashmir, Ladakh and the islands */
  acceptsCod: z.boolean(),
  shipsToSpecialZones: z.boolean(),
  /** what the marketplace's approval needs, and what the shop has given */
  checklist: z.array(z.object({ item: z.string(), done: z.boolean() })),
  /** payouts wait until this time after a payout detail was replaced; null when they are not held */
  payoutsHeldUntil: z.string().nullable().default(null),
});
export type VendorProfile = z.infer<typeof VendorProfileSchema>;

export const PublicStoreSchema = z.object({ name: z.string(), slug: z.string(), since: z.string(), productCount: z.number().int() });
