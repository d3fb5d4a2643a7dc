import { type DbOrTx, toIso } from '#server/db/database.ts';

/** Ids per statement: well under every engine's parameter limit. */
const IDS_PER_QUERY = 500;

export async function upsertAlert(db: DbOrTx, userId: string, productId: number, now: Date): Promise<void> {
  await db
    .insertInto('stock_alerts')
    .values({ user_id: userId, product_id: productId, created_at: now.toISOString(), notified_at: null })
    .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doUpdateSet({ created_at: now.toISOString(), notified_at: null }))
    .execute();
}

export async function deleteAlert(db: DbOrTx, userId: string, productId: number): Promise<void> {
  await db.deleteFrom('stock_alerts').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}

export async function findAlert(db: DbOrTx, userId: string, productId: number) {
  const row = await db
    .selectFrom('stock_alerts')
    .select(['created_at', 'notified_at'])
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row ? { createdAt: toIso(row.created_at), notifiedAt: row.notified_at === null ? null : toIso(row.notified_at) } : undefined;
}

/** Customers still waiting for any of these products (or for any product, without ids). */
export async function waiting(db: DbOrTx, productIds?: readonly number[]): Promise<Array<{ userId: string; productId: number }>> {
  const read = (ids?: readonly number[]) => {
    let query = db.selectFrom('stock_alerts').select(['user_id', 'product_id']).where('notified_at', 'is', null);
    if (ids) query = query.where('product_id', 'in', ids);
    return query.orderBy('created_at').execute();
  };
  const rows = [];
  if (!productIds) rows.push(...(await read()));
  else for (let at = 0; at < productIds.length; at += IDS_PER_QUERY) rows.push(...(await read(productIds.slice(at, at + IDS_PER_QUERY))));
  return rows.map((row) => ({ userId: row.user_id, productId: row.product_id }));
}

/** Marks a wait as told; false when another process (or an earlier pass) told it first. */
export async function markNotified(db: DbOrTx, userId: string, productId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('stock_alerts')
    .set({ notified_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function alertsOf(db: DbOrTx, userId: string) {
  const rows = await db
    .selectFrom('stock_alerts')
    .select(['product_id', 'created_at', 'notified_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    askedAt: toIso(row.created_at),
    notifiedAt: row.notified_at === null ? null : toIso(row.notified_at),
  }));
}

export async function deleteAllOf(db: DbOrTx, userId: string): Promise<void> {
  await db.deleteFrom('stock_alerts').where('user_id', '=', userId).execute();
}
