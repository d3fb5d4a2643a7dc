import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 strings on SQLite and timestamptz on PostgreSQL;
 * booleans are 0/1 integers on both so repositories read them the same way.
 */
type Timestamp = ColumnType<string | Date, string, string>;

export interface VendorsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  status: 'pending' | 'active' | 'suspended';
  created_at: Timestamp;
  /** the vendor's account; null for sellers onboarded without one (the demo catalogue) */
  user_id: string | null;
  phone: string | null;
  gstin: string | null;
  /** JSON pickup address, or null */
  pickup_address: string | null;
  low_stock_threshold: Generated<number>;
  /** the name the GST registration is in; PAN; the bank account settlements go to (migration 0016) */
  legal_name: string | null;
  pan: string | null;
  bank_account_holder: string | null;
  bank_account_number: string | null;
  bank_ifsc: string | null;
  /** shop delivery settings, 0/1 (migration 0019) */
  accepts_cod: Generated<number>;
  ships_to_special_zones: Generated<number>;
  /** payouts wait until this time (ISO) after a payout detail was replaced */
  payouts_held_until: string | null;
  /** while an admin has the owner's account suspended: the status the shop returns to (migration 0045) */
  status_before_owner_suspension: Generated<'pending' | 'active' | 'suspended' | null>;
}

export interface MediaTable {
  id: Generated<number>;
  vendor_id: number;
  url: string;
  width: number;
  height: number;
  bytes: number;
  created_at: Timestamp;
}

/** Better Auth's user table, with our role and status. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: number | boolean;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  role: 'customer' | 'vendor' | 'admin';
  status: 'active' | 'suspended';
  /** set when the owner deleted the account: name and e-mail are placeholders since (migration 0024) */
  deleted_at: Timestamp | null;
  /** a guest shopper's row (migration 0028): the e-mail they gave at checkout; `email` is then a placeholder */
  guest_email: string | null;
}

