import type { DbOrTx } from '#server/db/database.ts';
import type { VendorRow } from '#server/db/schema.ts';

export async function insertVendor(
  db: DbOrTx,
  vendor: { name: string; slug: string; status: VendorRow['status'] },
): Promise<number> {
  const row = await db
    .insertInto('vendors')
    .values({ ...vendor, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findVendorBySlug(db: DbOrTx, slug: string): Promise<VendorRow | undefined> {
  return db.selectFrom('vendors').selectAll().where('slug', '=', slug).executeTakeFirst();
}
