import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { registerActiveVendor, registerCustomer, signInAdmin, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every documented operation is called (signed out, as the area's user, and cross-site for the
 * state-changing ones) and each answer must be one the document lists, with a body its schema
 * accepts. Path parameters name a record that does not exist, and bodies are empty, so the calls
 * change nothing and the answers are the errors every caller can meet.
 */
describe.each(testDialects())('the answers of every operation match the OpenAPI document on %s', (dialect) => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, Operation>> };
  let ajv: Ajv;
  const users: Record<'customer' | 'vendor' | 'admin', TestUser | undefined> = { customer: undefined, vendor: undefined, admin: undefined };
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    ajv = new Ajv({ strict: false, allErrors: false });
    addFormats(ajv);
    ajv.addSchema(document, 'openapi');
    users.customer = await registerCustomer(t, 'contract-customer@example.com');
    users.vendor = await registerActiveVendor(t, 'contract-vendor@example.com', 'Contract Traders');
    users.admin = await signInAdmin(t, 'contract-admin@example.com');
  });
  afterAll(() => t.close());

  function pointer(...parts: string[]): string {
    return 'openapi#/' + parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
  }

  /** What is wrong with an answer, by the document; empty when nothing is. */
  function mismatch(path: string, method: string, response: LightMyRequestResponse): string[] {
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${path} is not documented`];
    const status = String(response.statusCode);
    const documented = operation.responses[status] ?? operation.responses.default;
    const where = `${method} ${path} → ${status}`;
    if (!documented) return [`${where} is not documented (${response.body.slice(0, 120)})`];
    const type = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
    if (!documented.content) return response.body === '' ? [] : [`${where} has a body the document does not declare`];
    if (!(type in documented.content)) return [`${where} answers ${type || 'nothing'}, documented ${Object.keys(documented.content)}`];
    if (type !== 'application/json') return [];
    const validate = ajv.getSchema(pointer('paths', path, method.toLowerCase(), 'responses', status, 'content', type, 'schema'));
    if (!validate) return [`${where}: no schema`];
    return validate(response.json()) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
  }

  function userFor(path: string): TestUser | undefined {
    if (path.startsWith('/api/admin')) return users.admin;
    if (path.startsWith('/api/vendor')) return users.vendor;
    return users.customer;
  }

  it('answers as documented, signed out, signed in and cross-site', async () => {
    const problems: string[] = [];
    let calls = 0;
    // Signing out ends the session the other calls use: those come last.
    const signsOut = (path: string) => /logout|sign-out/.test(path);
    const paths = Object.entries(document.paths).sort(([a], [b]) => Number(signsOut(a)) - Number(signsOut(b)));
    for (const [path, item] of paths) {
      const url = path.replace(/\{[^}]+\}/g, '999999');
      for (const method of METHODS) {
        if (!item[method.toLowerCase()]) continue;
        const unsafe = method !== 'GET';
        const payload = unsafe ? {} : undefined;
        const cookie = userFor(path)?.cookie ?? '';
        const tries = [
          { headers: TEST_HEADERS },
          { headers: { ...TEST_HEADERS, cookie } },
          ...(unsafe ? [{ headers: { host: TEST_HEADERS.host, origin: 'https://elsewhere.example', cookie } }] : []),
        ];
        for (const { headers } of tries) {
          const response = await t.app.inject({ method, url, headers, payload });
          calls += 1;
          problems.push(...mismatch(path, method, response));
        }
      }
    }
    expect(calls).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  });

  it("answers a real product's operations and a priced cart as documented", async () => {
    const product = await createProduct(t.services, { vendorId: (users.vendor as TestUser & { vendorId: number }).vendorId });
    const problems: string[] = [];
    let succeeded = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      if (!/^\/api\/(vendor\/|admin\/)?products\/\{id\}[^{]*$/.test(path) || !item.get) continue;
      const response = await t.app.inject({
        url: path.replace('{id}', String(product.id)),
        headers: { ...TEST_HEADERS, cookie: userFor(path)?.cookie ?? '' },
      });
      if (response.statusCode < 300) succeeded += 1;
      problems.push(...mismatch(path, 'GET', response));
    }
    const line = { productId: product.id, quantity: 1 };
    for (const payload of [[line], { items: [line] }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/cart/quote', headers: TEST_HEADERS, payload });
      expect(response.statusCode).toBe(200);
      problems.push(...mismatch('/api/cart/quote', 'POST', response));
    }
    expect(succeeded).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  });
});
