import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Category } from '#shared/categories.ts';
import { type Product, type ProductSpecs, type ProductStatus, ratingOf } from '#shared/schemas/catalog.ts';
import type { VendorProductState } from '#shared/schemas/vendor.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import type { Database, NewOfferRow, NewProductRow } from '#server/db/schema.ts';
import { insertOffers } from './offers.repository.ts';

type ProductsEb = ExpressionBuilder<Database, 'products'>;

/**
 * On sale: active, not hidden by moderation, from an active vendor (products of pending or
 * suspended vendors are neither shown nor sold). Filters, facets and sorting of listings work on
 * the in-memory listing index (listing-index/), which holds exactly these products.
 */
export function onSale(eb: ProductsEb): Expression<SqlBool> {
  return eb.and([
    eb('products.status', '=', 'active'),
    eb('products.hidden_reason', 'is', null),
    eb('products.review', '=', 'approved'),
    eb('products.vendor_id', 'in', eb.selectFrom('vendors').select('vendors.id').where('vendors.status', '=', 'active')),
  ]);
}

/** A product's own columns and its seller's, whichever offer is read beside them (the buy box's, or a seller's own). */
const PRODUCT_COLUMNS = [
  'products.id',
  'products.name',
  'products.slug',
  'products.brand',
  'products.category',
  'products.description',
  'products.images',
  'products.specs',
  'products.featured',
  'products.created_at',
  'products.updated_at',
  'vendors.id as vendor_id',
  'vendors.name as vendor_name',
  'vendors.slug as vendor_slug',
  'products.hidden_reason',
  'products.offer_count',
  'products.listed_by',
  'products.review',
  'products.review_reason',
  'product_ratings.rating_count',
  'product_ratings.rating_sum',
] as const;

/** A product with its buy box: the winning offer is the product's offer from the row's seller. */
export function productColumns(db: DbOrTx) {
  return db
    .selectFrom('products')
    .innerJoin('vendors', 'vendors.id', 'products.vendor_id')
    .leftJoin('product_ratings', 'product_ratings.product_id', 'products.id')
    .leftJoin('offers as buy_box', (join) =>
      join.onRef('buy_box.product_id', '=', 'products.id').onRef('buy_box.vendor_id', '=', 'products.vendor_id'),
    )
    .select([
      ...PRODUCT_COLUMNS,
      'products.price',
      'products.mrp',
      'products.stock',
      'products.status',
      'buy_box.sku',
      'buy_box.id as offer_id',
      'buy_box.dispatch_days',
    ]);
}

/**
 * A seller's products as its own offers show them: the offer's price, MRP, stock, SKU and status,
 * the seller itself as the vendor. Every query carries the vendor id: another seller's offer is
 * not found.
 */
function ownProductColumns(db: DbOrTx, vendorId: number) {
  return db
    .selectFrom('products')
    .innerJoin('offers as mine', (join) => join.onRef('mine.product_id', '=', 'products.id').on('mine.vendor_id', '=', vendorId))
    .innerJoin('vendors', 'vendors.id', 'mine.vendor_id')
    .leftJoin('product_ratings', 'product_ratings.product_id', 'products.id')
    .select([
      ...PRODUCT_COLUMNS,
      'mine.price',
      'mine.mrp',
      'mine.stock',
      'mine.status',
      'mine.sku',
      'mine.id as offer_id',
      'mine.dispatch_days',
    ]);
}

export type ProductSelection = Awaited<ReturnType<ReturnType<typeof productColumns>['executeTakeFirstOrThrow']>>;

