import { formatPrice } from '#shared/money.ts';
import { formatPickupDate } from '#shared/returns.ts';
import { SPEC_FIELDS, specLabel } from '#web/components/product-form/product-form.ts';

/** One line of an audit entry, as a person reads it: "Price: ₹64,990 → ₹59,990". */
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  brand: 'Brand',
  category: 'Category',
  description: 'Description',
  price: 'Price',
  mrp: 'MRP',
  stock: 'Stock',
  images: 'Images',
  status: 'Status',
  featured: 'Featured on the home page',
  hiddenReason: 'Hidden from the store',
  review: 'Listing review',
  role: 'Role',
  email: 'E-mail',
  shopStatus: 'Shop',
  amount: 'Amount',
  refundedAmount: 'Refunded',
  orderCancelled: 'Order cancelled',
  creditNotes: 'Credit notes',
  attempts: 'Attempts',
  lastError: 'Last error',
  openReports: 'Open reports',
  productId: 'Product',
  sellers: 'Sellers',
  mergedInto: 'Merged into product',
  mergedFrom: 'Merged from product',
  proposedBy: 'Proposed by',
  code: 'Code',
  minOrder: 'Minimum order',
  maxDiscount: 'Largest discount',
  active: 'Active',
  startsOn: 'Starts on',
  endsOn: 'Ends on',
  message: 'Message',
  pickup: 'Pickup',
  restocked: 'Back in stock',
  creditNote: 'Credit note',
  shipment: 'Replacement sent',
};

/** Amounts in paise, shown in rupees with Indian grouping. */
const MONEY = new Set(['price', 'mrp', 'amount', 'refundedAmount', 'minOrder', 'maxDiscount', 'total', 'discount']);

export const PRODUCT_STATUS_NAMES: Record<string, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

/** The states the audited things pass through (products, shops, accounts, payments, reviews, listings), by name. */
const STATE_NAMES: Record<string, string> = {
  ...PRODUCT_STATUS_NAMES,
  pending: 'Pending',
  suspended: 'Suspended',
  approved: 'Approved',
  rejected: 'Rejected',
  visible: 'Visible',
  hidden: 'Hidden',
  captured: 'Captured',
  authorized: 'Authorised',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  done: 'Done',
  customer: 'Customer',
  vendor: 'Vendor',
  admin: 'Admin',
  requested: 'Requested',
  picked_up: 'Picked up',
  received: 'Received',
  replacement_shipped: 'Replacement shipped',
};
const STATE_KEYS = new Set(['status', 'shopStatus', 'review', 'role']);

const SPEC_LABELS = new Map(Object.values(SPEC_FIELDS).flatMap((fields) => fields.map((field) => [field.key, specLabel(field)] as const)));

const ACTION_NAMES: Record<string, string> = {
  'product.edit': 'Edited',
  'product.archive': 'Archived',
  'product.unarchive': 'Brought back from the archive',
  'product.publish': 'Published',
  'product.unpublish': 'Moved to drafts',
  'product.hide': 'Hidden from the store',
  'product.restore': 'Restored to the store',
  'product.review.approve': 'Listing approved',
  'product.review.reject': 'Listing rejected',
  'product.proposal.approve': 'Seller’s change approved',
  'product.proposal.reject': 'Seller’s change rejected',
  'product.merge': 'Merged',
  'product.moderation.reply': 'Seller replied to the moderation',
  'product.moderation.review-requested': 'Seller asked for a review',
  'user.suspend': 'Account suspended',
  'user.reactivate': 'Account reactivated',
  'user.role': 'Role changed',
  'user.create-admin': 'Admin created',
  'vendor.approve': 'Shop approved',
  'vendor.reject': 'Shop rejected',
  'vendor.status': 'Shop status changed',
  'payment.refund': 'Refunded',
  'outbox.retry': 'Retried now',
  'coupon.create': 'Coupon created',
  'coupon.activate': 'Coupon switched on',
  'coupon.deactivate': 'Coupon switched off',
  'review.hide': 'Review hidden',
  'review.restore': 'Review restored',
  'review.dismiss': 'Reports dismissed',
  'return.approve': 'Return approved',
  'return.reject': 'Return rejected',
  'return.picked-up': 'Return picked up',
  'return.receive': 'Return received',
  'return.ship-replacement': 'Replacement shipped',
};

/** Any audit action by name: "payment.refund" → "Refunded"; one this page does not know is tidied. */
export const auditActionName = (action: string): string => productActionName(action);

/** "product.archive" → "Archived"; an action this page does not know is tidied: "product.x-y" → "Product x y". */
export function productActionName(action: string): string {
  const known = ACTION_NAMES[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const LONG_TEXT = 160;

function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (MONEY.has(key) && typeof value === 'number') return formatPrice(value);
  if (STATE_KEYS.has(key) && typeof value === 'string') return STATE_NAMES[value] ?? value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'images' && Array.isArray(value))
    return value.length === 0
      ? 'None'
      : `${value.length} image${value.length === 1 ? '' : 's'}, main ${String(value[0]).split('/').pop() ?? ''}`;
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map(String).join(', ');
  // A return's pickup and its replacement's shipment: the courier, and the day or the tracking number.
  const { carrier, pickupDate, trackingNumber } = record(value);
  if (key === 'pickup' && typeof carrier === 'string' && typeof pickupDate === 'string')
    return `${carrier} on ${formatPickupDate(pickupDate)}`;
  if (key === 'shipment' && typeof carrier === 'string' && typeof trackingNumber === 'string')
    return `${carrier}, tracking number ${trackingNumber}`;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1)}…` : text;
}

/** "someField" → "Some field", for a field this page has no name for. */
function tidy(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function keysOf(...records: Array<Record<string, unknown>>): string[] {
  return [...new Set(records.flatMap((r) => Object.keys(r)))];
}

/**
 * An audit entry's before and after, field by field, in a person's terms (rupees with Indian
 * grouping, states by name, spec labels with units); specs get one line per spec that changed,
 * and a field the entry records unchanged is left out.
 */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  const was = record(before);
  const is = record(after);
  const lines: FieldChange[] = [];
  for (const key of keysOf(is, was)) {
    if (key !== 'specs') {
      if (key in was && key in is && JSON.stringify(was[key]) === JSON.stringify(is[key])) continue;
      lines.push({ label: FIELD_LABELS[key] ?? tidy(key), before: show(key, was[key]), after: show(key, is[key]) });
      continue;
    }
    const specsWere = record(was.specs);
    const specsAre = record(is.specs);
    for (const spec of keysOf(specsAre, specsWere)) {
      if (JSON.stringify(specsWere[spec]) === JSON.stringify(specsAre[spec])) continue;
      lines.push({ label: SPEC_LABELS.get(spec) ?? spec, before: show(spec, specsWere[spec]), after: show(spec, specsAre[spec]) });
    }
  }
  return lines;
}

/** A product's history reads its entries the same way. */
export const productChanges = auditChanges;
