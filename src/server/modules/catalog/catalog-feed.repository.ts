import { sql } from 'kysely';
import type { DbOrTx } from '#server/db/database.ts';
import { onSale, productColumns } from './catalog.repository.ts';

/**
 * What the change feed and the in-memory views read: every product on sale streamed at a load
 * (the listing index's columns, the product store's products, search's words), the products and
 * sellers a change names, and the change log itself. Nothing here writes but pruneChanges.
 */

/** Rows per round trip when the listing index streams its reads. */
const STREAM_CHUNK = 2000;

function listingColumns(db: DbOrTx) {
  return db
    .selectFrom('products')
    .leftJoin('product_ratings', 'product_ratings.product_id', 'products.id')
    .where(onSale)
    .select([
      'products.id',
      'products.category',
      'products.brand',
      'products.price',
      'products.stock',
      'products.featured',
      'products.created_at',
      'products.vendor_id',
      'product_ratings.rating_count',
      'product_ratings.rating_sum',
    ]);
}

export type ListingRow = Awaited<ReturnType<ReturnType<typeof listingColumns>['executeTakeFirstOrThrow']>>;

/**
 * What the listing index holds for every product on sale; streamed, not held in one array. By
 * category, then price: the index gives slots in this order, so a category's products lie together
 * in its columns, in price order, and a pass over them reads memory in order (120 µs of index work
 * per random listing against 138 µs in id order). Products added or repriced later keep their
 * slots; the next full load puts them in place again.
 */
export function listingRows(db: DbOrTx) {
  return listingColumns(db).orderBy('products.category').orderBy('products.price').orderBy('products.id').stream(STREAM_CHUNK);
}

/** Ids per statement when reading products by id: well under every engine's parameter limit. */
const IDS_PER_QUERY = 500;

async function inChunks<T>(ids: readonly number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_QUERY) rows.push(...(await read(ids.slice(at, at + IDS_PER_QUERY))));
  return rows;
}

/** How many products are on sale. */
export async function productsOnSale(db: DbOrTx): Promise<number> {
  const { products } = await db
    .selectFrom('products')
    .where(onSale)
    .select((eb) => eb.fn.countAll<number | string>().as('products'))
    .executeTakeFirstOrThrow();
  return Number(products);
}

/** Every product on sale, whole, by id: what product pages and listings show; streamed. */
export function productRows(db: DbOrTx) {
  return productColumns(db).where(onSale).orderBy('products.id').stream(STREAM_CHUNK);
}

/** Those among `ids` that are on sale, whole and with the words search finds them by (what the in-memory views hold); the others are absent. */
export function changedProducts(db: DbOrTx, ids: readonly number[]) {
  return inChunks(ids, (chunk) =>
    productColumns(db).where(onSale).select('products.search_text').where('products.id', 'in', chunk).execute(),
  );
}
export type ChangedProduct = Awaited<ReturnType<typeof changedProducts>>[number];

/** Facet attributes of the given products, as listingAttributes gives them. */
export function listingAttributesOf(db: DbOrTx, ids: readonly number[]): Promise<Array<{ product_id: number; pairs: string }>> {
  return inChunks(ids, (chunk) =>
    db
      .selectFrom('product_attributes')
      .select(['product_id', sql<string>`string_agg(key || '=' || value, '|')`.as('pairs')])
      .where('product_id', 'in', chunk)
      .groupBy('product_id')
      .execute(),
  );
}

function searchableColumns(db: DbOrTx) {
  return db.selectFrom('products').where(onSale).select(['products.id', 'products.name', 'products.brand', 'products.search_text']);
}

/**
 * The words of every product on sale, for the search index; streamed. In the listing index's
 * order (see listingRows): a search's hits then come mostly in slot order, which the listing index
 * lays them over its columns in.
 */
export function searchableRows(db: DbOrTx) {
  return searchableColumns(db).orderBy('products.category').orderBy('products.price').orderBy('products.id').stream(STREAM_CHUNK);
}

/** Every product of the given vendors, on sale or not: what a vendor's suspension or return changes. */
export async function productIdsOfVendors(db: DbOrTx, vendorIds: readonly number[]): Promise<number[]> {
  if (vendorIds.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('vendor_id', 'in', vendorIds),
        eb('id', 'in', eb.selectFrom('offers').select('offers.product_id').where('offers.vendor_id', 'in', vendorIds)),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** The latest time in the change log (epoch ms, database clock), 0 when it is empty. */
export async function latestChange(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('catalog_changes')
    .select((eb) => eb.fn.max('changed_at').as('latest'))
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}

function changeLog(db: DbOrTx) {
  return db.selectFrom('catalog_changes').select(['id', 'product_id', 'vendor_id', 'changed_at']);
}

async function changeRows(query: ReturnType<typeof changeLog>) {
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, productId: row.product_id, vendorId: row.vendor_id, changedAt: Number(row.changed_at) }));
}

/** Changes logged after `since`, at most `limit`. */
export function changesSince(db: DbOrTx, since: number, limit: number) {
  return changeRows(changeLog(db).where('changed_at', '>', since).limit(limit));
}

/** Changes logged from `from` to `to` (both included). */
export function changesBetween(db: DbOrTx, from: number, to: number) {
  return changeRows(changeLog(db).where('changed_at', '>=', from).where('changed_at', '<=', to));
}

/** Changes logged after the row `afterId`, in the order logged, at most `limit`. */
export function changesAfter(db: DbOrTx, afterId: number, limit: number) {
  return changeRows(changeLog(db).where('id', '>', afterId).orderBy('id').limit(limit));
}

/** The id of the latest row in the change log, 0 when it is empty. */
export async function latestChangeId(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('catalog_changes')
    .select((eb) => eb.fn.max('id').as('latest'))
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}

/** Forgets changes logged before `before`: every process has long read them. */
export async function pruneChanges(db: DbOrTx, before: number): Promise<void> {
  await db.deleteFrom('catalog_changes').where('changed_at', '<', before).execute();
}

/**
 * Facet attributes of every product, in product order along the primary key: streamed as they are
 * read. (Grouping them in the database first made SQLite work through all 500,000 rows before the
 * first came back, holding the process for seconds.)
 */
export function listingAttributes(db: DbOrTx) {
  return db.selectFrom('product_attributes').select(['product_id', 'key', 'value']).orderBy('product_id').stream(STREAM_CHUNK);
}

/** Stock of every product on sale, by id: all a stock-only change needs to refresh. */
export function listingStock(db: DbOrTx) {
  return db.selectFrom('products').where(onSale).select(['products.id', 'products.stock']).orderBy('products.id').stream(STREAM_CHUNK);
}

/** An active seller as listings know it: its slug (a shop's listing), and where it delivers from and to (listings filtered to a PIN code). */
export interface ListedVendor {
  id: number;
  slug: string;
  shipsToSpecialZones: boolean;
  /** null until the shop has given a pickup address */
  pickupPincode: string | null;
}

export async function activeVendors(db: DbOrTx): Promise<ListedVendor[]> {
  const rows = await db
    .selectFrom('vendors')
    .select(['id', 'slug', 'ships_to_special_zones', 'pickup_address'])
    .where('status', '=', 'active')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    shipsToSpecialZones: Number(row.ships_to_special_zones) === 1,
    pickupPincode: row.pickup_address ? ((JSON.parse(row.pickup_address) as { pincode?: string }).pincode ?? null) : null,
  }));
}