/** A product row as the API shows it; `offers`, every offer on sale when known, else the row's own. */
export function toProduct(row: ProductSelection, offers?: Product['offers']): Product {
  const vendor = { id: row.vendor_id, name: row.vendor_name, slug: row.vendor_slug };
  const own =
    row.offer_id === null
      ? []
      : [
          {
            id: row.offer_id,
            vendor,
            price: Number(row.price),
            mrp: Number(row.mrp),
            stock: row.stock,
            dispatchDays: row.dispatch_days ?? 2,
          },
        ];
  return {
    id: row.id,
    vendor,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    category: row.category,
    description: row.description,
    price: Number(row.price),
    mrp: Number(row.mrp),
    stock: row.stock,
    images: JSON.parse(row.images) as string[],
    specs: JSON.parse(row.specs) as ProductSpecs,
    status: row.status,
    featured: row.featured === 1,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    offerId: row.offer_id,
    sellerCount: row.offer_count,
    offers: offers ?? own,
    rating: ratingOf(row.rating_count ?? 0, row.rating_sum ?? 0),
  };
}

export interface RawFacetCount {
  value: string;
  count: number;
}

/**
 * Many products, each with its lister's offer, in three statements (products, offers, attributes).
 * Ids are matched back by slug, which is unique, so the result does not rely on the order
 * RETURNING gives. The row is its own buy box: its one offer's seller, price, MRP, stock and status.
 */
