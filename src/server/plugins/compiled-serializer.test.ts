import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rupees } from '#shared/money.ts';
import { ProductQuerySchema, SearchQuerySchema } from '#shared/schemas/catalog-query.ts';
import { CategoryListSchema, ProductListSchema, ProductSchema } from '#shared/schemas/catalog.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor, desktopSpecs, laptopSpecs, monitorSpecs } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { compiledSerializerCompiler, compileResponseSerializer, responseJsonSchema } from './compiled-serializer.ts';

/** What the app's zod serializer answers for `data`, parsed back. */
const viaZod = (schema: z.core.$ZodType, data: unknown) => JSON.parse(JSON.stringify(z.encode(schema, data as never)));
const viaCompiled = (schema: z.core.$ZodType, data: unknown) => JSON.parse(compileResponseSerializer(schema)(data));

describe('the compiled response serializer', () => {
  const Shape = z.object({
    id: z.number().int(),
    note: z.string().optional(),
    discount: z.number().nullable(),
    rating: z.number().int().nullish(),
    code: z.union([z.string(), z.number()]),
    specs: z.union([
      z.object({ kind: z.literal('disk'), sizeGb: z.number() }),
      z.object({ kind: z.literal('screen'), sizeIn: z.number(), ports: z.array(z.string()) }),
    ]),
    event: z.discriminatedUnion('type', [
      z.object({ type: z.literal('paid'), amount: z.number() }),
      z.object({ type: z.literal('refunded') }),
    ]),
    counts: z.record(z.string(), z.number()),
    tags: z.array(z.object({ name: z.string(), weight: z.number().optional() })),
    seller: z.object({ name: z.string() }).nullable(),
    at: z.date(),
    extra: z.unknown(),
    strict: z.strictObject({ a: z.number() }),
    loose: z.looseObject({ a: z.number() }),
    pair: z.tuple([z.string(), z.boolean()]),
  });
  const base = {
    id: 7,
    discount: null,
    code: 'X-1',
    specs: { kind: 'disk', sizeGb: 512 },
    event: { type: 'refunded' },
    counts: {},
    tags: [],
    seller: null,
    at: new Date('2026-01-02T03:04:05.678Z'),
    extra: null,
    strict: { a: 1 },
    loose: { a: 1 },
    pair: ['', false],
  };
  const samples: Array<Record<string, unknown>> = [
    base,
    {
      ...base,
      note: 'Quotes " and \\ backslashes, a new\nline, a tab\t, ₹ 1,299, emoji 😀, a lone \ud800 surrogate, \u2028',
      discount: 12.5,
      rating: 4,
      code: 3,
      specs: { kind: 'screen', sizeIn: 27, ports: ['HDMI 2.1', 'DP 1.4'] },
      event: { type: 'paid', amount: 1e21 },
      counts: { a: 1, 'b "c"': -0.5, '': 0 },
      tags: [{ name: 'x', weight: 1 }, { name: 'y' }],
      seller: { name: 'Nehru Place' },
      extra: { nested: [1, 'two', { three: null }] },
      loose: { a: 2, also: ['kept'] },
      pair: ['z', true],
    },
    // Keys outside the schema are dropped, and do not keep a union's branch from matching.
    {
      ...base,
      specs: { kind: 'disk', sizeGb: 1, vendorNote: 'dropped' },
      seller: { name: 'S', internal: 1 },
      tags: [{ name: 't', secret: 1 }],
      hidden: true,
    },
    // Optional keys present but undefined are left out.
    { ...base, note: undefined, rating: undefined },
  ];

  it.each(samples.map((sample, index) => [index, sample] as const))('writes sample %i as zod + JSON.stringify would', (_index, sample) => {
    expect(viaCompiled(Shape, sample)).toStrictEqual(viaZod(Shape, sample));
  });

  it('lets extra keys through only where zod would: plain objects do not reject them, strict ones do', () => {
    const json = responseJsonSchema(Shape) as {
      properties: Record<string, { additionalProperties?: unknown }>;
      additionalProperties?: unknown;
    };
    expect(json.additionalProperties).toBeUndefined();
    expect(json.properties.strict?.additionalProperties).toBe(false);
    expect(json.properties.loose?.additionalProperties).toEqual({});
    expect(json.properties.counts?.additionalProperties).toEqual({ type: 'number' });
  });

  it('fails, as zod does, on data outside the schema', () => {
    const serialize = compileResponseSerializer(Shape);
    expect(() => serialize({ ...base, specs: { kind: 'tape' } })).toThrow();
    expect(() => serialize({ ...base, id: undefined })).toThrow();
  });

  it('refuses schemas whose answers zod would rewrite', () => {
    expect(() => responseJsonSchema(z.object({ price: z.string().transform(Number) }))).toThrow(/transform/);
    expect(() =>
      responseJsonSchema(
        z.object({ at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) }),
      ),
    ).toThrow(/codec/);
  });

  it('compiles success answers and leaves error answers to zod', () => {
    const route = { schema: Shape, method: 'GET', url: '/test' };
    const ok = compiledSerializerCompiler({ ...route, httpStatus: '200' });
    expect(JSON.parse(ok({ ...base, hidden: 1 }))).toStrictEqual(viaZod(Shape, base));
    const error = compiledSerializerCompiler({ ...route, httpStatus: '404' });
    let thrown: unknown;
    try {
      error({ ...base, id: 'seven' });
    } catch (caught) {
      thrown = caught;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });
});