/** Better Auth's sign-in methods of a user; `password` is the hash of the e-mail and password one. */
export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  password: string | null;
  /** Better Auth's OAuth token columns: no social sign-in is configured, so they stay empty */
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Better Auth's single-use tokens (password reset, e-mail verification); identifiers are stored hashed. */
export interface VerificationsTable {
  id: string;
  identifier: string;
  /** the user's id */
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One request for a reset or verification mail, under each key it counts against (migration 0024). */
export interface AccountMailRequestsTable {
  id: Generated<number>;
  key: string;
  requested_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  expires_at: Timestamp;
  token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pincode: string;
  is_default: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** India Post's pincodes (migration 0019): read-only reference data. */
export interface PincodesTable {
  pincode: string;
  city: string;
  district: string;
  state: string;
  deliverable: number;
  metro: string | null;
}

export interface SignInFailuresTable {
  id: Generated<number>;
  key: string;
  failed_at: Timestamp;
}

/**
 * A catalogue product, whoever sells it. `vendor_id`, `price`, `mrp`, `stock` and `status` are
 * its buy box's (the winning offer: the product's offer from `vendor_id`; see offers.repository's
 * refreshBuyBox), written with every offer write; `sku` is the offer's and left NULL here.
 */
export interface ProductsTable {
  id: Generated<number>;
  vendor_id: number;
  name: string;
  slug: string;
  brand: string;
  category: 'Laptop' | 'Desktop' | 'Monitor';
  description: string;
  price: number;
  mrp: number;
  stock: number;
  /** JSON array of image URLs */
  images: string;
  /** JSON object of category specs */
  specs: string;
  /** name, brand, category and spec words, maintained by the catalog for the search index */
  search_text: string;
  status: 'draft' | 'active' | 'archived';
  featured: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  sku: string | null;
  /** set when an admin hid the product from the storefront; the vendor sees why */
  hidden_reason: string | null;
  /** the seller who listed it: its content is theirs to edit while no one else sells it */
  listed_by: number | null;
  /** offers on sale (active, from an active seller) */
  offer_count: Generated<number>;
  /** a product a seller lists waits for an admin's approval before the storefront shows it (migration 0015) */
  review: Generated<'pending' | 'approved' | 'rejected'>;
  review_reason: Generated<string | null>;
}

/** A seller's change to a shared product's details, waiting for an admin (migration 0015). */
export interface ProductProposalsTable {
  id: Generated<number>;
  product_id: number;
  vendor_id: number;
  /** JSON: name, brand, category, description, images, specs */
  changes: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reason: string | null;
  decided_by: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

/** One seller's offer of a product: the seller's alone to price and stock. */
export interface OffersTable {
  id: Generated<number>;
  product_id: number;
  vendor_id: number;
  sku: string | null;
  price: number;
  mrp: number;
  stock: number;
  /** working days from order to dispatch */
  dispatch_days: Generated<number>;
  status: Generated<'draft' | 'active' | 'archived'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Written by triggers (migration 0011): which products and vendors changed, when (epoch ms, database clock). */
export interface CatalogChangesTable {
  id: Generated<number>;
  product_id: number | null;
  vendor_id: number | null;
  changed_at: ColumnType<number | string, number, number>;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string;
  actor_email: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: string | null;
  after: string | null;
  reason: string | null;
  created_at: Timestamp;
}

export interface ProductAttributesTable {
  product_id: number;
  key: string;
  value: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  topic: string;
  order_number: string | null;
  message: string;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: string;
  idempotency_key: string;
  status: 'pending_payment' | 'confirmed' | 'cancelled' | 'return_requested' | 'returned' | 'refunded';
  subtotal: number;
  shipping: number;
  gst: number;
  total: number;
  /** JSON snapshot of the delivery address */
  address: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  cancel_reason: string | null;
  return_reason: string | null;
  return_requested_at: Timestamp | null;
  /** a business buyer's GSTIN and registered name, for input tax credit (migration 0018) */
  buyer_gstin: string | null;
  buyer_business_name: string | null;
  /** the coupon's discount, its code and who funded it (migration 0022) */
  discount: Generated<number>;
  coupon_code: string | null;
  coupon_funded_by: 'marketplace' | 'vendor' | null;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  value: number;
  min_order: number;
  max_discount: number | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  total_limit: number | null;
  per_customer_limit: number;
  /** 1: only for a customer's first order (FIRST_ORDER_RULE in src/shared/coupons.ts) */
  first_order_only: Generated<number>;
  used: Generated<number>;
  category: string | null;
  vendor_id: number | null;
  funded_by: 'marketplace' | 'vendor';
  active: Generated<number>;
  created_by: string;
  created_at: Timestamp;
}

export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  order_id: number;
  user_id: string;
  discount: number;
  released: Generated<number>;
  created_at: Timestamp;
}

/** A customer's review of a product they had delivered (migration 0023). */
export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: string;
  /** the seller the reviewed product was bought from: it may reply once */
  vendor_id: number;
  product_name: string;
  /** the reviewer's name as shown ("Asha R.") */
  author_name: string;
  rating: number;
  title: string;
  body: string;
  status: Generated<'visible' | 'hidden'>;
  hidden_reason: string | null;
  helpful_count: Generated<number>;
  report_count: Generated<number>;
  /** reports since an admin last decided on the review: it waits in the moderation queue while above 0 */
  open_reports: Generated<number>;
  /** the seller's one public reply, and its shop's name then */
  reply: string | null;
  reply_author: string | null;
  replied_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReviewVotesTable {
  review_id: number;
  user_id: string;
  created_at: Timestamp;
}

export interface ReviewReportsTable {
  id: Generated<number>;
  review_id: number;
  user_id: string;
  reason: string;
  details: Generated<string>;
  created_at: Timestamp;
}

/** A product's rating over its visible reviews, kept in each review write's transaction (migration 0023). */
export interface ProductRatingsTable {
  product_id: number;
  rating_count: number;
  /** the sum of the stars: the average's numerator */
  rating_sum: number;
  stars_1: number;
  stars_2: number;
  stars_3: number;
  stars_4: number;
  stars_5: number;
  updated_at: Timestamp;
}

/** A product a customer saved for later, with its price then (migration 0026); one per customer and product. */
export interface WishlistItemsTable {
  user_id: string;
  product_id: number;
  /** paise; bigint, read as a string on PostgreSQL */
  saved_price: ColumnType<number | string, number, number>;
  created_at: Timestamp;
}

/** A customer's "Notify me" on a product out of stock (migration 0029). */
export interface StockAlertsTable {
  user_id: string;
  product_id: number;
  created_at: Timestamp;
  /** when the mail that it is back was queued; null while the customer waits */
  notified_at: Timestamp | null;
}

/** A seller's answer to the hiding of its product, for the admins (migration 0033). */
export interface ModerationRepliesTable {
  id: Generated<number>;
  product_id: number;
  vendor_id: number;
  author_id: string;
  message: string;
  /** 1 when the seller asks for the product to be reviewed again */
  asks_review: Generated<number>;
  /** the reason the product was hidden for when the seller answered */
  hidden_reason: string;
  created_at: Timestamp;
}

export interface FulfilmentsTable {
  id: Generated<number>;
  order_id: number;
  vendor_id: number;
  vendor_name: string;
  status: 'pending' | 'packed' | 'shipped' | 'delivered' | 'cancelled';
  packed_at: Timestamp | null;
  shipped_at: Timestamp | null;
  delivered_at: Timestamp | null;
  carrier: string | null;
  tracking_number: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoiceSeriesTable {
  vendor_id: number;
  financial_year: string;
  last_number: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  fulfilment_id: number;
  order_id: number;
  vendor_id: number;
  user_id: string;
  financial_year: string;
  sequence: number;
  number: string;
  issued_at: Timestamp;
  /** JSON InvoiceDocument, as issued */
  document: string;
  /** the invoice's total, paise (migration 0020) */
  total: Generated<number>;
  /** how much of it credit notes have credited, paise; never more than `total` */
  credited: Generated<number>;
}

export interface CreditNoteSeriesTable {
  vendor_id: number;
  financial_year: string;
  last_number: number;
}

export interface CreditNotesTable {
  id: Generated<number>;
  invoice_id: number;
  order_id: number;
  vendor_id: number;
  user_id: string;
  financial_year: string;
  sequence: number;
  number: string;
  /** paise credited, GST included */
  amount: number;
  reason: string;
  issued_at: Timestamp;
  /** JSON CreditNoteDocument, as issued */
  document: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  fulfilment_id: number;
  product_id: number;
  /** the offer bought from; null only on lines older than offers that none matched */
  offer_id: number | null;
  vendor_id: number;
  name: string;
  image: string | null;
  unit_price: number;
  quantity: number;
  line_total: number;
  /** this line's share of the order's coupon discount (migration 0022) */
  discount: Generated<number>;
  /** a replacement sent for a return: the line it replaces; not paid for again (migration 0030) */
  replaces_item_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A return of units of one order line (migration 0030); see src/shared/returns.ts. */
export interface ReturnsTable {
  id: Generated<number>;
  order_id: number;
  order_item_id: number;
  fulfilment_id: number;
  vendor_id: number;
  user_id: string;
  quantity: number;
  reason: 'defective' | 'damaged' | 'wrong_item' | 'not_as_described' | 'missing_parts' | 'changed_mind' | 'other';
  details: string;
  resolution: 'refund' | 'replacement';
  status: 'requested' | 'approved' | 'rejected' | 'cancelled' | 'picked_up' | 'received' | 'refunded' | 'replacement_shipped';
  /** the refund, paise: an estimate until receipt, then what was refunded; bigint, read as a string on PostgreSQL */
  amount: ColumnType<number | string, number | undefined, number>;
  /** what comes off the seller's payable for it, paise (its sale of those units) */
  vendor_deduction: ColumnType<number | string, number | undefined, number>;
  /** JSON PayoutDestination: Cash on Delivery's refund goes there */
  payout: string | null;
  pickup_carrier: string | null;
  /** YYYY-MM-DD, an India date */
  pickup_date: string | null;
  rejection_reason: string | null;
  /** 1 back to stock, 0 not (damaged); null before receipt */
  restocked: number | null;
  payment_id: number | null;
  refund_job_id: number | null;
  credit_note_id: number | null;
  replacement_fulfilment_id: number | null;
  /** the request's key from the customer's form: the same request again finds this return */
  request_key: string | null;
  /** a guest's request from /track: when its mailed confirmation link expires; null once confirmed, and for members' returns */
  confirm_by: Timestamp | null;
  requested_at: Timestamp;
  approved_at: Timestamp | null;
  rejected_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  picked_up_at: Timestamp | null;
  received_at: Timestamp | null;
  refunded_at: Timestamp | null;
  replacement_shipped_at: Timestamp | null;
  updated_at: Timestamp;
}

/** A photo a customer attached to a return, re-encoded; kept out of the public uploads. */
export interface ReturnPhotosTable {
  id: Generated<number>;
  user_id: string;
  /** null until the return it was uploaded for is requested */
  return_id: number | null;
  /** the file under DATA_DIR/return-photos */
  file: string;
  width: number;
  height: number;
  bytes: number;
  created_at: Timestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  method: 'upi' | 'netbanking' | 'card' | 'emi' | 'cod';
  amount: number;
  /** Cash on Delivery: authorized until the cash is collected, cancelled with its order (migration 0021) */
  status: 'created' | 'authorized' | 'captured' | 'failed' | 'cancelled' | 'refunded' | 'partially_refunded';
  provider: string;
  reference: string;
  /** JSON: masked details only (VPA, bank, card network and last 4, EMI plan) */
  details: string;
  failure_reason: string | null;
  refunded_amount: number;
  /** our idempotency key for the gateway; NULL on payments made before it existed */
  attempt_key: string | null;
  /**
   * an open ('created') attempt waiting for the shopper's OTP or bank page, or ('gateway') for the
   * shopper to pay in a hosted checkout; NULL while the gateway is asked
   */
  awaiting: 'otp' | 'bank' | 'gateway' | null;
  /** a hosted checkout's order (Razorpay's order_…) the attempt is paid through (migration 0042) */
  gateway_order_id: string | null;
  /** when an attempt the shopper never finished was given up (status failed; migration 0034) */
  abandoned_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefundsTable {
  id: Generated<number>;
  payment_id: number;
  amount: number;
  reference: string;
  reason: string;
  /** the outbox job that made this refund, so a retried job never records it twice */
  outbox_id: number | null;
  /** pending until the gateway reports the refund processed or failed (migration 0042) */
  status: Generated<'pending' | 'processed' | 'failed'>;
  /** the acquirer's reference number the bank traces the refund by */
  arn: string | null;
  created_at: Timestamp;
}

/** Every verified webhook of a gateway, once by its event id. */
export interface GatewayEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  /** e.g. payment.captured */
  event: string;
  /** JSON: the event's raw body */
  payload: string;
  received_at: Timestamp;
  /** when the event was acted on; NULL while it still has to be */
  processed_at: Timestamp | null;
  /** why acting on it failed last, if it did */
  error: string | null;
}

/** The last reconciliation of an India day with a gateway. */
export interface ReconciliationReportsTable {
  provider: string;
  /** YYYY-MM-DD, in India */
  date: string;
  ran_at: Timestamp;
  /** JSON: the ReconciliationReport */
  report: string;
}

/** Work that must happen after a commit (refunds, mails), retried until it does. */
export interface OutboxTable {
  id: Generated<number>;
  kind: 'refund' | 'mail';
  /** JSON */
  payload: string;
  /** what the job is about, for look-ups: `payment:123` for a refund */
  ref: string | null;
  status: 'pending' | 'done';
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  /** a worker holds the job until then; another may take it after (the worker died) */
  locked_until: Timestamp | null;
  created_at: Timestamp;
  done_at: Timestamp | null;
}

/** The sandbox payment provider's own ledger: what a real gateway would remember across our crashes. */
export interface SandboxGatewayTable {
  id: Generated<number>;
  kind: 'charge' | 'refund' | 'payout';
  idempotency_key: string;
  reference: string;
  method: string | null;
  amount: number;
  status: 'captured' | 'failed' | 'requires_action' | 'refunded';
  action: 'otp' | 'bank' | null;
  reason: string | null;
  /** refunds: the charge refunded */
  charge_reference: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  vendors: VendorsTable;
  products: ProductsTable;
  offers: OffersTable;
  product_proposals: ProductProposalsTable;
  product_attributes: ProductAttributesTable;
  catalog_changes: CatalogChangesTable;
  contact_messages: ContactMessagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  account_mail_requests: AccountMailRequestsTable;
  addresses: AddressesTable;
  pincodes: PincodesTable;
  sign_in_failures: SignInFailuresTable;
  orders: OrdersTable;
  fulfilments: FulfilmentsTable;
  order_items: OrderItemsTable;
  returns: ReturnsTable;
  return_photos: ReturnPhotosTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  reviews: ReviewsTable;
  review_votes: ReviewVotesTable;
  review_reports: ReviewReportsTable;
  product_ratings: ProductRatingsTable;
  wishlist_items: WishlistItemsTable;
  stock_alerts: StockAlertsTable;
  moderation_replies: ModerationRepliesTable;
  invoice_series: InvoiceSeriesTable;
  invoices: InvoicesTable;
  credit_note_series: CreditNoteSeriesTable;
  credit_notes: CreditNotesTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  outbox: OutboxTable;
  sandbox_gateway: SandboxGatewayTable;
  gateway_events: GatewayEventsTable;
  reconciliation_reports: ReconciliationReportsTable;
  media: MediaTable;
  audit_log: AuditLogTable;
}

export type VendorRow = Selectable<VendorsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type NewOfferRow = Insertable<OffersTable>;
