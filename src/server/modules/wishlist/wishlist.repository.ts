import { PostgresAdapter, sql } from 'kysely';
import { type DbOrTx, toIso } from '#server/db/database.ts';

/** Every function reads or writes one customer's rows only (the owner is part of each query), but a merge's move of a product. */

export interface WishlistRow {
  productId: number;
  savedPrice: number;
  savedAt: string;
}

/** The customer's saved products, newest first. */
export async function listItems(db: DbOrTx, userId: string): Promise<WishlistRow[]> {
  const rows = await db
    .selectFrom('wishlist_items')
    .select(['product_id', 'saved_price', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('product_id', 'desc')
    .execute();
  return rows.map((row) => ({ productId: row.product_id, savedPrice: Number(row.saved_price), savedAt: toIso(row.created_at) }));
}

export async function findItem(db: DbOrTx, userId: string, productId: number): Promise<WishlistRow | undefined> {
  const row = await db
    .selectFrom('wishlist_items')
    .select(['product_id', 'saved_price', 'created_at'])
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row && { productId: row.product_id, savedPrice: Number(row.saved_price), savedAt: toIso(row.created_at) };
}

export async function countItems(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('wishlist_items')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Orders the customer's wishlist writes until the transaction ends: on PostgreSQL a transaction
 * lock on the owner (two saves at once each count the list the other has just grown); SQLite's
 * write transactions already run one at a time (BEGIN IMMEDIATE).
 */
export async function lockOwner(tx: DbOrTx, userId: string): Promise<void> {
  if (tx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`wishlist:${userId}`}))`.execute(tx);
}

/** Saves the product with its price now; a product already saved keeps its first price and date. */
export async function insertItem(db: DbOrTx, item: { userId: string; productId: number; savedPrice: number; at: string }): Promise<void> {
  await db
    .insertInto('wishlist_items')
    .values({ user_id: item.userId, product_id: item.productId, saved_price: item.savedPrice, created_at: item.at })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

export async function deleteItem(db: DbOrTx, userId: string, productId: number): Promise<void> {
  await db.deleteFrom('wishlist_items').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}

export async function deleteAllOf(db: DbOrTx, userId: string): Promise<void> {
  await db.deleteFrom('wishlist_items').where('user_id', '=', userId).execute();
}

/**
 * A merge of duplicate products: the duplicate's saves move to the kept product; a customer who
 * saved both keeps the kept product's save (its first price and date). How many moved, and how
 * many were saved there already.
 */
export async function moveProduct(db: DbOrTx, from: number, into: number): Promise<{ moved: number; alreadySaved: number }> {
  const both = await db
    .deleteFrom('wishlist_items')
    .where('product_id', '=', from)
    .where('user_id', 'in', db.selectFrom('wishlist_items').select('user_id').where('product_id', '=', into))
    .executeTakeFirst();
  const moved = await db.updateTable('wishlist_items').set({ product_id: into }).where('product_id', '=', from).executeTakeFirst();
  return { moved: Number(moved.numUpdatedRows), alreadySaved: Number(both.numDeletedRows) };
}