describe.each(testDialects())('compiled answers of the catalogue and search on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const s = t.services;
    const vendor = await createVendor(s, { name: 'Lamington Road "Digital" Traders', slug: 'lamington-road' });
    const add = async (key: string, o: Parameters<typeof createProduct>[1]) => {
      ids[key] = (await createProduct(s, { vendorId: vendor.id, ...o })).id;
    };
    await add('laptop', {
      name: 'Acer Nitro V 15 — “RTX” edition',
      brand: 'Acer',
      price: rupees(74_990),
      mrp: rupees(89_990),
      description: 'Backslash \\ quotes " and ₹ signs 😀',
      specs: laptopSpecs({ displaySizeIn: 15.6, weightKg: 2.11 }),
      featured: true,
    });
    await add('laptop2', {
      name: 'Dell Inspiron 14',
      brand: 'Dell',
      price: rupees(52_490),
      specs: laptopSpecs({ ramGb: 8, storageType: 'eMMC' }),
    });
    await add('desktop', {
      name: 'HP Pro Tower 290 G9',
      brand: 'HP',
      category: 'Desktop',
      price: rupees(48_000),
      stock: 0,
      specs: desktopSpecs({ formFactor: 'Mini Tower', storageType: 'SSD + HDD' }),
    });
    await add('monitor', {
      name: 'Dell UltraSharp U2723QE',
      brand: 'Dell',
      category: 'Monitor',
      price: rupees(42_999),
      specs: monitorSpecs({ resolution: '3840x2160', responseTimeMs: 5, ports: ['HDMI 2.0', 'DisplayPort 1.4', 'USB-C 90W'] }),
    });
    await add('monitor2', {
      name: 'LG 24MR400',
      brand: 'LG',
      category: 'Monitor',
      price: rupees(7_999),
      specs: monitorSpecs({ sizeIn: 23.8, resolution: '1920x1080', refreshRateHz: 100 }),
    });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('a product list and each category page are what zod would answer', async () => {
    const queries: Array<Record<string, string>> = [
      {},
      { category: 'Laptop' },
      { category: 'Desktop' },
      { category: 'Monitor' },
      { sort: 'price_asc', pageSize: '2', page: '2' },
    ];
    for (const query of queries) {
      const body = await get(`/api/products?${new URLSearchParams(query)}`);
      const expected = await t.services.catalog.list(ProductQuerySchema.parse(query));
      expect(body).toStrictEqual(viaZod(ProductListSchema, expected));
    }
    const all = await get('/api/products');
    expect(new Set(all.items.map((item: { category: string }) => item.category))).toEqual(new Set(['Laptop', 'Desktop', 'Monitor']));
  });

  it('each product, whatever its category, and its related products are what zod would answer', async () => {
    for (const id of Object.values(ids)) {
      expect(await get(`/api/products/${id}`)).toStrictEqual(viaZod(ProductSchema, await t.services.catalog.get(id)));
      const related = { items: await t.services.catalog.related(id) };
      expect(await get(`/api/products/${id}/related`)).toStrictEqual(viaZod(z.object({ items: z.array(ProductSchema) }), related));
    }
  });

  it('categories and search answers are what zod would answer', async () => {
    expect(await get('/api/categories')).toStrictEqual(viaZod(CategoryListSchema, { items: await t.services.catalog.categories() }));
    for (const q of ['dell', 'acer nitro', 'ultrasharp', '']) {
      const body = await get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(body.items.length).toBeGreaterThan(0);
      expect(body).toStrictEqual(viaZod(ProductListSchema, await t.services.search.search(SearchQuerySchema.parse({ q }))));
    }
  });

  it('errors of these routes keep their usual shape', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/products/999999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const invalid = await t.app.inject({ method: 'GET', url: '/api/search?page=0' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { issues: [{ field: 'page' }] } } });
  });
});
