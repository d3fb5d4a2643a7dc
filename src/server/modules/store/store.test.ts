import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_INFO } from '#shared/store-info.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('operations and store endpoints on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reports health and readiness', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('publishes the store contact details from configuration', async () => {
    const response = await t.app.inject({ url: '/api/store' });
    expect(response.json()).toMatchObject({
      name: DEFAULT_STORE_INFO.name,
      tradingSince: 2020,
      supportEmail: DEFAULT_STORE_INFO.supportEmail,
    });
  });

  it('serves an OpenAPI document describing the catalogue endpoints', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of ['/api/products', '/api/products/{id}', '/api/categories', '/api/search', '/api/cart/quote', '/api/health']) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const parameters = document.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(parameters).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'sort', 'category', 'brand', 'minPrice', 'maxPrice', 'inStock']),
    );
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
