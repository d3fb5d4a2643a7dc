import { type DbOrTx, toIso } from '#server/db/database.ts';

/** Every function reads or writes one customer's rows only: the owner is part of each query. */

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
  const row = await db.selectFrom('wishlist_items').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
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
