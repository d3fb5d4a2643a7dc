import { sql } from 'kysely';
import type { Category } from '#shared/categories.ts';
import { indiaDate, startOfIndiaDay } from '#shared/india-time.ts';
import type { Coupon } from '#shared/schemas/coupons.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import type { CouponsTable } from '#server/db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const columns = [
  'coupons.id',
  'coupons.code',
  'coupons.description',
  'coupons.kind',
  'coupons.value',
  'coupons.min_order',
  'coupons.max_discount',
  'coupons.starts_at',
  'coupons.ends_at',
  'coupons.total_limit',
  'coupons.per_customer_limit',
  'coupons.first_order_only',
  'coupons.used',
  'coupons.category',
  'coupons.vendor_id',
  'coupons.funded_by',
  'coupons.active',
  'coupons.created_at',
  'vendors.name as vendor_name',
] as const;

type Row = Omit<
  CouponsTable,
  | 'id'
  | 'used'
  | 'active'
  | 'first_order_only'
  | 'created_by'
  | 'value'
  | 'min_order'
  | 'max_discount'
  | 'starts_at'
  | 'ends_at'
  | 'created_at'
> & {
  starts_at: string | Date;
  ends_at: string | Date;
  created_at: string | Date;
  id: number;
  used: number;
  active: number;
  first_order_only: number;
  value: number | string;
  min_order: number | string;
  max_discount: number | string | null;
  vendor_name: string | null;
};

function toCoupon(row: Row): Coupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: Number(row.value),
    minOrder: Number(row.min_order),
    maxDiscount: row.max_discount === null ? null : Number(row.max_discount),
    startsOn: indiaDate(new Date(toIso(row.starts_at))),
    endsOn: indiaDate(new Date(new Date(toIso(row.ends_at)).getTime() - 1)),
    totalLimit: row.total_limit,
    perCustomerLimit: row.per_customer_limit,
    firstOrderOnly: Number(row.first_order_only) === 1,
    used: Number(row.used),
    category: row.category as Category | null,
    vendor: row.vendor_id === null ? null : { id: row.vendor_id, name: row.vendor_name ?? '' },
    fundedBy: row.funded_by,
    active: Number(row.active) === 1,
    createdAt: toIso(row.created_at),
  };
}

const select = (db: DbOrTx) => db.selectFrom('coupons').leftJoin('vendors', 'vendors.id', 'coupons.vendor_id').select(columns);

export interface NewCoupon {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  value: number;
  minOrder: number;
  maxDiscount: number | null;
  startsOn: string;
  endsOn: string;
  totalLimit: number | null;
  perCustomerLimit: number;
  firstOrderOnly: boolean;
  category: Category | null;
  vendorId: number | null;
  fundedBy: 'marketplace' | 'vendor';
  createdBy: string;
}

export async function insertCoupon(db: DbOrTx, coupon: NewCoupon): Promise<number> {
  const row = await db
    .insertInto('coupons')
    .values({
      code: coupon.code,
      description: coupon.description,
      kind: coupon.kind,
      value: coupon.value,
      min_order: coupon.minOrder,
      max_discount: coupon.maxDiscount,
      starts_at: startOfIndiaDay(coupon.startsOn).toISOString(),
      ends_at: new Date(startOfIndiaDay(coupon.endsOn).getTime() + DAY_MS).toISOString(),
      total_limit: coupon.totalLimit,
      per_customer_limit: coupon.perCustomerLimit,
      first_order_only: coupon.firstOrderOnly ? 1 : 0,
      category: coupon.category,
      vendor_id: coupon.vendorId,
      funded_by: coupon.fundedBy,
      created_by: coupon.createdBy,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findCoupon(db: DbOrTx, id: number): Promise<Coupon | undefined> {
  const row = await select(db).where('coupons.id', '=', id).executeTakeFirst();
  return row ? toCoupon(row) : undefined;
}

export async function findCouponByCode(db: DbOrTx, code: string): Promise<Coupon | undefined> {
  const row = await select(db).where('coupons.code', '=', code).executeTakeFirst();
  return row ? toCoupon(row) : undefined;
}

/** Newest first; a seller's own, or all (the admin's). */
export async function listCoupons(db: DbOrTx, filter: { fundedByVendor?: number }): Promise<Coupon[]> {
  let query = select(db).orderBy('coupons.id', 'desc');
  if (filter.fundedByVendor !== undefined)
    query = query.where('coupons.vendor_id', '=', filter.fundedByVendor).where('coupons.funded_by', '=', 'vendor');
  return (await query.execute()).map(toCoupon);
}

export async function setActive(db: DbOrTx, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ active: Number(active) })
    .where('id', '=', id)
    .execute();
}

/** Takes one use, only while uses are left: the row's lock orders concurrent redemptions. False when used up. */
export async function takeUse(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ used: sql`used + 1` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('total_limit', 'is', null), eb('used', '<', eb.ref('total_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The customer's redemptions of a coupon that still stand: under any of the ids that are this customer. */
export async function usesBy(db: DbOrTx, couponId: number, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('user_id', 'in', [...userIds])
    .where('released', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRedemption(
  db: DbOrTx,
  redemption: { couponId: number; orderId: number; userId: string; discount: number },
): Promise<void> {
  await db
    .insertInto('coupon_redemptions')
    .values({
      coupon_id: redemption.couponId,
      order_id: redemption.orderId,
      user_id: redemption.userId,
      discount: redemption.discount,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** A cancelled order's use goes back to its coupon, once. */
export async function releaseRedemption(db: DbOrTx, orderId: number): Promise<boolean> {
  const redemption = await db
    .selectFrom('coupon_redemptions')
    .select(['id', 'coupon_id'])
    .where('order_id', '=', orderId)
    .where('released', '=', 0)
    .executeTakeFirst();
  if (!redemption) return false;
  const released = await db
    .updateTable('coupon_redemptions')
    .set({ released: 1 })
    .where('id', '=', redemption.id)
    .where('released', '=', 0)
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) !== 1) return false;
  await db
    .updateTable('coupons')
    .set({ used: sql`used - 1` })
    .where('id', '=', redemption.coupon_id)
    .execute();
  return true;
}

/** A guest's redemptions become the account's, when the account claims the guest's orders. */
export async function moveRedemptions(db: DbOrTx, fromUserIds: readonly string[], toUserId: string): Promise<void> {
  if (fromUserIds.length === 0) return;
  await db
    .updateTable('coupon_redemptions')
    .set({ user_id: toUserId })
    .where('user_id', 'in', [...fromUserIds])
    .execute();
}
