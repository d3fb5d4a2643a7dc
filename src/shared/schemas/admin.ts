import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, ROLES } from './auth.ts';
import { ProductSchema } from './catalog.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES, PayoutDestinationSchema } from './orders.ts';
import { pageFields, wholeNumber } from './paging.ts';
import { MAX_IMAGES_PER_PRODUCT, ModerationReplySchema, productInputFields, stockWasField, withProductRules } from './vendor.ts';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : undefined),
  });

export const ADMIN_USER_SORTS = ['newest', 'oldest', 'name', 'email'] as const;

export const AdminUserQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(['active', 'suspended']).optional(),
  /** vendors whose shop awaits approval */
  pendingVendors: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(ADMIN_USER_SORTS, { error: `sort must be one of: ${ADMIN_USER_SORTS.join(', ')}` }).default('newest'),
  ...pageFields(20),
});
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;

export const AdminUserSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'suspended']),
  createdAt: z.string(),
  vendor: z
    .object({ id: z.number().int(), name: z.string(), slug: z.string(), status: z.enum(['pending', 'active', 'suspended']) })
    .nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = z.object({
  items: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** the admin (or seller) who acted: their name as it is now, null once the account is gone */
  actor: z.object({ id: z.string(), email: z.string(), name: z.string().nullable().default(null) }),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /**
   * what was acted on, by name: a user's name and e-mail, a product's or shop's name, a payment's
   * order and amount, a return's product and order; null when it is gone. A return, which has no
   * page of its own, also gives its `product` and `orderNumber`, for links to them.
   */
  subject: z
    .object({
      name: z.string(),
      detail: z.string().nullable(),
      product: z.object({ id: z.number().int(), name: z.string() }).nullable().default(null),
      orderNumber: z.string().nullable().default(null),
    })
    .nullable()
    .default(null),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const AuditQuerySchema = z.object({
  entityType: z.enum(['user', 'vendor', 'product', 'payment', 'outbox', 'coupon', 'review', 'return']).optional(),
  entityId: z.string().max(100).optional(),
  /** words of the e-mail address of whoever acted */
  actor: z.string().trim().toLowerCase().max(100).optional(),
  ...pageFields(50),
});

export const AdminUserDetailSchema = z.object({
  user: AdminUserSchema,
  orders: z.array(
    z.object({ id: z.number().int(), number: z.string(), orderDate: z.string(), displayStatus: z.string(), total: z.number().int() }),
  ),
  products: z.array(
    z.object({ id: z.number().int(), name: z.string(), status: z.string(), price: z.number().int(), stock: z.number().int() }),
  ),
  audit: z.array(AuditEntrySchema),
  /** a vendor's shop: what its approval needs, and what it has given */
  shopChecklist: z.array(z.object({ item: z.string(), done: z.boolean() })).nullable(),
});

const reason = z.string({ error: 'Please give a reason' }).trim().min(5, 'Please give a reason of at least 5 characters').max(500);

export const VendorDecisionInputSchema = strict({
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(500).optional(),
}).refine((body) => body.decision === 'approve' || (body.reason?.length ?? 0) >= 5, {
  message: 'Please give the vendor a reason of at least 5 characters',
  path: ['reason'],
});
export const UserStatusInputSchema = strict({ status: z.enum(['active', 'suspended']), reason });
export const UserRoleInputSchema = strict({ role: z.enum(ROLES), reason });
export const CreateAdminInputSchema = strict({
  name: z.string().trim().min(2, 'Please enter a name').max(100),
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid e-mail address')),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

export const ModerationInputSchema = strict({ action: z.enum(['hide', 'restore']), reason: z.string().trim().max(500).optional() }).refine(
  (body) => body.action === 'restore' || (body.reason?.length ?? 0) >= 5,
  { message: 'Please tell the vendor why, in at least 5 characters', path: ['reason'] },
);

export const AdminProductQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  vendor: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, 'vendor must be a store slug')
    .optional(),
  category: z.enum(['Laptop', 'Desktop', 'Monitor']).optional(),
  /** `review`: new listings awaiting the marketplace's approval */
  status: z.enum(['draft', 'active', 'archived', 'hidden', 'review']).optional(),
  stock: z.enum(['out', 'low']).optional(),
  ...pageFields(20),
});
export type AdminProductQuery = z.infer<typeof AdminProductQuerySchema>;

export const AdminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  status: z.enum(['draft', 'active', 'archived']),
  hiddenReason: z.string().nullable(),
  /** a seller's new listing waits for approval before the storefront shows it */
  review: z.enum(['pending', 'approved', 'rejected']),
  image: z.string().nullable(),
  vendor: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  updatedAt: z.string(),
});
export const AdminProductListSchema = z.object({
  items: z.array(AdminProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const productStatus = z.enum(['draft', 'active', 'archived'], { error: 'status must be draft, active or archived' });
/** Why the admin made a change, kept in the audit log (optional). */
const auditNote = z.string().trim().max(500, 'The note can be at most 500 characters').optional();

const { sku: _sku, status: _status, images: _images, ...editableFields } = productInputFields;

/**
 * An admin's edit of any vendor's product: the vendor editor's fields and rules (stock moves by the
 * change from stockWas), its images (its own, or ones uploaded for its shop through
 * POST /api/admin/products/{id}/media), any status, whether the store features it, and a note for
 * the audit log. The SKU stays the vendor's.
 */
export const AdminProductInputSchema = withProductRules(
  strict({
    ...editableFields,
    stockWas: stockWasField,
    status: productStatus,
    /** in order, the first the main one; left as they are when absent */
    images: z.array(z.string().max(300)).max(MAX_IMAGES_PER_PRODUCT, `At most ${MAX_IMAGES_PER_PRODUCT} images per product`).optional(),
    /** shown on the home page; left as it is when absent */
    featured: z.boolean({ error: 'featured must be true or false' }).optional(),
    reason: auditNote,
  }),
);
export type AdminProductInput = z.infer<typeof AdminProductInputSchema>;

/** Archive a product, or bring it back as a draft or published. */
export const AdminProductStatusInputSchema = strict({ status: productStatus, reason: auditNote });
export type AdminProductStatusInput = z.infer<typeof AdminProductStatusInputSchema>;

/** One seller's offer of a product as the admin sees it: on sale or not. */
export const AdminOfferSchema = z.object({
  id: z.number().int(),
  vendor: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), status: z.enum(['pending', 'active', 'suspended']) }),
  sku: z.string().nullable(),
  price: z.number().int(),
  mrp: z.number().int(),
  stock: z.number().int(),
  dispatchDays: z.number().int(),
  status: productStatus,
});
export type AdminOffer = z.infer<typeof AdminOfferSchema>;

