import { SingleBar, Presets } from 'cli-progress';
import { sql } from 'kysely';
import type { Category } from '#shared/categories.ts';
import type { ProductSpecs } from '#shared/schemas/catalog.ts';
import { createServices } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { DEMO_PRODUCTS, slugify } from '#server/db/seed/demo-catalog.ts';
import type { DemoProduct } from '#server/db/seed/demo-catalog.types.ts';
import type { NewProduct } from '#server/modules/catalog/catalog.service.ts';
import type { AutocannonRequest } from './autocannon.ts';
import { ADMIN, BATCH, databaseUrl, DAY_MS, PRODUCTS, tempDir, VENDORS } from './settings.ts';
import { BY_CATEGORY, type Dice, dice, PRICE_SPREAD } from './shopper-draws.ts';

/** A deterministic catalogue derived from the demo one, and the seed that writes it. */

const catalogueDice = dice(20_260_101);
const rand = catalogueDice.next;
const pick = catalogueDice.pick;

/** Each spec field from a random demo product of the same category: realistic values, wide spread. */
function mixedSpecs(category: Category): ProductSpecs {
  const sources = BY_CATEGORY.get(category) ?? [];
  const first = sources[0];
  if (!first) throw new Error(`No demo products in ${category}`);
  const specs: Record<string, unknown> = {};
  for (const key of Object.keys(first.specs)) {
    specs[key] = (pick(sources).specs as unknown as Record<string, unknown>)[key];
  }
  return specs as unknown as ProductSpecs;
}

const CITIES = [
  'Delhi',
  'Mumbai',
  'Chennai',
  'Bengaluru',
  'Kolkata',
  'Hyderabad',
  'Pune',
  'Ahmedabad',
  'Jaipur',
  'Lucknow',
  'Kochi',
  'Indore',
  'Chandigarh',
  'Bhopal',
  'Nagpur',
  'Coimbatore',
  'Surat',
  'Patna',
  'Vadodara',
  'Guwahati',
];
const SUFFIX_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

function benchProduct(i: number, vendorIds: readonly number[], now: number): NewProduct {
  const base = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length] as DemoProduct;
  const model = `${SUFFIX_LETTERS[Math.floor(rand() * SUFFIX_LETTERS.length)]}${String(i).padStart(5, '0')}`;
  const name = `${base.name} ${model}`;
  const factor = PRICE_SPREAD.low + rand() * (PRICE_SPREAD.high - PRICE_SPREAD.low);
  // Whole rupees, in paise.
  const price = Math.max(100, Math.round((base.price * factor) / 100) * 100);
  const mrp = Math.max(price, Math.round((base.mrp * factor) / 100) * 100);
  return {
    vendorId: pick(vendorIds),
    name,
    slug: slugify(name),
    brand: base.brand,
    category: base.category,
    description: base.description,
    price,
    mrp,
    stock: Math.floor(rand() * 61),
    images: base.images,
    specs: mixedSpecs(base.category),
    status: rand() < 0.05 ? 'draft' : 'active',
    featured: rand() < 0.03,
    createdAt: new Date(now - Math.floor(rand() * 540 * DAY_MS)).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Seeding

/** The database is not an empty one: stop without touching it. */
export class RefusalError extends Error {}

export async function seed(database: DatabaseHandle): Promise<void> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: tempDir, SESSION_SECRET: 'b'.repeat(32), SEED_DEMO: 'false' });
  const services = createServices({ database, config });
  // Made here rather than by the server's ADMIN_EMAIL: several server processes would race to make it.
  await services.authService.ensureAdmin(ADMIN);
  const now = Date.now();
  const vendorIds = await database.db.transaction().execute(async (tx) => {
    const ids: number[] = [];
    for (let n = 1; n <= VENDORS; n++) {
      const name = `${CITIES[(n - 1) % CITIES.length]} Computers ${Math.ceil(n / CITIES.length)}`;
      ids.push(await services.vendors.create({ name, slug: slugify(name), status: 'active' }, tx));
    }
    return ids;
  });
  const bar = new SingleBar(
    { format: '  {bar} {percentage}% | {value}/{total} products | {eta_formatted} left', noTTYOutput: true, notTTYSchedule: 5000 },
    Presets.shades_classic,
  );
  const rebuildIndexes = await dropSecondaryIndexes(database);
  bar.start(PRODUCTS, 0);
  for (let start = 0; start < PRODUCTS; start += BATCH) {
    const end = Math.min(PRODUCTS, start + BATCH);
    const batch = Array.from({ length: end - start }, (_, n) => benchProduct(start + n, vendorIds, now));
    await database.db.transaction().execute((tx) => services.catalog.createMany(batch, tx));
    bar.update(end);
  }
  bar.stop();
  await rebuildIndexes();
}

/** The tables a seed fills: their secondary indexes are built once, after the load. */
const SEEDED_TABLES = ['products', 'offers', 'product_attributes', 'catalog_changes'];

/**
 * Drops the seeded tables' secondary indexes (not those that back a primary key or a constraint)
 * and returns what builds them again, from their own definitions. A bulk load builds its indexes
 * at the end, as pg_restore does: kept up row by row, each of a million products lands at a random
 * place in half a dozen of them (by vendor, by SKU, …), while an index built at the end is one
 * sort. The database left behind is the same.
 */
async function dropSecondaryIndexes(database: DatabaseHandle): Promise<() => Promise<void>> {
  const { db } = database;
  const indexes =
    database.dialect === 'postgres'
      ? (
          await sql<{ name: string; definition: string }>`
            SELECT indexname AS name, indexdef AS definition FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename IN (${sql.join(SEEDED_TABLES)})
              AND indexname NOT IN (SELECT conname FROM pg_constraint)`.execute(db)
        ).rows
      : (
          await sql<{ name: string; definition: string }>`
            SELECT name, sql AS definition FROM sqlite_master
            WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${sql.join(SEEDED_TABLES)})`.execute(db)
        ).rows;
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  return async () => {
    for (const index of indexes) await sql.raw(index.definition).execute(db);
  };
}

/** Active products: what a shopper can open. With `inStock`, only those that can be bought too. */
export async function activeIds(database: DatabaseHandle, inStock: boolean): Promise<number[]> {
  let query = database.db.selectFrom('products').select('id').where('status', '=', 'active');
  if (inStock) query = query.where('stock', '>', 0);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * A request whose path autocannon draws afresh every time. Each comes from its own address, as
 * shoppers do, so that no per-address limit the server may have counts the whole bench as one.
 */
export function drawn(pathOf: () => string, d: Dice): AutocannonRequest[] {
  return [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: pathOf(),
        headers: { ...request.headers, 'x-forwarded-for': `10.${d.int(0, 255)}.${d.int(0, 255)}.${d.int(1, 254)}` },
      }),
    },
  ];
}
