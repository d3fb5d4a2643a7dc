import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductList } from '#shared/schemas/catalog.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { TEST_HEADERS } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

/**
 * Customers' ratings in the catalogue: on every product's JSON (cards), the sort "Customer rating"
 * and the filter "4★ & above", in listings and search. The reviews module keeps product_ratings
 * in each review's transaction (its own tests); here the rows are written as it writes them, and
 * the catalogue must follow through the change log (migration 0025), without a reload.
 */
describe.each(testDialects())('ratings in listings on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: TEST_HEADERS });
  const list = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProductList>();
  };
  const named = (found: ProductList) => found.items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id));
  /** Rates a product as the reviews module leaves it: `stars` one per visible review. */
  async function rate(name: string, stars: number[]) {
    const db = t.database.db;
    const row = {
      rating_count: stars.length,
      rating_sum: stars.reduce((sum, star) => sum + star, 0),
      stars_1: stars.filter((star) => star === 1).length,
      stars_2: stars.filter((star) => star === 2).length,
      stars_3: stars.filter((star) => star === 3).length,
      stars_4: stars.filter((star) => star === 4).length,
      stars_5: stars.filter((star) => star === 5).length,
      updated_at: new Date().toISOString(),
    };
    const productId = ids[name] as number;
    const known = await db.selectFrom('product_ratings').select('product_id').where('product_id', '=', productId).executeTakeFirst();
    if (known) await db.updateTable('product_ratings').set(row).where('product_id', '=', productId).execute();
    else
      await db
        .insertInto('product_ratings')
        .values({ product_id: productId, ...row })
        .execute();
    await t.services.catalog.settled();
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const vendor = await createVendor(t.services);
    for (const [name, createdAt] of [
      ['loved', '2026-01-01T00:00:00.000Z'],
      ['lovedByMore', '2026-01-02T00:00:00.000Z'],
      ['good', '2026-01-03T00:00:00.000Z'],
      ['middling', '2026-01-04T00:00:00.000Z'],
      ['unrated', '2026-01-05T00:00:00.000Z'],
    ] as const) {
      ids[name] = (await createProduct(t.services, { vendorId: vendor.id, name: `Rated ${name} laptop`, createdAt })).id;
    }
    await rate('loved', [5, 4]);
    await rate('lovedByMore', [5, 4, 5, 4, 5, 4]);
    await rate('good', [4, 4, 4, 4]);
    await rate('middling', [3, 4, 2]);
  });
  afterAll(() => t.close());

  it("carries the average to one decimal and the count on a product's JSON, null before any review", async () => {
    expect((await get(`/api/products/${ids.middling}`)).json<Product>().rating).toEqual({ average: 3, count: 3 });
    expect((await get(`/api/products/${ids.loved}`)).json<Product>().rating).toEqual({ average: 4.5, count: 2 });
    expect((await get(`/api/products/${ids.unrated}`)).json<Product>().rating).toBeNull();
    const listed = await list('/api/products?q=&pageSize=100');
    expect(listed.items.find((item) => item.id === ids.lovedByMore)?.rating).toEqual({ average: 4.5, count: 6 });
  });

  it('sorts by customer rating: the best average first, the more rated of two alike first, unrated last', async () => {
    expect(named(await list('/api/products?sort=rating&pageSize=100'))).toEqual(['lovedByMore', 'loved', 'good', 'middling', 'unrated']);
    expect(named(await list('/api/search?q=rated&sort=rating'))).toEqual(['lovedByMore', 'loved', 'good', 'middling', 'unrated']);
  });

  it('filters to 4★ & above and counts it as a facet', async () => {
    const topRated = await list('/api/products?rating=4&sort=rating');
    expect(named(topRated)).toEqual(['lovedByMore', 'loved', 'good']);
    const everything = await list('/api/products?category=Laptop');
    expect(everything.facets.find((facet) => facet.key === 'rating')).toEqual({
      key: 'rating',
      label: 'Customer rating',
      values: [{ value: '4', label: '4★ & above', count: 3 }],
    });
    expect(named(await list('/api/search?q=rated&rating=4&sort=newest'))).toEqual(['good', 'lovedByMore', 'loved']);
  });

  it('follows a rating as it changes, without a reload: a hidden review, a first review', async () => {
    // A 4 hidden from 'good' leaves it at 4.0 over three; the 4s and a 2 hidden from 'middling' leave a 3.
    await rate('middling', [3]);
    await rate('good', [4, 4, 4]);
    await rate('unrated', [5, 5, 5, 5, 5]);
    expect(named(await list('/api/products?sort=rating&pageSize=100'))).toEqual(['unrated', 'lovedByMore', 'loved', 'good', 'middling']);
    expect(named(await list('/api/products?rating=4&sort=rating'))).toEqual(['unrated', 'lovedByMore', 'loved', 'good']);
    await rate('loved', [4, 3]);
    expect(named(await list('/api/products?rating=4&sort=rating'))).toEqual(['unrated', 'lovedByMore', 'good']);
    expect((await get(`/api/products/${ids.loved}`)).json<Product>().rating).toEqual({ average: 3.5, count: 2 });
  });

  it('refuses a sort it does not know, naming the customer rating among them', async () => {
    const response = await get('/api/products?sort=stars');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('sort must be one of: relevance, price_asc, price_desc, newest, rating');
  });
});