/** One product as the admin edits it: every field, its buy box's shop, every seller's offer, and the admin actions on it. */
export const AdminProductDetailSchema = z.object({
  product: z.object({
    ...ProductSchema.shape,
    sku: z.string().nullable(),
    hiddenReason: z.string().nullable(),
    /** the marketplace's decision on the listing: it is on sale only once approved */
    review: z.object({ status: z.enum(['pending', 'approved', 'rejected']), reason: z.string().nullable() }),
  }),
  shop: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), status: z.enum(['pending', 'active', 'suspended']) }),
  offers: z.array(AdminOfferSchema),
  audit: z.array(AuditEntrySchema),
  /** the seller's answers to the hiding of the product, oldest first */
  moderationReplies: z.array(z.object({ ...ModerationReplySchema.shape, vendor: z.string() })).default([]),
});

/** A shared product's details, as a seller proposes them and as they are. */
const ProductContentSchema = z.object({
  name: z.string(),
  brand: z.string(),
  category: z.enum(['Laptop', 'Desktop', 'Monitor']),
  description: z.string(),
  images: z.array(z.string()),
  specs: z.record(z.string(), z.unknown()),
});

/** A seller's proposed change to a shared product's details, with the details as they are now. */
export const AdminProposalSchema = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  vendor: z.object({ id: z.number().int(), name: z.string() }),
  changes: ProductContentSchema,
  current: ProductContentSchema,
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminProposal = z.infer<typeof AdminProposalSchema>;
export const AdminProposalListSchema = z.object({ items: z.array(AdminProposalSchema) });
export const AdminProposalQuerySchema = z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') });

