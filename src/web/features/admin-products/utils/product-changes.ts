import { formatPrice } from '#shared/money.ts';
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
  status: 'Status',
  featured: 'Featured on the home page',
  hiddenReason: 'Hidden from the store',
};

export const PRODUCT_STATUS_NAMES: Record<string, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

const SPEC_LABELS = new Map(Object.values(SPEC_FIELDS).flatMap((fields) => fields.map((field) => [field.key, specLabel(field)] as const)));

const ACTION_NAMES: Record<string, string> = {
  'product.edit': 'Edited',
  'product.archive': 'Archived',
  'product.unarchive': 'Brought back from the archive',
  'product.publish': 'Published',
  'product.unpublish': 'Moved to drafts',
  'product.hide': 'Hidden from the store',
  'product.restore': 'Restored to the store',
};

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
  if ((key === 'price' || key === 'mrp') && typeof value === 'number') return formatPrice(value);
  if (key === 'status' && typeof value === 'string') return PRODUCT_STATUS_NAMES[value] ?? value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1)}…` : text;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function keysOf(...records: Array<Record<string, unknown>>): string[] {
  return [...new Set(records.flatMap((r) => Object.keys(r)))];
}

/**
 * An audit entry's before and after, field by field, in the page's terms (rupees, status names,
 * spec labels with units); specs get one line per spec that changed.
 */
export function productChanges(before: unknown, after: unknown): FieldChange[] {
  const was = record(before);
  const is = record(after);
  const lines: FieldChange[] = [];
  for (const key of keysOf(is, was)) {
    if (key !== 'specs') {
      lines.push({ label: FIELD_LABELS[key] ?? key, before: show(key, was[key]), after: show(key, is[key]) });
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
