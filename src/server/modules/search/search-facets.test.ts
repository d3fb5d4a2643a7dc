import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { ProductList } from '#shared/schemas/catalog.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, desktopSpecs, laptopSpecs, monitorSpecs } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';

/**
 * Facet counts agree with the results they lead to: each facet is counted with every filter but
 * its own, so a value's count is the total of the listing with that value alone chosen in its
 * facet, a ticked value included (0 only when nothing matches it).
 */
describe.each(testDialects())('facet counts of searches and listings on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const s = t.services;
    await createProduct(s, { name: 'Lenovo Legion 5 Gaming', brand: 'Lenovo', price: rupees(95_000), specs: laptopSpecs({ ramGb: 16 }) });
    await createProduct(s, { name: 'Lenovo IdeaPad Slim 5', brand: 'Lenovo', price: rupees(65_000), specs: laptopSpecs({ ramGb: 16 }) });
    await createProduct(s, { name: 'Lenovo ThinkPad E14', brand: 'Lenovo', price: rupees(60_000), specs: laptopSpecs({ ramGb: 8 }) });
    await createProduct(s, {
      name: 'Lenovo LOQ Tower Gaming',
      brand: 'Lenovo',
      category: 'Desktop',
      price: rupees(90_000),
      specs: desktopSpecs(),
    });
    await createProduct(s, {
      name: 'Lenovo L27 Monitor',
      brand: 'Lenovo',
      category: 'Monitor',
      price: rupees(20_000),
      specs: monitorSpecs(),
    });
    await createProduct(s, { name: 'ASUS ROG Strix Gaming', brand: 'ASUS', price: rupees(1_20_000), specs: laptopSpecs({ ramGb: 16 }) });
    await createProduct(s, { name: 'ASUS TUF Gaming A15', brand: 'ASUS', price: rupees(75_000), specs: laptopSpecs({ ramGb: 16 }) });
  });
  afterAll(() => t.close());

  const get = async (path: string, params: URLSearchParams): Promise<ProductList> => {
    const response = await t.app.inject({ url: `${path}?${params.toString()}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProductList;
  };
  const counts = (body: ProductList, key: string) =>
    Object.fromEntries((body.facets.find((facet) => facet.key === key)?.values ?? []).map(({ value, count }) => [value, count]));

  /** Every shown count, and every chosen value's, is the total of the listing with that value alone chosen in its facet. */
  async function expectCountsMatchResults(path: string, query: string): Promise<ProductList> {
    const params = new URLSearchParams(query);
    const body = await get(path, params);
    const keys = new Set([...body.facets.map((facet) => facet.key), ...['category', 'brand', 'ram'].filter((key) => params.has(key))]);
    for (const key of keys) {
      const shown = counts(body, key);
      const values = new Set([...Object.keys(shown), ...params.getAll(key)]);
      for (const value of values) {
        const alone = new URLSearchParams(params);
        alone.delete(key);
        alone.delete('page');
        alone.append(key, value);
        const { total } = await get(path, alone);
        expect({ query, key, value, count: shown[value] ?? 0 }).toEqual({ query, key, value, count: total });
      }
    }
    return body;
  }

  it('counts the chosen category as its results, and the others as picking them would give', async () => {
    const all = await expectCountsMatchResults('/api/search', 'q=lenovo');
    expect(counts(all, 'category')).toEqual({ Laptop: 3, Desktop: 1, Monitor: 1 });

    const laptops = await expectCountsMatchResults('/api/search', 'q=lenovo&category=Laptop');
    expect(laptops.total).toBe(3);
    expect(counts(laptops, 'category')).toEqual({ Laptop: 3, Desktop: 1, Monitor: 1 });

    const narrowed = await expectCountsMatchResults('/api/search', 'q=lenovo&category=Laptop&ram=16&brand=Lenovo');
    expect(narrowed.total).toBe(2);
    expect(counts(narrowed, 'category')).toEqual({ Laptop: 2, Desktop: 1 });
  });

  it('counts the category the words name ("16gb ram laptop under 80000", "gaming laptop under 1 lakh") as its results', async () => {
    const ram = await expectCountsMatchResults('/api/search', 'q=16gb ram laptop under 80000');
    expect(ram.total).toBe(2);
    expect(counts(ram, 'category')).toEqual({ Laptop: 2 });

    const gaming = await expectCountsMatchResults('/api/search', 'q=gaming laptop under 1 lakh');
    expect(gaming.total).toBe(2);
    expect(counts(gaming, 'category')).toMatchObject({ Laptop: 2, Desktop: 1 });
  });

  it('does the same on listings without words: a category page, filtered, and the catalogue with a category ticked', async () => {
    const page = await expectCountsMatchResults('/api/products', 'category=Laptop&brand=Lenovo&ram=16');
    expect(page.total).toBe(2);
    expect(counts(page, 'category')).toEqual({ Laptop: 2, Desktop: 1 });
    expect(counts(page, 'brand')).toEqual({ ASUS: 2, Lenovo: 2 });

    const priced = await expectCountsMatchResults('/api/products', `category=Laptop&maxPrice=${rupees(80_000)}`);
    expect(counts(priced, 'category')).toEqual({ Laptop: 3, Monitor: 1 });
    await expectCountsMatchResults('/api/products', 'category=Desktop&inStock=true');
  });
});
