import { type DbOrTx, toIso } from '#server/db/database.ts';

/**
 * The lines sold, read across orders: a seller's sales (its overview) and delivered lines (its
 * settlements), the latest delivered line of a product (who may review it), whether any line was
 * delivered (who may vote on reviews), and which offers were ever ordered (an offer with orders is
 * kept, not deleted). Every seller's query carries its id.
 */

/** The offers among these that order lines were bought from (whichever product they are of now, after a merge). */
export async function offersWithOrders(db: DbOrTx, offerIds: readonly number[]): Promise<Set<number>> {
  if (offerIds.length === 0) return new Set();
  const rows = await db.selectFrom('order_items').select('offer_id').distinct().where('offer_id', 'in', offerIds).execute();
  return new Set(rows.flatMap((row) => (row.offer_id === null ? [] : [row.offer_id])));
}

/** The vendor's lines of paid orders in a period, for the overview. */
export async function vendorPaidLines(db: DbOrTx, vendorId: number, from: Date, to: Date) {
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select([
      'order_items.order_id',
      'order_items.product_id',
      'order_items.name',
      'order_items.quantity',
      'order_items.line_total',
      'orders.paid_at',
    ])
    .where('order_items.vendor_id', '=', vendorId)
    .where('order_items.replaces_item_id', 'is', null)
    .where('orders.status', 'in', ['confirmed', 'return_requested', 'returned'])
    .where('orders.paid_at', '>=', from.toISOString())
    .where('orders.paid_at', '<', to.toISOString())
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    productId: row.product_id,
    name: row.name,
    quantity: row.quantity,
    lineTotal: Number(row.line_total),
    paidAt: toIso(row.paid_at as string | Date),
  }));
}

/** The vendor's delivered lines in a period, for settlements. */
export async function vendorDeliveredLines(db: DbOrTx, vendorId: number, from: Date, to: Date) {
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('fulfilments', 'fulfilments.id', 'order_items.fulfilment_id')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select([
      'order_items.order_id',
      'order_items.name',
      'order_items.quantity',
      'order_items.line_total',
      'order_items.discount',
      'orders.coupon_funded_by',
      'fulfilments.delivered_at',
    ])
    .where('fulfilments.vendor_id', '=', vendorId)
    .where('order_items.replaces_item_id', 'is', null)
    .where('orders.status', '=', 'confirmed')
    .where('fulfilments.status', '=', 'delivered')
    .where('fulfilments.delivered_at', '>=', from.toISOString())
    .where('fulfilments.delivered_at', '<', to.toISOString())
    .orderBy('fulfilments.delivered_at')
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    name: row.name,
    quantity: row.quantity,
    lineTotal: Number(row.line_total),
    discount: Number(row.discount),
    discountFundedBy: Number(row.discount) > 0 ? row.coupon_funded_by : null,
    deliveredAt: toIso(row.delivered_at as string | Date),
  }));
}

/**
 * The customer's most recently delivered line of a product: what makes their review of it a
 * verified purchase, and which seller it was bought from. Undefined if none was delivered.
 */
export async function latestDeliveredLine(
  db: DbOrTx,
  userId: string,
  productId: number,
): Promise<{ vendorId: number; name: string } | undefined> {
  const row = await db
    .selectFrom('order_items')
    .innerJoin('fulfilments', 'fulfilments.id', 'order_items.fulfilment_id')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.vendor_id', 'order_items.name'])
    .where('orders.user_id', '=', userId)
    .where('order_items.product_id', '=', productId)
    .where('fulfilments.status', '=', 'delivered')
    .orderBy('fulfilments.delivered_at', 'desc')
    .orderBy('order_items.id', 'desc')
    .executeTakeFirst();
  return row ? { vendorId: row.vendor_id, name: row.name } : undefined;
}

/** Whether any line of the customer's orders was delivered to them: a shopper with standing, who may vote on reviews. */
export async function hasDeliveredLine(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_items')
    .innerJoin('fulfilments', 'fulfilments.id', 'order_items.fulfilment_id')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select('order_items.id')
    .where('orders.user_id', '=', userId)
    .where('fulfilments.status', '=', 'delivered')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
