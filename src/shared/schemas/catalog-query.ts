import { z } from 'zod';
import { CATEGORIES } from '../categories.ts';
import { TOP_RATED } from '../facets.ts';
import { PIN_CODE } from '../india.ts';
import { SortSchema } from './catalog.ts';

/** Query strings repeat a key for several values (?brand=Dell&brand=HP); accept one or many. */
const oneOrMany = () =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const repeatable = (name: string) =>
  oneOrMany().pipe(
    z.array(z.string().trim().min(1, `${name} must not be empty`).max(80, `${name} is too long`)).max(30, `Too many ${name} values`),
  );

const wholeNumber = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

const booleanFlag = (name: string) =>
  z.enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` }).transform((value) => value === 'true' || value === '1');

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;

export const ProductQuerySchema = z.object({
  page: wholeNumber('page', 1).default(1),
  pageSize: wholeNumber('pageSize', 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z._default(SortSchema, 'relevance'),
  category: z.enum(CATEGORIES, { error: `category must be one of: ${CATEGORIES.join(', ')}` }).optional(),
  brand: repeatable('brand'),
  minPrice: wholeNumber('minPrice', 0).optional(),
  maxPrice: wholeNumber('maxPrice', 0).optional(),
  inStock: booleanFlag('inStock').optional(),
  featured: booleanFlag('featured').optional(),
  vendor: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,80}$/, 'vendor must be a store slug')
    .optional(),
  /** only products with an offer in stock whose seller delivers to this PIN code */
  deliverTo: z.string().trim().regex(PIN_CODE, 'deliverTo: PIN code must be 6 digits, not starting with 0').optional(),
  ram: repeatable('ram'),
  storage: repeatable('storage'),
  /** a processor family, e.g. `Intel Core i5`, `AMD Ryzen 7`, `Apple M4` */
  processor: repeatable('processor'),
  /** a graphics card, e.g. `NVIDIA GeForce RTX 4060`, or `Integrated` */
  graphics: repeatable('graphics'),
  screenSize: repeatable('screenSize'),
  os: repeatable('os'),
  formFactor: repeatable('formFactor'),
  resolution: repeatable('resolution'),
  panel: repeatable('panel'),
  refreshRate: repeatable('refreshRate'),
  /** `4`: rated 4 stars or more on average, the one rating filter the listing offers */
  rating: oneOrMany().pipe(
    z.array(z.literal(TOP_RATED, { error: `rating must be ${TOP_RATED} (${TOP_RATED}★ & above)` })).max(30, 'Too many rating values'),
  ),
});
export type ProductQuery = z.infer<typeof ProductQuerySchema>;

export const SearchQuerySchema = ProductQuerySchema.extend({
  q: z.string().trim().max(200, 'q must be at most 200 characters').default(''),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SuggestionsQuerySchema = z.object({
  q: z.string().trim().max(100, 'q must be at most 100 characters').default(''),
});
export type SuggestionsQuery = z.infer<typeof SuggestionsQuerySchema>;
