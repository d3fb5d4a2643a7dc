import { PostgresAdapter, sql } from 'kysely';
import { type BuyBoxOffer, buyBox, buyBoxOrder, rankOffers } from '#shared/buy-box.ts';
import type { Offer } from '#shared/schemas/catalog.ts';
import type { DbOrTx } from '#server/db/database.ts';
import type { NewOfferRow } from '#server/db/schema.ts';

/**
 * Holds the product's row until the transaction ends, so that everything read after it (its offers)
 * is as the last transaction to write them left them. PostgreSQL: a row lock (its statements each
 * see what committed before them). SQLite runs one writing transaction at a time, so needs none.
 */
export async function lockProduct(db: DbOrTx, productId: number): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`SELECT id FROM products WHERE id = ${productId} FOR UPDATE`.execute(db);
}

/** An offer row with what the buy box weighs. */
interface OfferRow {
  id: number;
  vendor_id: number;
  price: number;
  mrp: number;
  stock: number;
  dispatch_days: number;
  status: 'draft' | 'active' | 'archived';
  vendor_status: 'pending' | 'active' | 'suspended';
}

/** The row as the buy box rule (src/shared/buy-box.ts) reads an offer. */
const weighed = <R extends OfferRow>(row: R): BuyBoxOffer & { row: R } => ({
  id: row.id,
  vendorId: row.vendor_id,
  price: Number(row.price),
  stock: row.stock,
  dispatchDays: row.dispatch_days,
  status: row.status,
  vendorStatus: row.vendor_status,
  row,
});

function offerRows(db: DbOrTx) {
  return db
    .selectFrom('offers')
    .innerJoin('vendors', 'vendors.id', 'offers.vendor_id')
    .select([
      'offers.id',
      'offers.product_id',
      'offers.vendor_id',
      'offers.price',
      'offers.mrp',
      'offers.stock',
      'offers.dispatch_days',
      'offers.status',
      'vendors.status as vendor_status',
    ]);
}

/**
 * Writes the product's buy box (`buyBox` in src/shared/buy-box.ts) onto its row: the winning
 * offer's seller, price, MRP and stock, how many offers are on sale, and the product's status.
 * Called in the transaction of every offer write, so the row never shows an offer that is not
 * there. Writes only what moved: a row written logs a catalogue change.
 */
export async function refreshBuyBox(db: DbOrTx, productId: number): Promise<void> {
  // The product row first, locked: two transactions writing two offers of one product would each
  // read the other's offer as it was and write a buy box from stale offers.
  await lockProduct(db, productId);
  const product = await db
    .selectFrom('products')
    .select(['vendor_id', 'offer_count', 'price', 'mrp', 'stock', 'status', 'listed_by'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) return;
  const offers = (await offerRows(db).where('offers.product_id', '=', productId).execute()) as OfferRow[];
  const box = buyBox(offers.map(weighed), product.listed_by);
  const winner = box.offer?.row;
  const next = {
    vendor_id: winner?.vendor_id ?? product.vendor_id,
    offer_count: box.offerCount,
    price: winner ? Number(winner.price) : Number(product.price),
    mrp: winner ? Number(winner.mrp) : Number(product.mrp),
    stock: winner?.stock ?? 0,
    status: box.status,
  } as const;
  const same =
    next.vendor_id === product.vendor_id &&
    next.offer_count === product.offer_count &&
    next.price === Number(product.price) &&
    next.mrp === Number(product.mrp) &&
    next.stock === product.stock &&
    next.status === product.status;
  if (same) return;
  await db.updateTable('products').set(next).where('id', '=', productId).execute();
}

export async function insertOffers(db: DbOrTx, rows: readonly NewOfferRow[]): Promise<Array<{ id: number; product_id: number }>> {
  if (rows.length === 0) return [];
  return db.insertInto('offers').values(rows).returning(['id', 'product_id']).execute();
}

/** Offers on sale of the given products, in the buy box's order (the winner first), as product answers list them. */
export async function offersOn(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, Offer[]>> {
  const byProduct = new Map<number, Offer[]>();
  for (let at = 0; at < productIds.length; at += 500) {
    const rows = await offerRows(db)
      .select(['vendors.name as vendor_name', 'vendors.slug as vendor_slug'])
      .where('offers.product_id', 'in', productIds.slice(at, at + 500))
      .where('offers.status', '=', 'active')
      .where('vendors.status', '=', 'active')
      .execute();
    for (const row of rows) {
      const offers = byProduct.get(row.product_id) ?? [];
      offers.push({
        id: row.id,
        vendor: { id: row.vendor_id, name: row.vendor_name, slug: row.vendor_slug },
        price: Number(row.price),
        mrp: Number(row.mrp),
        stock: row.stock,
        dispatchDays: row.dispatch_days,
      });
      byProduct.set(row.product_id, offers);
    }
  }
  for (const offers of byProduct.values()) offers.sort(buyBoxOrder);
  return byProduct;
}

/** The products more than one seller offers: those whose answers list other sellers. */
export async function productsWithOtherSellers(db: DbOrTx): Promise<number[]> {
  const rows = await db.selectFrom('products').select('id').where('offer_count', '>', 1).execute();
  return rows.map((row) => row.id);
}

/** An offer with what buying from it needs: its product, its seller, whether both are on sale. */
export async function findOffers(db: DbOrTx, offerIds: readonly number[]) {
  if (offerIds.length === 0) return [];
  return offerRows(db)
    .innerJoin('products', 'products.id', 'offers.product_id')
    .select([
      'vendors.name as vendor_name',
      'vendors.slug as vendor_slug',
      'products.status as product_status',
      'products.hidden_reason',
      'products.review',
      'products.name as product_name',
      'products.category as product_category',
      'products.images',
    ])
    .where('offers.id', 'in', offerIds)
    .execute();
}

/** Each offer's working days from order to dispatch, by offer id. */
export async function dispatchDaysOf(db: DbOrTx, offerIds: readonly number[]): Promise<Map<number, number>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db.selectFrom('offers').select(['id', 'dispatch_days']).where('id', 'in', offerIds).execute();
  return new Map(rows.map((row) => [row.id, Number(row.dispatch_days)]));
}

/** Each product's buy box offer (the one of its row's seller), by product id. */
export async function buyBoxOffers(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .innerJoin('offers', (join) => join.onRef('offers.product_id', '=', 'products.id').onRef('offers.vendor_id', '=', 'products.vendor_id'))
    .select(['products.id', 'offers.id as offer_id'])
    .where('products.id', 'in', productIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.offer_id]));
}

