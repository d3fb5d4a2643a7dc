import { type Kysely, sql } from 'kysely';
import { graphicsFamily, processorFamily } from '#shared/spec-families.ts';

/**
 * Two new spec facets, "Processor" and "Graphics" (laptops and desktops): their attribute rows for
 * every product written before them, as the catalogue writes them for a new or edited product
 * (productAttributes in src/shared/facet-attributes.ts, which calls the same two functions; a product whose
 * processor is not recognised gets no processor row there either). Any status, as writes do:
 * a draft put on sale later keeps its rows. Read and written in pages by id, so a large catalogue
 * is never held in memory at once; the listing index reads the rows when the process starts.
 */
const KEYS = ['processor', 'graphics'] as const;
const PAGE = 500;

interface Row {
  id: number;
  category: string;
  specs: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Written again from scratch, so a rerun after a partial one leaves the same rows.
  await removeRows(db);
  let after = 0;
  for (;;) {
    const { rows } = await sql<Row>`
      SELECT id, category, specs FROM products
      WHERE category IN ('Laptop', 'Desktop') AND id > ${after}
      ORDER BY id LIMIT ${PAGE}`.execute(db);
    if (rows.length === 0) break;
    after = Number((rows.at(-1) as Row).id);
    const values = rows.flatMap((row) => {
      const specs = (typeof row.specs === 'string' ? JSON.parse(row.specs) : row.specs) as { processor?: unknown; graphics?: unknown };
      const pairs: Array<[string, string | undefined]> = [
        ['processor', typeof specs.processor === 'string' ? processorFamily(specs.processor) : undefined],
        ['graphics', typeof specs.graphics === 'string' ? graphicsFamily(specs.graphics) : undefined],
      ];
      return pairs.flatMap(([key, value]) => (value === undefined ? [] : [sql`(${Number(row.id)}, ${key}, ${value})`]));
    });
    if (values.length > 0) {
      await sql`INSERT INTO product_attributes (product_id, "key", "value") VALUES ${sql.join(values)}`.execute(db);
    }
  }
}

async function removeRows(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM product_attributes WHERE "key" IN (${sql.join(KEYS.map((key) => sql`${key}`))})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeRows(db);
}
