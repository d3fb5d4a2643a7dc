import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';
import * as migration from './0013-drop-sql-listing-indexes.ts';

describe.each(testDialects())('migration 0013 (SQL listing indexes dropped) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  async function productIndexes(): Promise<string[]> {
    const { rows } =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'products'`.execute(t.database.db)
        : await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'products'`.execute(t.database.db);
    return rows.map((row) => row.name).sort();
  }

  it('drops the seven indexes only SQL listings read, keeps the vendor and listing-load ones, and puts them back on the way down', async () => {
    const after = await productIndexes();
    expect(after.filter((name) => name.startsWith('products_status_'))).toEqual([]);
    expect(after).toEqual(expect.arrayContaining(['products_listing_idx', 'products_vendor_idx', 'products_vendor_created_idx']));

    await migration.down(t.database.db as never);
    expect((await productIndexes()).filter((name) => name.startsWith('products_status_'))).toHaveLength(7);
    await migration.up(t.database.db as never);
    expect(await productIndexes()).toEqual(after);
    // Products are still written and read as before.
    const product = await createProduct(t.services, { name: 'Migration Check 14' });
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
  });
});
