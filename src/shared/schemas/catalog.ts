import { CATEGORIES } from '../categories.ts';
import { z } from './zod-mini.ts';

export const CategorySchema = z.enum(CATEGORIES);
export const ProductStatusSchema = z.enum(['draft', 'active', 'archived']);
export type ProductStatus = z.infer<typeof ProductStatusSchema>;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/**
 * What identifies the model whoever sells it, in every category, both optional: the maker's part
 * number (MPN) and the barcode (EAN/GTIN). As products are read; what a seller may enter is checked
 * by specs-input.ts, which the storefront's pages do not load.
 */
const identifiers = { partNumber: z.optional(z.string()), ean: z.optional(z.string()) };

export const LaptopSpecsSchema = z.object({
  processor: text(120),
  ramGb: z.number().check(z.int(), z.positive(), z.maximum(512)),
  storageGb: z.number().check(z.int(), z.positive(), z.maximum(16384)),
  storageType: z.enum(['SSD', 'HDD', 'SSD + HDD', 'eMMC']),
  displaySizeIn: z.number().check(z.positive(), z.maximum(20)),
  graphics: text(120),
  os: text(60),
  weightKg: z.number().check(z.positive(), z.maximum(10)),
  batteryWh: z.number().check(z.positive(), z.maximum(120)),
  ...identifiers,
});

export const DesktopSpecsSchema = z.object({
  processor: text(120),
  ramGb: z.number().check(z.int(), z.positive(), z.maximum(1024)),
  storageGb: z.number().check(z.int(), z.positive(), z.maximum(65536)),
  storageType: z.enum(['SSD', 'HDD', 'SSD + HDD']),
  graphics: text(120),
  formFactor: z.enum(['Tower', 'Mini Tower', 'Small Form Factor', 'Mini PC', 'All-in-One']),
  ...identifiers,
});

export const MonitorSpecsSchema = z.object({
  sizeIn: z.number().check(z.positive(), z.maximum(65)),
  resolution: z.enum(['1920x1080', '2560x1080', '2560x1440', '3440x1440', '3840x2160', '5120x2880']),
  panel: z.enum(['IPS', 'VA', 'TN', 'OLED', 'Mini LED']),
  refreshRateHz: z.number().check(z.int(), z.positive(), z.maximum(540)),
  responseTimeMs: z.number().check(z.positive(), z.maximum(20)),
  ports: z.array(text(40)).check(z.minLength(1), z.maxLength(12)),
  ...identifiers,
});

export type LaptopSpecs = z.infer<typeof LaptopSpecsSchema>;
export type DesktopSpecs = z.infer<typeof DesktopSpecsSchema>;
export type MonitorSpecs = z.infer<typeof MonitorSpecsSchema>;
export type ProductSpecs = LaptopSpecs | DesktopSpecs | MonitorSpecs;

export const SpecsSchema = z.union([LaptopSpecsSchema, DesktopSpecsSchema, MonitorSpecsSchema]);

const PRODUCT_ID_MESSAGE = 'Product id must be a positive whole number';

/** A product id in a JSON body. */
export const ProductIdSchema = z
  .number({ error: PRODUCT_ID_MESSAGE })
  .check(z.int(PRODUCT_ID_MESSAGE), z.positive(PRODUCT_ID_MESSAGE), z.maximum(Number.MAX_SAFE_INTEGER, PRODUCT_ID_MESSAGE));

/** A product id in a URL path. */
export const ProductIdParamSchema = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/, PRODUCT_ID_MESSAGE)), z.transform(Number));

export const VendorSummarySchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  slug: z.string(),
});

/** One seller's offer of a product: what "Sold by" and "Other sellers" show. */
export const OfferSchema = z.object({
  id: z.number().check(z.int()),
  vendor: VendorSummarySchema,
  /** GST-inclusive, in paise, as the product's own */
  price: z.number().check(z.int()),
  mrp: z.number().check(z.int()),
  stock: z.number().check(z.int()),
  /** working days from order to dispatch */
  dispatchDays: z.number().check(z.int()),
});
export type Offer = z.infer<typeof OfferSchema>;

/** A product's rating on cards and listings: the average of its visible reviews to one decimal, and how many. */
export const ProductRatingSchema = z.object({
  average: z.number(),
  count: z.number().check(z.int()),
});
export type ProductRating = z.infer<typeof ProductRatingSchema>;

/** A rating's average to one decimal, from its count and the sum of its stars; null without reviews. */
export function ratingOf(count: number, sum: number): ProductRating | null {
  return count > 0 ? { average: Math.round((sum / count) * 10) / 10, count } : null;
}

/**
 * A catalogue product. `vendor`, `price`, `mrp` and `stock` are its buy box's: the winning offer
 * (`offerId`), the lowest price among sellers with stock (see `buyBoxOrder` in src/shared/buy-box.ts).
 */
export const ProductSchema = z.object({
  id: z.number().check(z.int()),
  vendor: VendorSummarySchema,
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  category: CategorySchema,
  description: z.string(),
  price: z.number().check(z.int(), z.describe('GST-inclusive price in paise')),
  mrp: z.number().check(z.int(), z.describe('Maximum retail price in paise')),
  stock: z.number().check(z.int()),
  images: z.array(z.string()),
  specs: SpecsSchema,
  status: ProductStatusSchema,
  featured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  offerId: z.nullable(z.number().check(z.int())),
  /** sellers with an offer on sale */
  sellerCount: z.number().check(z.int()),
  /** the storefront's answers: every offer on sale, the buy box first; elsewhere the one offer the answer is about */
  offers: z.array(OfferSchema),
  /** its customers' rating, null before its first visible review */
  rating: z.nullable(ProductRatingSchema),
});
export type Product = z.infer<typeof ProductSchema>;

export const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'rating'] as const;
export const SortSchema = z.enum(SORTS, {
  error: `sort must be one of: ${SORTS.join(', ')}`,
});
export type Sort = z.infer<typeof SortSchema>;

export const FacetValueSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().check(z.int()),
});
export const FacetSchema = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(FacetValueSchema),
});
export type Facet = z.infer<typeof FacetSchema>;

export const ProductListSchema = z.object({
  items: z.array(ProductSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  facets: z.array(FacetSchema),
});
export type ProductList = z.infer<typeof ProductListSchema>;

/** What the search box offers while a shopper types: products, brands and categories the words find. */
export const SearchSuggestionsSchema = z.object({
  q: z.string(),
  products: z.array(
    z.object({
      id: z.number().check(z.int()),
      name: z.string(),
      brand: z.string(),
      category: CategorySchema,
      price: z.number().check(z.int()),
      image: z.nullable(z.string()),
    }),
  ),
  brands: z.array(z.object({ name: z.string(), count: z.number().check(z.int()) })),
  categories: z.array(z.object({ category: CategorySchema, count: z.number().check(z.int()) })),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;

export const CategoryCountSchema = z.object({
  category: CategorySchema,
  label: z.string(),
  count: z.number().check(z.int()),
});
export const CategoryListSchema = z.object({ items: z.array(CategoryCountSchema) });
export type CategoryCount = z.infer<typeof CategoryCountSchema>;
