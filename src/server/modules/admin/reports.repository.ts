import { type DbOrTx, toIso } from '#server/db/database.ts';

/**
 * Read-only marketplace figures for the admin dashboard. An exception to "a module owns its
 * tables": reporting reads across orders, payments, users and vendors in a few grouped queries
 * instead of many service calls. Nothing here writes.
 */
export async function paidOrdersSince(db: DbOrTx, from: Date) {
  const rows = await db.selectFrom('orders').select(['id', 'total', 'paid_at']).where('paid_at', '>=', from.toISOString()).execute();
  return rows.map((row) => ({ id: row.id, total: Number(row.total), paidAt: toIso(row.paid_at as string | Date) }));
}

export async function paymentCountsSince(db: DbOrTx, from: Date) {
  const rows = await db
    .selectFrom('payments')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', from.toISOString())
    .groupBy('status')
    .execute();
  const count = (statuses: string[]) => rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
  return { paid: count(['captured', 'partially_refunded', 'refunded']), failed: count(['failed']) };
}

/**
 * Payments of the period by method: those that took money (captured, even if refunded since), and
 * Cash on Delivery still to be collected (authorized).
 */
export async function paymentsByMethodSince(db: DbOrTx, from: Date) {
  const rows = await db
    .selectFrom('payments')
    .select(['method', 'status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('created_at', '>=', from.toISOString())
    .where('status', 'in', ['captured', 'partially_refunded', 'refunded', 'authorized'])
    .groupBy(['method', 'status'])
    .execute();
  const byMethod = new Map<string, { method: string; count: number; amount: number }>();
  let toCollect = { count: 0, amount: 0 };
  for (const row of rows) {
    if (row.status === 'authorized') {
      if (row.method === 'cod') toCollect = { count: toCollect.count + Number(row.n), amount: toCollect.amount + Number(row.amount) };
      continue;
    }
    const entry = byMethod.get(row.method) ?? { method: row.method, count: 0, amount: 0 };
    entry.count += Number(row.n);
    entry.amount += Number(row.amount);
    byMethod.set(row.method, entry);
  }
  return { byMethod: [...byMethod.values()].sort((a, b) => b.amount - a.amount), codToCollect: toCollect };
}

export async function refundsSince(db: DbOrTx, from: Date) {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
    .where('created_at', '>=', from.toISOString())
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), amount: Number(row.amount ?? 0) };
}

export async function newUsersSince(db: DbOrTx, from: Date, role: 'customer' | 'vendor') {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', role)
    .where('created_at', '>=', from.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function salesByCategorySince(db: DbOrTx, from: Date) {
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select([
      'products.category',
      (eb) => eb.fn.sum<number>('order_items.line_total').as('revenue'),
      (eb) => eb.fn.sum<number>('order_items.quantity').as('units'),
    ])
    .where('orders.paid_at', '>=', from.toISOString())
    .groupBy('products.category')
    .orderBy('products.category')
    .execute();
  return rows.map((row) => ({ category: row.category, revenue: Number(row.revenue), units: Number(row.units) }));
}

export async function pendingShops(db: DbOrTx, limit = 10) {
  const rows = await db
    .selectFrom('vendors')
    .innerJoin('users', 'users.id', 'vendors.user_id')
    .select(['users.id as uid', 'vendors.name as shop', 'users.name as owner', 'users.email', 'vendors.created_at'])
    .where('vendors.status', '=', 'pending')
    .orderBy('vendors.created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ uid: row.uid, shop: row.shop, owner: row.owner, email: row.email, since: toIso(row.created_at) }));
}

export async function countVendorsSince(db: DbOrTx, from: Date) {
  const row = await db
    .selectFrom('vendors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', from.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countPendingVendors(db: DbOrTx) {
  const row = await db
    .selectFrom('vendors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function latestOrders(db: DbOrTx, limit = 10) {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.total', 'orders.status', 'orders.created_at', 'users.name'])
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    total: Number(row.total),
    status: row.status,
    createdAt: toIso(row.created_at),
    customer: row.name,
  }));
}
