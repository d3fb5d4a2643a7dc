import type { z } from 'zod';
import { CATEGORIES, type Category } from '#shared/categories.ts';
import { formatPrice, MAX_PRICE } from '#shared/money.ts';
import { DesktopSpecsSchema, LaptopSpecsSchema, MonitorSpecsSchema } from '#shared/schemas/catalog.ts';
import { SPECS_SCHEMAS } from '#shared/schemas/specs-input.ts';
import { StockConflictSchema, VendorProductInputSchema, type VendorProduct, type VendorProductInput } from '#shared/schemas/vendor.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { paiseToRupeeText, parseRupees } from './rupees.ts';

/** How one spec is entered: a text box, a number box, a select of the schema's options, or a comma list. */
export type SpecField =
  | { key: string; kind: 'text'; title: string; hint?: string; optional?: boolean }
  | { key: string; kind: 'integer' | 'decimal'; title: string; unit: string; hint?: string }
  | { key: string; kind: 'choice'; title: string; options: readonly string[] }
  | { key: string; kind: 'list'; title: string; hint: string; item: string };

export function specLabel(field: SpecField): string {
  return field.kind === 'integer' || field.kind === 'decimal' ? `${field.title} (${field.unit})` : field.title;
}

const processor: SpecField = {
  key: 'processor',
  kind: 'text',
  title: 'Processor',
  hint: 'For example, Intel Core i5-1335U or AMD Ryzen 7 7735HS',
};
const ram: SpecField = { key: 'ramGb', kind: 'integer', title: 'RAM', unit: 'GB' };
const storage: SpecField = { key: 'storageGb', kind: 'integer', title: 'Storage', unit: 'GB', hint: 'Total capacity; 1 TB is 1024 GB' };
const graphics: SpecField = {
  key: 'graphics',
  kind: 'text',
  title: 'Graphics',
  hint: 'For example, Intel Iris Xe or NVIDIA GeForce RTX 4060',
};
/** The model's identifiers, in every category: other sellers find the product by them. */
const identifiers: readonly SpecField[] = [
  {
    key: 'partNumber',
    kind: 'text',
    title: 'Part number (MPN)',
    hint: "The maker's model or part number, for example 82XB00FLIN",
    optional: true,
  },
  { key: 'ean', kind: 'text', title: 'EAN barcode', hint: 'The 13 digits under the barcode on the box', optional: true },
];

/** The spec fields of each category, in the order the form shows them; options come from the shared schemas. */
export const SPEC_FIELDS: Record<Category, readonly SpecField[]> = {
  Laptop: [
    processor,
    ram,
    storage,
    { key: 'storageType', kind: 'choice', title: 'Storage type', options: LaptopSpecsSchema.shape.storageType.options },
    { key: 'displaySizeIn', kind: 'decimal', title: 'Display size', unit: 'inches' },
    graphics,
    { key: 'os', kind: 'text', title: 'Operating system', hint: 'For example, Windows 11 Home' },
    { key: 'weightKg', kind: 'decimal', title: 'Weight', unit: 'kg' },
    { key: 'batteryWh', kind: 'decimal', title: 'Battery', unit: 'Wh' },
    ...identifiers,
  ],
  Desktop: [
    processor,
    ram,
    storage,
    { key: 'storageType', kind: 'choice', title: 'Storage type', options: DesktopSpecsSchema.shape.storageType.options },
    graphics,
    { key: 'formFactor', kind: 'choice', title: 'Form factor', options: DesktopSpecsSchema.shape.formFactor.options },
    ...identifiers,
  ],
  Monitor: [
    { key: 'sizeIn', kind: 'decimal', title: 'Screen size', unit: 'inches' },
    { key: 'resolution', kind: 'choice', title: 'Resolution', options: MonitorSpecsSchema.shape.resolution.options },
    { key: 'panel', kind: 'choice', title: 'Panel type', options: MonitorSpecsSchema.shape.panel.options },
    { key: 'refreshRateHz', kind: 'integer', title: 'Refresh rate', unit: 'Hz' },
    { key: 'responseTimeMs', kind: 'decimal', title: 'Response time', unit: 'ms' },
    {
      key: 'ports',
      kind: 'list',
      title: 'Ports',
      item: 'port',
      hint: 'Separate them with commas, for example: HDMI 2.1, DisplayPort 1.4, USB-C',
    },
    ...identifiers,
  ],
};

/** Everything the form holds as text, the way it was typed. Images live beside the form. */
export interface ProductFormValues {
  name: string;
  brand: string;
  category: Category;
  description: string;
  sku: string;
  /** rupees, as typed: "64,990" or "64990.50" */
  price: string;
  mrp: string;
  stock: string;
  /**
   * The stored stock the stock field was filled from ('' for a new product); no field of its own.
   * The API moves stock by (stock − stockWas), so units sold while the form is open stay sold.
   */
  stockWas: string;
  /** every category's spec fields by key, so switching category and back keeps what was typed */
  specs: Record<string, string>;
}

