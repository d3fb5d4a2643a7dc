import type { DbOrTx } from '#server/db/database.ts';
import type { VendorRow } from '#server/db/schema.ts';

export interface NewVendor {
  name: string;
  slug: string;
  status: VendorRow['status'];
  userId?: string;
  phone?: string;
  gstin?: string;
}

export async function insertVendor(db: DbOrTx, vendor: NewVendor): Promise<number> {
  const row = await db
    .insertInto('vendors')
    .values({
      name: vendor.name,
      slug: vendor.slug,
      status: vendor.status,
      user_id: vendor.userId ?? null,
      phone: vendor.phone ?? null,
      gstin: vendor.gstin ?? null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findVendorBySlug(db: DbOrTx, slug: string): Promise<VendorRow | undefined> {
  return db.selectFrom('vendors').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Gives a shop onboarded without an account (the demo catalogue's) its account; false if it has one. */
export async function attachVendorUser(db: DbOrTx, vendorId: number, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('vendors')
    .set({ user_id: userId })
    .where('id', '=', vendorId)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findVendorByUserId(db: DbOrTx, userId: string): Promise<VendorRow | undefined> {
  return db.selectFrom('vendors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Slugs starting with the given one, to pick a free one. */
export async function slugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db.selectFrom('vendors').select('slug').where('slug', 'like', `${base}%`).execute();
  return rows.map((row) => row.slug);
}

export async function countVendorsByStatus(db: DbOrTx): Promise<Array<{ status: VendorRow['status']; count: number }>> {
  const rows = await db
    .selectFrom('vendors')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

/**
 * Writes a shop's profile. Its name is always written, so the vendors' change trigger (migration
 * 0011, `UPDATE OF status, slug, name`) logs every save as a catalogue change: listings delivered
 * to a PIN code take in a new pickup address or special-zone setting as they take in a suspension.
 */
export async function updateVendorProfile(
  db: DbOrTx,
  id: number,
  fields: {
    name: string;
    phone: string;
    gstin: string | null;
    pickup_address: string | null;
    low_stock_threshold: number;
    legal_name?: string | null;
    pan?: string | null;
    bank_account_holder?: string | null;
    bank_account_number?: string | null;
    bank_ifsc?: string | null;
    accepts_cod?: number;
    ships_to_special_zones?: number;
    payouts_held_until?: string | null;
  },
): Promise<void> {
  await db.updateTable('vendors').set(fields).where('id', '=', id).execute();
}

/** Where shops ship from and what they accept, for delivery estimates. */
export async function findShippingProfiles(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('vendors')
    .select(['id', 'pickup_address', 'accepts_cod', 'ships_to_special_zones'])
    .where('id', 'in', ids)
    .execute();
}

/** Products the shop offers for sale: its active offers of products on the storefront. */
export async function countActiveProducts(db: DbOrTx, vendorId: number): Promise<number> {
  const row = await db
    .selectFrom('offers')
    .innerJoin('products', 'products.id', 'offers.product_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('offers.vendor_id', '=', vendorId)
    .where('offers.status', '=', 'active')
    .where('products.status', '=', 'active')
    .where('products.hidden_reason', 'is', null)
    .where('products.review', '=', 'approved')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setVendorStatus(db: DbOrTx, id: number, status: VendorRow['status']): Promise<void> {
  await db.updateTable('vendors').set({ status }).where('id', '=', id).execute();
}

/**
 * Takes the shop off sale with its owner's account, keeping the status it returns to. A shop
 * whose owner is already suspended keeps the status it had before that.
 */
export async function suspendVendorWithOwner(db: DbOrTx, id: number): Promise<void> {
  await db
    .updateTable('vendors')
    .set((eb) => ({ status_before_owner_suspension: eb.ref('status'), status: 'suspended' }))
    .where('id', '=', id)
    .where('status_before_owner_suspension', 'is', null)
    .execute();
}

/** Gives the shop back the status it had when its owner was suspended. */
export async function restoreVendorWithOwner(db: DbOrTx, id: number): Promise<void> {
  await db
    .updateTable('vendors')
    .set((eb) => ({ status: eb.fn.coalesce('status_before_owner_suspension', 'status'), status_before_owner_suspension: null }))
    .where('id', '=', id)
    .where('status_before_owner_suspension', 'is not', null)
    .execute();
}

/** While the owner is suspended, the status the shop will return to (the shop stays suspended). */
export async function setVendorStatusAfterOwner(db: DbOrTx, id: number, status: VendorRow['status']): Promise<void> {
  await db
    .updateTable('vendors')
    .set({ status_before_owner_suspension: status })
    .where('id', '=', id)
    .where('status_before_owner_suspension', 'is not', null)
    .execute();
}

export async function findVendorById(db: DbOrTx, id: number): Promise<VendorRow | undefined> {
  return db.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findVendorsByUserIds(db: DbOrTx, userIds: readonly string[]): Promise<VendorRow[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('vendors').selectAll().where('user_id', 'in', userIds).execute();
}

export async function pendingVendorUserIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectFrom('vendors').select('user_id').where('status', '=', 'pending').where('user_id', 'is not', null).execute();
  return rows.map((row) => row.user_id as string);
}

export async function setPayoutsHeldUntil(db: DbOrTx, id: number, until: string | null): Promise<void> {
  await db.updateTable('vendors').set({ payouts_held_until: until }).where('id', '=', id).execute();
}
