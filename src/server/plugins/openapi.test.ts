import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';

// The document does not depend on the database; SQLite builds it fastest.
describe('the OpenAPI document', () => {
  let t: TestApp;
  let source: string;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    source = (await t.app.inject({ url: '/api/openapi.json' })).body;
  });
  afterAll(() => t.close());

  it("has no error under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`).slice(0, 20)).toEqual([]);
  });

  it("has no error under Spectral's spectral:oas rules", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(new Document(source, Parsers.Json, 'openapi.json'));
    const errors = results.filter((result) => result.severity === 0);
    expect(errors.map((e) => `${e.code}: ${e.message} at ${e.path.join('.')}`).slice(0, 20)).toEqual([]);
  });

  it('says how to sign in and marks every operation', async () => {
    const document = JSON.parse(source);
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'store.session_token' });
    expect(document.components.securitySchemes.guestOrderToken).toMatchObject({ in: 'header', name: 'x-guest-order-token' });
    expect(document.servers).toHaveLength(1);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, { operationId: string; tags: string[]; security: unknown[] }>>(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.operationId, `${method} ${path}`).toBeTruthy();
        expect(operation.tags, `${method} ${path}`).toHaveLength(1);
        expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
        ids.add(operation.operationId);
      }
    expect(document.paths['/api/products'].get.security).toEqual([]);
    expect(document.paths['/api/orders'].get.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/cart/quote'].post.responses['403']).toBeDefined();
  });

  it('documents the answers as the routes give them', () => {
    const { paths } = JSON.parse(source);
    expect(paths['/api/auth/logout'].post.responses['204']).toEqual({ description: 'No content' });
    const files: [string, string][] = [
      ['/api/invoices/{id}/pdf', 'application/pdf'],
      ['/api/credit-notes/{id}/pdf', 'application/pdf'],
      ['/api/returns/photos/{id}', 'image/webp'],
    ];
    for (const [path, type] of files) {
      const responses = paths[path].get.responses;
      expect(Object.keys(responses['200'].content), path).toEqual([type]);
      expect(Object.keys(responses), path).toEqual(expect.arrayContaining(['401', '404']));
    }
    const quote = paths['/api/cart/quote'].post.requestBody.content['application/json'].schema;
    expect(quote.anyOf.map((schema: { type: string }) => schema.type)).toEqual(['array', 'object']);
    const category = paths['/api/admin/coupons'].post.requestBody.content['application/json'].schema.properties.category;
    expect(category.enum).toContain(null);
  });
});