/** The product as the API takes it, less the images and the status (chosen by the button pressed); stockWas when editing. */
export type ProductFields = Omit<VendorProductInput, 'images' | 'status'> & { stockWas?: number };

export const TOP_LEVEL_FIELDS = ['name', 'brand', 'category', 'description', 'sku', 'price', 'mrp', 'stock'] as const;
export type TopLevelField = (typeof TOP_LEVEL_FIELDS)[number];

/** The product fields the form edits, whoever edits them (the vendor, or an admin). */
export type EditableProduct = Pick<
  VendorProduct,
  'name' | 'brand' | 'category' | 'description' | 'sku' | 'price' | 'mrp' | 'stock' | 'specs'
>;

export function toFormValues(product?: EditableProduct): ProductFormValues {
  if (!product) {
    return { name: '', brand: '', category: 'Laptop', description: '', sku: '', price: '', mrp: '', stock: '', stockWas: '', specs: {} };
  }
  const specs: Record<string, string> = {};
  for (const [key, value] of Object.entries(product.specs)) {
    specs[key] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return {
    name: product.name,
    brand: product.brand,
    category: product.category,
    description: product.description,
    sku: product.sku ?? '',
    price: paiseToRupeeText(product.price),
    mrp: paiseToRupeeText(product.mrp),
    stock: String(product.stock),
    stockWas: String(product.stock),
    specs,
  };
}

/** Field path ("price", "specs.ramGb") → message. */
export type FormErrors = Record<string, string>;

export type ValidationResult = { ok: true; fields: ProductFields } | { ok: false; errors: FormErrors };

const MAX_STOCK = 100_000;
const stockFormat = new Intl.NumberFormat('en-IN');

function readRupees(text: string, what: 'price' | 'MRP', errors: FormErrors, field: 'price' | 'mrp'): number | undefined {
  const label = what === 'price' ? 'the price' : 'the MRP';
  if (text.trim() === '') {
    errors[field] = `Please enter ${label}`;
    return undefined;
  }
  const paise = parseRupees(text);
  if (paise === undefined) errors[field] = `Enter ${label} in rupees, like 64,990 or 64990.50`;
  else if (paise <= 0) errors[field] = `${what === 'price' ? 'Price' : 'MRP'} must be more than ₹0`;
  else if (paise > MAX_PRICE) errors[field] = `${what === 'price' ? 'Price' : 'MRP'} can be at most ${formatPrice(MAX_PRICE)}`;
  else return paise;
  return undefined;
}

function readSpec(field: SpecField, raw: string | undefined, errors: FormErrors): unknown {
  const text = (raw ?? '').trim();
  const path = `specs.${field.key}`;
  const noun = field.title.toLowerCase().replace(/^ram$/, 'RAM');
  switch (field.kind) {
    case 'text':
      if (text === '' && field.optional) return undefined;
      if (text === '') errors[path] = `Please enter the ${noun}`;
      return text;
    case 'choice':
      if (text === '') errors[path] = `Please choose the ${noun}`;
      return text;
    case 'list': {
      const items = text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      if (items.length === 0) errors[path] = `Please enter at least one ${field.item}`;
      return items;
    }
    case 'integer':
    case 'decimal': {
      if (text === '') {
        errors[path] = `Please enter the ${noun}`;
        return undefined;
      }
      const value = Number(text);
      if (!Number.isFinite(value)) errors[path] = `${field.title} must be a number`;
      return value;
    }
  }
}

function specMessage(field: SpecField, issue: z.core.$ZodIssue): string {
  const unit = field.kind === 'integer' || field.kind === 'decimal' ? ` ${field.unit}` : '';
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'array') return `Please list at most ${String(issue.maximum)} ${field.title.toLowerCase()}`;
      if (field.kind === 'list') return `Each ${field.item} can be at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'string') return `${field.title} can be at most ${String(issue.maximum)} characters`;
      return `${field.title} can be at most ${String(issue.maximum)}${unit}`;
    case 'too_small':
      if (field.kind === 'list') return `Please enter at least one ${field.item}`;
      if (issue.origin === 'string') return `Please enter the ${field.title.toLowerCase()}`;
      return `${field.title} must be more than 0`;
    case 'invalid_type':
      return issue.expected === 'int' ? `${field.title} must be a whole number` : `${field.title} must be a number`;
    case 'invalid_value':
      return `Please choose one of the listed options for ${field.title.toLowerCase()}`;
    default:
      return issue.message;
  }
}

function topLevelMessage(field: string, issue: z.core.$ZodIssue): string {
  if (field === 'description' && issue.code === 'too_big') return 'Description can be at most 5,000 characters';
  if (field === 'name' && issue.code === 'too_big') return 'Name can be at most 160 characters';
  if (field === 'brand' && issue.code === 'too_big') return 'Brand can be at most 60 characters';
  return issue.message;
}

/**
 * Checks the form the way the server will (the shared VendorProductInputSchema and the category's spec
 * schema), with messages in the form's own terms: rupees, labels, units.
 */
export function validateProductForm(values: ProductFormValues): ValidationResult {
  const errors: FormErrors = {};
  const category: Category = (CATEGORIES as readonly string[]).includes(values.category) ? values.category : 'Laptop';

  const price = readRupees(values.price, 'price', errors, 'price');
  const mrp = readRupees(values.mrp, 'MRP', errors, 'mrp');
  if (price !== undefined && mrp !== undefined && mrp < price) errors.mrp = 'MRP must be at least the price';

  const stockText = values.stock.trim();
  let stock: number | undefined;
  if (stockText === '') errors.stock = 'Please enter the stock';
  else if (!/^\d+$/.test(stockText)) errors.stock = 'Stock must be a whole number, 0 or more';
  else if (Number(stockText) > MAX_STOCK) errors.stock = `Stock can be at most ${stockFormat.format(MAX_STOCK)}`;
  else stock = Number(stockText);

  const fields = SPEC_FIELDS[category];
  const rawSpecs: Record<string, unknown> = {};
  for (const field of fields) rawSpecs[field.key] = readSpec(field, values.specs[field.key], errors);
  const specsResult = SPECS_SCHEMAS[category].safeParse(rawSpecs);
  if (!specsResult.success) {
    for (const issue of specsResult.error.issues) {
      const key = String(issue.path[0] ?? '');
      const field = fields.find((candidate) => candidate.key === key);
      const path = `specs.${key}`;
      if (field && !(path in errors)) errors[path] = specMessage(field, issue);
    }
  }

  const sku = values.sku.trim();
  const candidate = {
    name: values.name,
    brand: values.brand,
    category,
    description: values.description,
    sku: sku === '' ? undefined : sku,
    price: price ?? 1,
    mrp: mrp ?? price ?? 1,
    stock: stock ?? 0,
    specs: specsResult.success ? specsResult.data : {},
    images: [],
    status: 'draft' as const,
  };
  const parsed = VendorProductInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'specs' || field === 'images' || field === 'status') continue;
      if (!(field in errors)) errors[field || 'root'] = topLevelMessage(field, issue);
    }
  }

  if (Object.keys(errors).length > 0 || !parsed.success || !specsResult.success) {
    return { ok: false, errors: Object.keys(errors).length > 0 ? errors : { root: 'Please check the form' } };
  }
  const { images: _images, status: _status, ...rest } = parsed.data;
  const stockWas = /^\d+$/.test(values.stockWas) ? { stockWas: Number(values.stockWas) } : {};
  return { ok: true, fields: { ...rest, specs: specsResult.data, ...stockWas } };
}

/** The stock now, when a save was refused (409) because it would take stock below 0 after sales made meanwhile. */
export function stockNowOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return undefined;
  const parsed = StockConflictSchema.safeParse(error.details);
  return parsed.success ? parsed.data.stock : undefined;
}

const signed = (n: number) => (n > 0 ? `+${stockFormat.format(n)}` : `−${stockFormat.format(-n)}`);

/**
 * After a save, why the stock differs from what was typed: orders changed it while the form was
 * open and the editor's change was applied on top. Empty when it is what was typed.
 */
export function stockNote(typed: number, stockWas: number | undefined, saved: number): string {
  if (saved === typed || stockWas === undefined) return '';
  const change = typed - stockWas;
  const yours = change === 0 ? 'you left it as it was' : `your change (${signed(change)}) was applied to that`;
  return `Stock is ${stockFormat.format(saved)}, not ${stockFormat.format(typed)}: orders changed it by ${signed(saved - typed)} while you were editing, and ${yours}.`;
}

/** The form field a server issue belongs to ("specs.ports.0" → "specs.ports"), or undefined. */
export function formFieldOf(serverField: string, category: Category): string | undefined {
  const [head, key] = serverField.split('.');
  if ((TOP_LEVEL_FIELDS as readonly string[]).includes(head ?? '')) return head;
  if (head === 'specs' && key && SPEC_FIELDS[category].some((field) => field.key === key)) return `specs.${key}`;
  return undefined;
}

/** "specs.ramGb: Too big…" → "Too big…": the field is shown beside the message already. */
export function withoutFieldPrefix(message: string, serverField: string): string {
  const prefix = `${serverField}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}