/** Takes stock from an offer for an order line in one guarded statement: false when there is too little, or it is not on sale. */
export async function takeOfferStock(db: DbOrTx, offerId: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('offers')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', offerId)
    .where('status', '=', 'active')
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function returnOfferStock(db: DbOrTx, offerId: number, quantity: number): Promise<void> {
  await db
    .updateTable('offers')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', offerId)
    .execute();
}

/** The products the offers are of now. */
export async function productsOfOffers(db: DbOrTx, offerIds: readonly number[]): Promise<number[]> {
  if (offerIds.length === 0) return [];
  const rows = await db.selectFrom('offers').select('product_id').distinct().where('id', 'in', offerIds).execute();
  return rows.map((row) => row.product_id);
}

/** The seller's offer of a product, if it has one. */
export async function offerOf(db: DbOrTx, vendorId: number, productId: number) {
  return db.selectFrom('offers').selectAll().where('vendor_id', '=', vendorId).where('product_id', '=', productId).executeTakeFirst();
}

/** Other sellers' offers of the product (on sale or not): a product they sell is shared, and its content no longer one seller's. */
export async function otherSellers(db: DbOrTx, vendorId: number, productId: number): Promise<number> {
  const row = await db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('product_id', '=', productId)
    .where('vendor_id', '!=', vendorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every offer of a product, whatever its status or seller's, as `rankOffers` orders them: what the admin sees. */
export async function allOffersOf(db: DbOrTx, productId: number) {
  const rows = await offerRows(db)
    .select(['vendors.name as vendor_name', 'vendors.slug as vendor_slug', 'offers.sku'])
    .where('offers.product_id', '=', productId)
    .execute();
  return rankOffers(rows.map(weighed)).map((offer) => offer.row);
}

/**
 * Moves every offer of `from` to `into` (the duplicate's sellers sell the product it duplicates);
 * order lines keep their offer, so order history reads as it did. The sellers offering both, who
 * would then have two offers of one product; empty when moved.
 */
export async function moveOffers(db: DbOrTx, from: number, into: number): Promise<number[]> {
  const both = await db
    .selectFrom('offers as a')
    .innerJoin('offers as b', (join) => join.onRef('a.vendor_id', '=', 'b.vendor_id'))
    .select('a.vendor_id')
    .where('a.product_id', '=', from)
    .where('b.product_id', '=', into)
    .execute();
  if (both.length > 0) return both.map((row) => row.vendor_id);
  await db.updateTable('offers').set({ product_id: into, updated_at: new Date().toISOString() }).where('product_id', '=', from).execute();
  return [];
}

/** The products whose buy box a seller's change of status may move: every product it has an offer on. */
export async function productsOfferedBy(db: DbOrTx, vendorIds: readonly number[]): Promise<number[]> {
  if (vendorIds.length === 0) return [];
  const rows = await db.selectFrom('offers').select('product_id').distinct().where('vendor_id', 'in', vendorIds).execute();
  return rows.map((row) => row.product_id);
}
