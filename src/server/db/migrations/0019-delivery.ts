import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';

const DIRECTORY = new URL('../../modules/delivery/pincode-directory.tsv.gz', import.meta.url);

/**
 * Delivery. The pincode directory: every Indian pincode with the place an address form
 * fills in, its district and state, whether it gets deliveries, and its metro area, loaded from
 * the file `tools/build-pincode-directory.ts` derives from India Post's directory (a later
 * refresh of the data is a migration of its own). And two shop settings: whether the shop takes
 * Cash on Delivery, and whether it ships to the special zones (the North East, Jammu & Kashmir,
 * Ladakh and the islands).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pincodes')
    .addColumn('pincode', 'text', (c) => c.primaryKey())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('district', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('deliverable', 'integer', (c) => c.notNull())
    .addColumn('metro', 'text')
    .execute();
  const rows = gunzipSync(readFileSync(DIRECTORY))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [pincode, city, district, state, deliverable, metro] = line.split('\t');
      return { pincode, city, district, state, deliverable: Number(deliverable), metro: metro || null };
    });
  // 5,000 rows of 6 values stay under both engines' limits on bound parameters (SQLite 32,766).
  for (let start = 0; start < rows.length; start += 5000) {
    await db
      .insertInto('pincodes' as never)
      .values(rows.slice(start, start + 5000) as never)
      .execute();
  }
  await db.schema
    .alterTable('vendors')
    .addColumn('accepts_cod', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('vendors')
    .addColumn('ships_to_special_zones', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vendors').dropColumn('ships_to_special_zones').execute();
  await db.schema.alterTable('vendors').dropColumn('accepts_cod').execute();
  await db.schema.dropTable('pincodes').execute();
}
