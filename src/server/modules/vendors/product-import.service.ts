import Papa from 'papaparse';
import type { Category } from '#shared/categories.ts';
import {
  CSV_COLUMNS,
  IMAGE_REQUIRED_MESSAGE,
  type ImportReport,
  publishesWithoutImage,
  VendorProductInputSchema,
  type VendorProductInput,
} from '#shared/schemas/vendor.ts';
import { toCsv } from '#server/csv.ts';
import type { Db } from '#server/db/database.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { VendorProductsService } from './vendor-products.service.ts';

export const MAX_IMPORT_ROWS = 1000;

const number = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : Number(value.replace(/[,\s₹]/g, ''));
const paise = (value: string | undefined) => {
  const n = number(value);
  return n === undefined || Number.isNaN(n) ? n : Math.round(n * 100);
};

/** Rupees as the template writes them: 72990, 72,990, ₹72,990 or 72990.50 (paise at most two places). */
const RUPEES = /^\d+(?:\.\d{1,2})?$/;
const MAX_RUPEES = 1_00_00_000;

/**
 * The file's prices are rupees, so their errors speak of rupees (the editor's schema, which the
 * row then goes through, speaks of paise). Returns the columns with an error and the messages.
 */
function rupeeErrors(row: Record<string, string>): { columns: Set<string>; errors: string[] } {
  const columns = new Set<string>();
  const errors: string[] = [];
  for (const column of ['price', 'mrp'] as const) {
    const text = (row[column] ?? '').replace(/[,\s₹]/g, '');
    if (text === '') errors.push(`${column} is required: an amount in rupees, such as 72990`);
    else if (!RUPEES.test(text)) errors.push(`${column} must be an amount in rupees, such as 72990 or 72990.50`);
    else if (Number(text) <= 0) errors.push(`${column} must be more than ₹0`);
    else if (Number(text) > MAX_RUPEES) errors.push(`${column} can be at most ₹1,00,00,000`);
    else continue;
    columns.add(column);
  }
  return { columns, errors };
}

/** One CSV row as the product input the editor would send; prices are rupees in the file. */
function rowToInput(row: Record<string, string>): unknown {
  const category = row.category?.trim() as Category;
  const specs =
    category === 'Laptop'
      ? {
          processor: row.processor,
          ramGb: number(row.ram_gb),
          storageGb: number(row.storage_gb),
          storageType: row.storage_type,
          displaySizeIn: number(row.display_size_in),
          graphics: row.graphics,
          os: row.os,
          weightKg: number(row.weight_kg),
          batteryWh: number(row.battery_wh),
        }
      : category === 'Desktop'
        ? {
            processor: row.processor,
            ramGb: number(row.ram_gb),
            storageGb: number(row.storage_gb),
            storageType: row.storage_type,
            graphics: row.graphics,
            formFactor: row.form_factor,
          }
        : {
            sizeIn: number(row.size_in),
            resolution: row.resolution,
            panel: row.panel,
            refreshRateHz: number(row.refresh_rate_hz),
            responseTimeMs: number(row.response_time_ms),
            ports: (row.ports ?? '')
              .split(';')
              .map((p) => p.trim())
              .filter(Boolean),
          };
  // The model's identifiers, optional columns in every category.
  const partNumber = row.part_number?.trim() || undefined;
  const ean = row.ean?.trim() || undefined;
  return {
    sku: row.sku?.trim() || undefined,
    name: row.name,
    brand: row.brand,
    category,
    description: row.description ?? '',
    price: paise(row.price),
    mrp: paise(row.mrp),
    stock: number(row.stock),
    status: row.status?.trim() || 'draft',
    specs: { ...specs, ...(partNumber ? { partNumber } : {}), ...(ean ? { ean } : {}) },
  };
}

export const CSV_TEMPLATE = `${toCsv({
  fields: [...CSV_COLUMNS],
  data: [
    [
      'LT-E14-G6',
      'Lenovo ThinkPad E14 Gen 6',
      'Lenovo',
      'Laptop',
      '72990',
      '96490',
      '12',
      'draft',
      'Business laptop with a spill-resistant keyboard.',
      'Intel Core Ultra 5 125U',
      '16',
      '512',
      'SSD',
      '14',
      'Intel Graphics',
      'Windows 11 Pro',
      '1.44',
      '47',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '21JK0060IG',
      '',
    ],
    [
      'MN-27GR75Q',
      'LG UltraGear 27GR75Q',
      'LG',
      'Monitor',
      '24999',
      '32999',
      '20',
      'draft',
      '27 inch QHD IPS gaming monitor.',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '27',
      '2560x1440',
      'IPS',
      '165',
      '1',
      'HDMI 2.0 ×2; DisplayPort 1.4',
      '27GR75Q-B',
      '',
    ],
  ],
})}\r\n`;

