import { z } from 'zod';
import { CATEGORIES } from '../categories.ts';

export const CategorySchema = z.enum(CATEGORIES);
export const ProductStatusSchema = z.enum(['draft', 'active', 'archived']);
export type ProductStatus = z.infer<typeof ProductStatusSchema>;

const text = (max: number) => z.string().trim().min(1).max(max);

export const LaptopSpecsSchema = z.object({
  processor: text(120),
  ramGb: z.number().int().positive().max(512),
  storageGb: z.number().int().positive().max(16384),
  storageType: z.enum(['SSD', 'HDD', 'SSD + HDD', 'eMMC']),
  displaySizeIn: z.number().positive().max(20),
  graphics: text(120),
  os: text(60),
  weightKg: z.number().positive().max(10),
  batteryWh: z.number().positive().max(120),
});

export const DesktopSpecsSchema = z.object({
  processor: text(120),
  ramGb: z.number().int().positive().max(1024),
  storageGb: z.number().int().positive().max(65536),
  storageType: z.enum(['SSD', 'HDD', 'SSD + HDD']),
  graphics: text(120),
  formFactor: z.enum(['Tower', 'Mini Tower', 'Small Form Factor', 'Mini PC', 'All-in-One']),
});

export const MonitorSpecsSchema = z.object({
  sizeIn: z.number().positive().max(65),
  resolution: z.enum(['1920x1080', '2560x1080', '2560x1440', '3440x1440', '3840x2160', '5120x2880']),
  panel: z.enum(['IPS', 'VA', 'TN', 'OLED', 'Mini LED']),
  refreshRateHz: z.number().int().positive().max(540),
  responseTimeMs: z.number().positive().max(20),
  ports: z.array(text(40)).min(1).max(12),
});

export type LaptopSpecs = z.infer<typeof LaptopSpecsSchema>;
export type DesktopSpecs = z.infer<typeof DesktopSpecsSchema>;
export type MonitorSpecs = z.infer<typeof MonitorSpecsSchema>;
export type ProductSpecs = LaptopSpecs | DesktopSpecs | MonitorSpecs;

export const SPECS_SCHEMAS = {
  Laptop: LaptopSpecsSchema,
  Desktop: DesktopSpecsSchema,
  Monitor: MonitorSpecsSchema,
} as const;

export const SpecsSchema = z.union([LaptopSpecsSchema, DesktopSpecsSchema, MonitorSpecsSchema]);

const PRODUCT_ID_MESSAGE = 'Product id must be a positive whole number';

/** A product id in a JSON body. */
export const ProductIdSchema = z
  .number({ error: PRODUCT_ID_MESSAGE })
  .int(PRODUCT_ID_MESSAGE)
  .positive(PRODUCT_ID_MESSAGE)
  .max(Number.MAX_SAFE_INTEGER, PRODUCT_ID_MESSAGE);

/** A product id in a URL path. */
export const ProductIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, PRODUCT_ID_MESSAGE)
  .transform(Number);

export const VendorSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
});

export const ProductSchema = z.object({
  id: z.number().int(),
  vendor: VendorSummarySchema,
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  category: CategorySchema,
  description: z.string(),
  price: z.number().int().describe('GST-inclusive price in paise'),
  mrp: z.number().int().describe('Maximum retail price in paise'),
  stock: z.number().int(),
  images: z.array(z.string()),
  specs: SpecsSchema,
  status: ProductStatusSchema,
  featured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export const SortSchema = z.enum(SORTS, {
  error: `sort must be one of: ${SORTS.join(', ')}`,
});
export type Sort = z.infer<typeof SortSchema>;

export const FacetValueSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int(),
});
export const FacetSchema = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(FacetValueSchema),
});
export type Facet = z.infer<typeof FacetSchema>;

export const ProductListSchema = z.object({
  items: z.array(ProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: z.array(FacetSchema),
});
export type ProductList = z.infer<typeof ProductListSchema>;

export const CategoryCountSchema = z.object({
  category: CategorySchema,
  label: z.string(),
  count: z.number().int(),
});
export const CategoryListSchema = z.object({ items: z.array(CategoryCountSchema) });
export type CategoryCount = z.infer<typeof CategoryCountSchema>;
