import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { ProductList } from '#shared/schemas/catalog.ts';
import * as migration from '#server/db/migrations/0027-processor-graphics-facets.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor, desktopSpecs, laptopSpecs } from '#server/testing/factories.ts';
import { TEST_HEADERS } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

/**
 * "Processor" and "Graphics" filters: families derived from the specs (src/shared/spec-families.ts),
 * stored as attribute rows like every spec facet, so the listing index filters and counts them;
 * migration 0027 writes the rows of products that were there before.
 */
describe.each(testDialects())('processor and graphics facets on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let vendorId: number;

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products${query}`, headers: TEST_HEADERS });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProductList>();
  };
  const named = (found: ProductList) => found.items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id)).sort();
  const facet = (found: ProductList, key: string) =>
    found.facets.find((row) => row.key === key)?.values.map(({ value, count }) => [value, count]);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const vendor = await createVendor(t.services);
    vendorId = vendor.id;
    const add = async (name: string, o: Parameters<typeof createProduct>[1]) => {
      ids[name] = (await createProduct(t.services, { vendorId: vendor.id, name: `Facet ${name}`, ...o })).id;
    };
    await add('office', { specs: laptopSpecs({ processor: 'Intel Core i5-1335U', graphics: 'Intel Iris Xe Graphics' }) });
    await add('gaming', { specs: laptopSpecs({ processor: 'Intel Core i7-14650HX', graphics: 'NVIDIA GeForce RTX 4060 8 GB' }) });
    await add('creator', { specs: laptopSpecs({ processor: 'AMD Ryzen 7 8845HS', graphics: 'NVIDIA GeForce RTX 4060 8 GB' }) });
    await add('mac', {
      brand: 'Apple',
      specs: laptopSpecs({ processor: 'Apple M4 (10-core CPU)', graphics: 'Apple 10-core GPU', os: 'macOS' }),
    });
    await add('tower', {
      category: 'Desktop',
      specs: desktopSpecs({ processor: 'Intel Core i7-14700F', graphics: 'NVIDIA GeForce RTX 4070 SUPER 12 GB' }),
    });
    await add('odd', { specs: laptopSpecs({ processor: 'Octa-core 2.4 GHz', graphics: 'Intel UHD Graphics' }) });
    await add('monitor', { category: 'Monitor' });
  });
  afterAll(() => t.close());

  it('filters laptops by processor family and by graphics, repeatable, and counts each facet without its own choice', async () => {
    expect(named(await list('?category=Laptop&processor=Intel%20Core%20i7'))).toEqual(['gaming']);
    expect(named(await list('?category=Laptop&processor=Intel%20Core%20i5&processor=Apple%20M4'))).toEqual(['mac', 'office']);
    const rtx = await list('?category=Laptop&graphics=NVIDIA%20GeForce%20RTX%204060');
    expect(named(rtx)).toEqual(['creator', 'gaming']);
    // The graphics counts ignore the graphics choice; the processor counts follow it.
    expect(facet(rtx, 'graphics')).toEqual([
      ['Integrated', 3],
      ['NVIDIA GeForce RTX 4060', 2],
    ]);
    expect(facet(rtx, 'processor')).toEqual([
      ['AMD Ryzen 7', 1],
      ['Intel Core i7', 1],
    ]);
    // An unrecognised processor has no family, but its product is listed and counted elsewhere.
    const laptops = await list('?category=Laptop');
    expect(laptops.total).toBe(5);
    expect(facet(laptops, 'processor')).toEqual([
      ['AMD Ryzen 7', 1],
      ['Apple M4', 1],
      ['Intel Core i5', 1],
      ['Intel Core i7', 1],
    ]);
    expect(laptops.facets.find((row) => row.key === 'processor')?.label).toBe('Processor');
  });

  it('spans laptops and desktops across categories, and is no facet of monitors', async () => {
    const everything = await list('?processor=Intel%20Core%20i7');
    expect(named(everything)).toEqual(['gaming', 'tower']);
    expect(facet(await list(''), 'graphics')).toEqual([
      ['Integrated', 3],
      ['NVIDIA GeForce RTX 4060', 2],
      ['NVIDIA GeForce RTX 4070 SUPER', 1],
    ]);
    const monitors = await list('?category=Monitor');
    expect(monitors.facets.map((row) => row.key)).not.toContain('processor');
    expect(monitors.facets.map((row) => row.key)).not.toContain('graphics');
  });

  it('follows a product whose processor and graphics are edited', async () => {
    const edited = await t.services.catalog.updateForVendor(vendorId, ids.odd as number, {
      name: 'Facet odd',
      brand: 'Acme',
      category: 'Laptop',
      description: 'A laptop whose seller named its processor properly.',
      price: rupees(50_000),
      mrp: rupees(50_000),
      images: ['/catalog/facet-odd.svg'],
      specs: laptopSpecs({ processor: 'Intel Core Ultra 7 258V', graphics: 'Intel Arc 140V' }),
      status: 'active',
      stock: 10,
    });
    expect(edited).toMatchObject({ proposed: false });
    await t.services.catalog.settled();
    expect(named(await list('?category=Laptop&processor=Intel%20Core%20Ultra%207&graphics=Integrated'))).toEqual(['odd']);
  });

  it('migration 0027 writes the rows of products that were there before it, and takes them away on the way down', async () => {
    const db = t.database.db;
    const rows = async () => {
      const { rows: found } = await sql<{ key: string; n: number }>`
        SELECT "key", count(*) AS n FROM product_attributes WHERE "key" IN ('processor', 'graphics') GROUP BY "key" ORDER BY "key"`.execute(
        db,
      );
      return found.map((row) => [row.key, Number(row.n)]);
    };
    const before = await db
      .selectFrom('product_attributes')
      .select(['product_id', 'key', 'value'])
      .where('key', 'in', ['processor', 'graphics'])
      .orderBy('product_id')
      .orderBy('key')
      .execute();
    // Written with every product: 6 laptops and desktops with graphics, each with a processor family since the edit.
    expect(await rows()).toEqual([
      ['graphics', 6],
      ['processor', 6],
    ]);

    await migration.down(db as never);
    expect(await rows()).toEqual([]);
    await t.services.catalog.rebuild();
    expect((await list('?category=Laptop&processor=Intel%20Core%20i7')).total).toBe(0);

    await migration.up(db as never);
    const after = await db
      .selectFrom('product_attributes')
      .select(['product_id', 'key', 'value'])
      .where('key', 'in', ['processor', 'graphics'])
      .orderBy('product_id')
      .orderBy('key')
      .execute();
    expect(after).toEqual(before);
    // Run twice, the same rows.
    await migration.up(db as never);
    expect(await rows()).toEqual([
      ['graphics', 6],
      ['processor', 6],
    ]);
    await t.services.catalog.rebuild();
    expect(named(await list('?category=Laptop&processor=Intel%20Core%20i7'))).toEqual(['gaming']);
    expect(facet(await list('?category=Desktop'), 'graphics')).toEqual([['NVIDIA GeForce RTX 4070 SUPER', 1]]);
  });
});
