import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { ProductList, SearchSuggestions } from '#shared/schemas/catalog.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, desktopSpecs, laptopSpecs } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';

/** Searches as shoppers type them: what the words say as filters is applied as filters (query-understanding.ts). */
describe.each(testDialects())('searches in plain words on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const s = t.services;
    await createProduct(s, { name: 'Lenovo IdeaPad Slim 5', brand: 'Lenovo', price: rupees(72_000), specs: laptopSpecs({ ramGb: 16 }) });
    await createProduct(s, { name: 'HP Victus 15', brand: 'HP', price: rupees(79_999), specs: laptopSpecs({ ramGb: 16 }) });
    await createProduct(s, { name: 'Dell XPS 14', brand: 'Dell', price: rupees(1_65_000), specs: laptopSpecs({ ramGb: 16 }) });
    await createProduct(s, { name: 'Acer Aspire 3', brand: 'Acer', price: rupees(38_000), specs: laptopSpecs({ ramGb: 8 }) });
    await createProduct(s, {
      name: 'HP Pro Tower 290',
      brand: 'HP',
      category: 'Desktop',
      price: rupees(52_000),
      specs: desktopSpecs({ ramGb: 16 }),
    });
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const response = await t.app.inject({ url: `/api/search?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ProductList).items.map((item) => item.name).sort();
  };

  it('finds "16gb ram laptop under 80000": laptops with 16 GB RAM up to ₹80,000 (it found nothing before)', async () => {
    expect(await search(`q=${encodeURIComponent('16gb ram laptop under 80000')}`)).toEqual(['HP Victus 15', 'Lenovo IdeaPad Slim 5']);
    expect(await search(`q=${encodeURIComponent('hp 16 GB RAM under 80k')}`)).toEqual(['HP Pro Tower 290', 'HP Victus 15']);
    expect(await search(`q=${encodeURIComponent('laptop between 30000 and 75000')}`)).toEqual(['Acer Aspire 3', 'Lenovo IdeaPad Slim 5']);
  });

  it('lets the filters the address sets win over the words', async () => {
    expect(await search(`q=${encodeURIComponent('16gb ram laptop under 80000')}&maxPrice=${rupees(75_000)}`)).toEqual([
      'Lenovo IdeaPad Slim 5',
    ]);
    expect(await search(`q=${encodeURIComponent('laptop under 80000')}&category=Desktop`)).toEqual(['HP Pro Tower 290']);
  });

  it('suggests products, brands and categories while a shopper types: a prefix, a typo, words that name filters', async () => {
    const suggest = async (q: string) => {
      const response = await t.app.inject({ url: `/api/search/suggestions?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchSuggestions>();
    };
    const hp = await suggest('hp');
    expect(hp.products.map(({ name }) => name).sort()).toEqual(['HP Pro Tower 290', 'HP Victus 15']);
    expect(hp.products.find(({ name }) => name === 'HP Victus 15')).toMatchObject({
      brand: 'HP',
      category: 'Laptop',
      price: rupees(79_999),
    });
    expect(hp.brands).toEqual([{ name: 'HP', count: 2 }]);
    expect(hp.categories.map(({ category }) => category).sort()).toEqual(['Desktop', 'Laptop']);
    expect((await suggest('vict')).products.map(({ name }) => name)).toEqual(['HP Victus 15']);
    expect((await suggest('lenvo')).brands).toEqual([{ name: 'Lenovo', count: 1 }]);
    expect((await suggest('laptop under 40000')).products.map(({ name }) => name)).toEqual(['Acer Aspire 3']);
    expect(await suggest('  ')).toEqual({ q: '', products: [], brands: [], categories: [] });
    const long = await t.app.inject({ url: `/api/search/suggestions?q=${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('q must be at most 100 characters');
  });
});