/**
 * Bulk import: every row is checked first and reported; the valid rows are then written in one
 * transaction. Rows whose SKU the vendor already has update that product instead of duplicating it.
 */
export function createProductImportService(deps: { db: Db; catalog: CatalogService; vendorProducts: VendorProductsService }) {
  const { db, catalog, vendorProducts } = deps;
  return {
    async run(userId: string, csv: string, dryRun: boolean): Promise<ImportReport> {
      const shop = await vendorProducts.shopOf(userId);
      const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: 'greedy',
        transformHeader: (h) => h.trim().toLowerCase(),
      });
      const missing = ['sku', 'name', 'brand', 'category', 'price', 'mrp', 'stock'].filter(
        (column) => !parsed.meta.fields?.includes(column),
      );
      const rows = parsed.data.slice(0, MAX_IMPORT_ROWS);
      const existing = await catalog.idsBySku(shop.id, rows.map((row) => row.sku?.trim() ?? '').filter(Boolean));
      // A row that publishes a product already listed keeps that product's images (a CSV has none).
      const publishing = rows.filter((row) => row.status?.trim() === 'active').flatMap((row) => existing.get(row.sku?.trim() ?? '') ?? []);
      const listed = new Map(
        (await Promise.all(publishing.map((id) => catalog.findForVendor(shop.id, id)))).flatMap((product) =>
          product ? [[product.id, product] as const] : [],
        ),
      );
      const seen = new Set<string>();
      const report: ImportReport['rows'] = [];
      const valid: Array<{ input: VendorProductInput; id?: number }> = [];
      rows.forEach((row, index) => {
        const line = index + 2; // line 1 is the header
        const errors: string[] = [];
        if (missing.length > 0) errors.push(`Missing columns: ${missing.join(', ')}`);
        const sku = row.sku?.trim() || null;
        if (!sku) errors.push('sku is required for import');
        else if (seen.has(sku)) errors.push(`SKU ${sku} appears more than once in this file`);
        if (sku) seen.add(sku);
        const rupees = rupeeErrors(row);
        errors.push(...rupees.errors);
        const result = VendorProductInputSchema.safeParse(rowToInput(row));
        if (!result.success)
          errors.push(
            ...result.error.issues
              .filter((issue) => !rupees.columns.has(String(issue.path[0])))
              .map((issue) =>
                issue.message.includes(String(issue.path.at(-1) ?? ''))
                  ? issue.message
                  : `${issue.path.join('.') || 'row'}: ${issue.message}`,
              ),
          );
        if (result.success && result.data.status === 'active' && shop.status !== 'active')
          errors.push('Your shop is awaiting approval: import as draft');
        if (result.success && shop.status === 'active') {
          const current = sku ? listed.get(existing.get(sku) ?? 0) : undefined;
          if (publishesWithoutImage({ status: result.data.status, images: current?.images ?? [] }, current)) {
            errors.push(
              current
                ? `images: ${IMAGE_REQUIRED_MESSAGE}`
                : 'images: A new product is published only with an image: import it as a draft, then add its images and publish it.',
            );
          }
        }
        if (errors.length > 0 || !result.success) {
          report.push({ line, sku, name: row.name?.trim() || null, action: 'error', errors });
          return;
        }
        const id = existing.get(sku!);
        valid.push({ input: result.data, id });
        report.push({ line, sku, name: result.data.name, action: id === undefined ? 'create' : 'update', errors: [] });
      });
      if (parsed.data.length > MAX_IMPORT_ROWS) {
        report.push({
          line: MAX_IMPORT_ROWS + 2,
          sku: null,
          name: null,
          action: 'error',
          errors: [`Only the first ${MAX_IMPORT_ROWS} rows are read; split the file`],
        });
      }
      let created = 0;
      let updated = 0;
      if (!dryRun && valid.length > 0) {
        await db.transaction().execute(async (tx) => {
          for (const { input, id } of valid) {
            await vendorProducts.writeChecked(shop, input, id, tx);
            if (id === undefined) created++;
            else updated++;
          }
        });
      }
      return { dryRun, rows: report, valid: valid.length, invalid: report.filter((r) => r.action === 'error').length, created, updated };
    },
  };
}

export type ProductImportService = ReturnType<typeof createProductImportService>;