/** Approve a proposal (the product takes it), or reject it with a reason the seller sees. */
export const AdminProposalDecisionSchema = strict({
  decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
  reason: z.string().trim().max(500, 'The reason can be at most 500 characters').optional(),
}).refine((body) => body.decision === 'approve' || (body.reason ?? '').length > 0, {
  message: 'Please say why the change is rejected: the seller sees it',
  path: ['reason'],
});

/** Approve a seller's new listing (it goes on sale) or reject it with a reason the seller sees. */
export const AdminProductReviewSchema = strict({
  decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
  reason: z.string().trim().max(500, 'The reason can be at most 500 characters').optional(),
}).refine((body) => body.decision === 'approve' || (body.reason ?? '').length > 0, {
  message: 'Please say why the listing is rejected: the seller sees it',
  path: ['reason'],
});

/** Merge a duplicate into the product it duplicates: its sellers' offers move there. */
export const AdminProductMergeInputSchema = strict({
  into: z
    .number({ error: 'into must be the id of the product to keep' })
    .int('into must be a product id')
    .positive('into must be a product id'),
  reason: auditNote,
});
export type AdminProductDetail = z.infer<typeof AdminProductDetailSchema>;

const paise = (name: string) => z.string().regex(/^\d+$/, `${name} must be a whole number of paise`).transform(Number);
const isoDate = (name: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-11-22`);

export const AdminPaymentQuerySchema = z.object({
  q: z.string().trim().max(100).optional().describe('order number (CB00000042) or customer e-mail'),
  status: z.enum(PAYMENT_STATUSES).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
  minAmount: paise('minAmount').optional(),
  maxAmount: paise('maxAmount').optional(),
  ...pageFields(20),
});
export type AdminPaymentQuery = z.infer<typeof AdminPaymentQuerySchema>;

export const AdminPaymentSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  reference: z.string(),
  details: z.record(z.string(), z.unknown()),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  /** never finished by the shopper (see PaymentSchema): reads "Abandoned", not pending or failed */
  abandoned: z.boolean().default(false),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentListSchema = z.object({
  items: z.array(AdminPaymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: z.object({ count: z.number().int(), amount: z.number().int(), captured: z.number().int(), refunded: z.number().int() }),
});

export const AdminPaymentDetailSchema = z.object({
  payment: AdminPaymentSchema,
  order: z.object({
    id: z.number().int(),
    number: z.string(),
    status: z.string(),
    displayStatus: z.string(),
    /** the order's total and its lines: total = subtotal − discount + shipping (a bank offer is the payment's, in its details) */
    subtotal: z.number().int(),
    discount: z.number().int(),
    couponCode: z.string().nullable(),
    shipping: z.number().int(),
    total: z.number().int(),
    items: z.array(z.object({ name: z.string(), quantity: z.number().int(), lineTotal: z.number().int() })),
    /** each shipped shipment's GST tax invoice, its seller, what of it is left to credit, and its credit notes */
    invoices: z.array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        seller: z.string(),
        total: z.number().int(),
        creditable: z.number().int(),
        creditNotes: z.array(z.object({ id: z.number().int(), number: z.string() })),
      }),
    ),
  }),
  refunds: z.array(
    z.object({
      amount: z.number().int(),
      reason: z.string(),
      reference: z.string(),
      status: z.enum(['pending', 'processed', 'failed']),
      /** the bank's reference (ARN) once the gateway reports it */
      arn: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** refunds claimed on the payment and queued, that the gateway has not made yet */
  queuedRefunds: z.array(
    z.object({
      jobId: z.number().int(),
      amount: z.number().int(),
      reason: z.string(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string(),
      createdAt: z.string(),
    }),
  ),
  audit: z.array(AuditEntrySchema),
});

/** The outbox: refunds and mails that must happen, retried until they do. */
export const OUTBOX_KINDS = ['refund', 'mail'] as const;
export const AdminOutboxQuerySchema = z.object({
  status: z.enum(['pending', 'done'], { error: 'status must be pending or done' }).optional(),
  kind: z.enum(OUTBOX_KINDS, { error: 'kind must be refund or mail' }).optional(),
  page: wholeNumber('page', 1, 10_000).default(1),
  pageSize: wholeNumber('pageSize', 1, 100).default(20),
});
export type AdminOutboxQuery = z.infer<typeof AdminOutboxQuerySchema>;

export const AdminOutboxJobSchema = z.object({
  id: z.number().int(),
  kind: z.enum(OUTBOX_KINDS),
  /** "Refund of ₹8,999 on payment 12" or "Mail to asha@example.in: …" */
  summary: z.string(),
  paymentId: z.number().int().nullable(),
  status: z.enum(['pending', 'done']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type AdminOutboxJob = z.infer<typeof AdminOutboxJobSchema>;

export const AdminOutboxListSchema = z.object({
  items: z.array(AdminOutboxJobSchema),
  total: z.number().int(),
  /** pending jobs of any kind, whatever the filter */
  pending: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOutboxList = z.infer<typeof AdminOutboxListSchema>;

export const RefundInputSchema = strict({
  amount: z
    .number({ error: 'amount must be a whole number of paise' })
    .int('amount must be a whole number of paise')
    .positive('amount must be more than 0'),
  reason: z.string({ error: 'Please give a reason' }).trim().min(5, 'Please give a reason of at least 5 characters').max(500),
  /**
   * the tax invoice the refund is credited against (a GST credit note is issued), or null for money
   * no invoice covers (goods not yet shipped, the delivery charge); left out, the store decides when
   * it can (see shared/credit-notes.ts) and otherwise answers 409 asking which
   */
  invoiceId: z
    .number({ error: 'invoiceId must be an invoice’s id or null' })
    .int('invoiceId must be an invoice’s id or null')
    .positive('invoiceId must be an invoice’s id or null')
    .nullable()
    .optional(),
  /** Cash on Delivery only: the customer's UPI ID or bank account the money goes back to */
  payout: PayoutDestinationSchema.optional(),
});

export const AdminDashboardQuerySchema = z.object({
  days: z.enum(['7', '30', '90'], { error: 'days must be 7, 30 or 90' }).default('30').transform(Number),
});

export const AdminDashboardSchema = z.object({
  days: z.number().int(),
  /** gross merchandise value: the total of paid orders placed in the period */
  gmv: z.number().int(),
  orders: z.number().int(),
  payments: z.object({
    paid: z.number().int(),
    failed: z.number().int(),
    /** payments that took money, by method, largest first */
    byMethod: z.array(z.object({ method: z.enum(PAYMENT_METHODS), count: z.number().int(), amount: z.number().int() })),
    /** Cash on Delivery orders whose cash is still to be collected */
    codToCollect: z.object({ count: z.number().int(), amount: z.number().int() }),
  }),
  refunds: z.object({ count: z.number().int(), amount: z.number().int() }),
  newCustomers: z.number().int(),
  vendors: z.object({ new: z.number().int(), pending: z.number().int() }),
  perDay: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number().int() })),
  salesByCategory: z.array(z.object({ category: z.string(), revenue: z.number().int(), units: z.number().int() })),
  pendingVendors: z.array(z.object({ uid: z.string(), shop: z.string(), owner: z.string(), email: z.string(), since: z.string() })),
  latestOrders: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      customer: z.string(),
      total: z.number().int(),
      status: z.string(),
      orderDate: z.string(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