export async function insertProducts(
  db: DbOrTx,
  products: ReadonlyArray<{ row: NewProductRow; offer: Omit<NewOfferRow, 'product_id'>; attributes: ReadonlyArray<[string, string]> }>,
): Promise<number[]> {
  if (products.length === 0) return [];
  const inserted = await db
    .insertInto('products')
    .values(
      products.map((product) => ({
        ...product.row,
        sku: null,
        listed_by: product.row.vendor_id,
        offer_count: product.offer.status === 'active' ? 1 : 0,
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
  const ids = products.map((product) => idBySlug.get(product.row.slug) as number);
  await insertOffers(
    db,
    products.map((product, n) => ({ ...product.offer, product_id: ids[n] as number })),
  );
  const attributes = products.flatMap((product, n) =>
    product.attributes.map(([key, value]) => ({ product_id: ids[n] as number, key, value })),
  );
  if (attributes.length > 0) await db.insertInto('product_attributes').values(attributes).execute();
  return ids;
}

/** A product's id by its slug (unique), or undefined. */
export async function productIdBySlug(db: DbOrTx, slug: string): Promise<number | undefined> {
  return (await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}

export async function countProducts(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Names of products in any status, for messages about items that can no longer be bought. */
export async function productNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

// ---- A vendor's own products: those it has an offer on, as its offer shows them. Every query
// carries the vendor id: another seller's offer is not found.

/** `review`: a product a seller lists waits for the marketplace's approval; a rejected one says why. */
export type OwnedProduct = Product & {
  sku: string | null;
  hiddenReason: string | null;
  listedBy: number | null;
  review: { status: 'pending' | 'approved' | 'rejected'; reason: string | null };
};

const owned = (row: ProductSelection): OwnedProduct => ({
  ...toProduct(row),
  sku: row.sku,
  hiddenReason: row.hidden_reason,
  listedBy: row.listed_by,
  review: { status: row.review, reason: row.review_reason },
});

/**
 * The marketplace's decision on a product a seller listed, or its return to the queue (a rejected
 * one edited), only from the review it is in (`from`): false when it has moved on meanwhile.
 */
export async function setReview(
  db: DbOrTx,
  id: number,
  review: 'pending' | 'approved' | 'rejected',
  reason: string | null,
  from: 'pending' | 'rejected',
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ review, review_reason: reason, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('review', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface VendorListOptions {
  q?: string;
  status?: VendorProductState;
  sort: 'newest' | 'name' | 'price_asc' | 'price_desc' | 'stock_asc';
  page: number;
  pageSize: number;
}

export async function listVendorProducts(
  db: DbOrTx,
  vendorId: number,
  options: VendorListOptions,
): Promise<{ items: OwnedProduct[]; total: number }> {
  let query = ownProductColumns(db, vendorId);
  // A hidden product is in Hidden alone, whatever its offer's status, as the seller's list shows it.
  if (options.status === 'hidden') query = query.where('products.hidden_reason', 'is not', null);
  else if (options.status) query = query.where('mine.status', '=', options.status).where('products.hidden_reason', 'is', null);
  if (options.q) {
    const pattern = `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(products.name) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(coalesce(mine.sku, '')) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  query =
    options.sort === 'name'
      ? query.orderBy('products.name')
      : options.sort === 'price_asc'
        ? query.orderBy('mine.price', 'asc')
        : options.sort === 'price_desc'
          ? query.orderBy('mine.price', 'desc')
          : options.sort === 'stock_asc'
            ? query.orderBy('mine.stock', 'asc')
            : query.orderBy('products.created_at', 'desc');
  const rows = await query
    .orderBy('products.id', 'desc')
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  return { items: rows.map(owned), total: Number(total.n) };
}

/** The seller's products in each state, as listVendorProducts filters them: hidden ones apart from their offer's status. */
export async function countVendorProductsByState(db: DbOrTx, vendorId: number): Promise<Record<VendorProductState, number>> {
  const hidden = sql<number>`case when products.hidden_reason is null then 0 else 1 end`;
  const rows = await db
    .selectFrom('offers')
    .innerJoin('products', 'products.id', 'offers.product_id')
    .select(['offers.status', hidden.as('hidden'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('offers.vendor_id', '=', vendorId)
    .groupBy(['offers.status', hidden])
    .execute();
  const counts: Record<VendorProductState, number> = { draft: 0, active: 0, archived: 0, hidden: 0 };
  for (const row of rows) counts[Number(row.hidden) === 1 ? 'hidden' : row.status] += Number(row.n);
  return counts;
}

export async function findVendorProduct(db: DbOrTx, vendorId: number, id: number): Promise<OwnedProduct | undefined> {
  const row = await ownProductColumns(db, vendorId).where('products.id', '=', id).executeTakeFirst();
  return row ? owned(row) : undefined;
}

export async function findVendorProductIdsBySku(db: DbOrTx, vendorId: number, skus: readonly string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .selectFrom('offers')
    .select(['product_id', 'sku'])
    .where('vendor_id', '=', vendorId)
    .where('sku', 'in', skus)
    .execute();
  return new Map(rows.map((row) => [row.sku as string, row.product_id]));
}

/**
 * How a write changes stock: to a count (the CSV import states what the vendor's own records
 * hold), or by the change an editor made to the count they were shown, so units sold meanwhile
 * stay sold. A change by a negative amount only applies while enough stock is left.
 */
export type StockChange = { to: number } | { by: number };

/** What a product's content is: the fields every seller of it shares. */
export type ProductContent = Pick<
  NewProductRow,
  'name' | 'brand' | 'category' | 'description' | 'images' | 'specs' | 'search_text' | 'updated_at'
>;
/** What a seller's offer holds. */
export type OfferFields = { price: number; mrp: number; sku: string | null; status: ProductStatus; updated_at: string };

/** A product's content and facet attributes, written as given (the caller decided the seller may). */
export async function updateProductContent(
  db: DbOrTx,
  id: number,
  content: ProductContent,
  attributes: ReadonlyArray<[string, string]>,
): Promise<void> {
  await db.updateTable('products').set(content).where('id', '=', id).execute();
  await db.deleteFrom('product_attributes').where('product_id', '=', id).execute();
  if (attributes.length > 0) {
    await db
      .insertInto('product_attributes')
      .values(attributes.map(([key, value]) => ({ product_id: id, key, value })))
      .execute();
  }
}

/**
 * Writes a seller's offer of a product: any of its fields, and stock. The offer's stock after the
 * write; undefined when no row matched (not the seller's, or too little stock). The caller
 * refreshes the buy box.
 */
export async function updateOffer(
  db: DbOrTx,
  vendorId: number,
  productId: number,
  fields: Partial<OfferFields> & { stock?: StockChange },
): Promise<number | undefined> {
  const { stock, ...rest } = fields;
  let query = db
    .updateTable('offers')
    .set({ updated_at: new Date().toISOString(), ...rest })
    .where('vendor_id', '=', vendorId)
    .where('product_id', '=', productId);
  if (stock && 'to' in stock) query = query.set({ stock: stock.to });
  else if (stock && stock.by !== 0) query = query.set((eb) => ({ stock: eb('stock', '+', stock.by) })).where('stock', '>=', -stock.by);
  const updated = await query.returning('stock').executeTakeFirst();
  return updated?.stock;
}

/** Features a product on the home page, or stops featuring it: the store's choice, not the vendor's. */
export async function setFeatured(db: DbOrTx, id: number, featured: boolean): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ featured: featured ? 1 : 0, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes a seller's offer, and the product with it when no other seller offers it; false when the
 * seller has no offer of it. True and the product left: the caller refreshes its buy box.
 */
export async function deleteVendorProduct(db: DbOrTx, vendorId: number, id: number): Promise<{ deleted: boolean; productLeft: boolean }> {
  const result = await db.deleteFrom('offers').where('vendor_id', '=', vendorId).where('product_id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return { deleted: false, productLeft: false };
  const left = await db.selectFrom('offers').select('id').where('product_id', '=', id).executeTakeFirst();
  // Another seller's orders of it keep the product (archived, with no one selling it) for their history.
  const ordered = await db.selectFrom('order_items').select('id').where('product_id', '=', id).executeTakeFirst();
  if (left || ordered) return { deleted: true, productLeft: true };
  await db.deleteFrom('product_attributes').where('product_id', '=', id).execute();
  await db.deleteFrom('products').where('id', '=', id).execute();
  return { deleted: true, productLeft: false };
}

export async function lowStockProducts(db: DbOrTx, vendorId: number, threshold: number, limit = 20) {
  return db
    .selectFrom('offers')
    .innerJoin('products', 'products.id', 'offers.product_id')
    .select(['products.id', 'products.name', 'offers.stock'])
    .where('offers.vendor_id', '=', vendorId)
    .where('offers.status', '=', 'active')
    .where('offers.stock', '<=', threshold)
    .orderBy('offers.stock')
    .orderBy('products.id')
    .limit(limit)
    .execute();
}

/** Any product by id, whatever its status or vendor: for the admin. */
export async function findAnyProduct(db: DbOrTx, id: number): Promise<OwnedProduct | undefined> {
  const row = await productColumns(db).where('products.id', '=', id).executeTakeFirst();
  return row ? owned(row) : undefined;
}

export async function setHiddenReason(db: DbOrTx, id: number, reason: string | null): Promise<void> {
  await db.updateTable('products').set({ hidden_reason: reason, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** Every product of every vendor, for the admin: search, vendor, category, status, stock. */
export async function listAllProducts(
  db: DbOrTx,
  filter: {
    q?: string;
    vendorSlug?: string;
    category?: Category;
    status?: ProductStatus | 'hidden' | 'review';
    stock?: 'out' | 'low';
    page: number;
    pageSize: number;
  },
) {
  const where = (eb: ProductsEb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.vendorSlug) {
      const offered = eb
        .selectFrom('offers')
        .innerJoin('vendors', 'vendors.id', 'offers.vendor_id')
        .select('offers.product_id')
        .where('vendors.slug', '=', filter.vendorSlug);
      conditions.push(eb('products.id', 'in', offered));
    }
    if (filter.category) conditions.push(eb('products.category', '=', filter.category));
    if (filter.status === 'hidden') conditions.push(eb('products.hidden_reason', 'is not', null));
    else if (filter.status === 'review') conditions.push(eb('products.review', '=', 'pending'));
    else if (filter.status) conditions.push(eb('products.status', '=', filter.status));
    if (filter.stock === 'out') conditions.push(eb('products.stock', '=', 0));
    if (filter.stock === 'low') conditions.push(eb('products.stock', '<=', 5));
    if (filter.q) {
      const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        eb.or([
          sql<SqlBool>`lower(products.name) like ${pattern} escape '\\'`,
          sql<SqlBool>`lower(products.brand) like ${pattern} escape '\\'`,
        ]),
      );
    }
    return eb.and(conditions);
  };
  const total = await db
    .selectFrom('products')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await productColumns(db)
    .where(where)
    .orderBy('products.updated_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { items: rows.map(owned), total: Number(total.n) };
}
