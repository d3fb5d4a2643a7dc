import { type DbOrTx, toIso } from '#server/db/database.ts';

export interface StoredReply {
  id: number;
  productId: number;
  vendorId: number;
  message: string;
  asksReview: boolean;
  hiddenReason: string;
  createdAt: string;
}

export async function insertReply(
  db: DbOrTx,
  reply: { productId: number; vendorId: number; authorId: string; message: string; asksReview: boolean; hiddenReason: string },
): Promise<void> {
  await db
    .insertInto('moderation_replies')
    .values({
      product_id: reply.productId,
      vendor_id: reply.vendorId,
      author_id: reply.authorId,
      message: reply.message,
      asks_review: reply.asksReview ? 1 : 0,
      hidden_reason: reply.hiddenReason,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** The replies to the moderation of these products, oldest first; only one seller's when `vendorId` is given. */
export async function repliesOf(db: DbOrTx, productIds: readonly number[], vendorId?: number): Promise<StoredReply[]> {
  if (productIds.length === 0) return [];
  let query = db.selectFrom('moderation_replies').selectAll().where('product_id', 'in', productIds);
  if (vendorId !== undefined) query = query.where('vendor_id', '=', vendorId);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    vendorId: row.vendor_id,
    message: row.message,
    asksReview: Number(row.asks_review) === 1,
    hiddenReason: row.hidden_reason,
    createdAt: toIso(row.created_at),
  }));
}
