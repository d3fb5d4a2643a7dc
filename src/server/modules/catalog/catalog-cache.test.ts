import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Product, ProductList } from '#shared/schemas/catalog.ts';
import { writtenTable } from '#server/db/write-watch.ts';
import { createResponseCache, shareCatalogChanges } from '#server/plugins/response-cache.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('catalogue response cache on %s', (dialect) => {
  let t: TestApp;
  let vendorId: number;
  let productId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    vendorId = (await createVendor(t.services, { name: 'Lamington Road Traders', slug: 'lamington' })).id;
    productId = (await createProduct(t.services, { vendorId, name: 'Acer Aspire 7', brand: 'Acer', price: rupees(58_990) })).id;
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers a repeated catalogue request from the cache, byte for byte, from its third time on', async () => {
    const first = await get('/api/products?brand=Acer');
    const second = await get('/api/products?brand=Acer');
    const third = await get('/api/products?brand=Acer');
    // Kept the second time it is asked for: most URLs are asked for once, and are never kept.
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('miss');
    expect(third.headers['x-cache']).toBe('hit');
    expect(third.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(third.body).toBe(first.body);
  });

  it('shows a committed price change at once', async () => {
    await get(`/api/products/${productId}`);
    await get(`/api/products/${productId}`);
    expect((await get(`/api/products/${productId}`)).headers['x-cache']).toBe('hit');

    await t.database.db
      .updateTable('products')
      .set({ price: rupees(49_990) })
      .where('id', '=', productId)
      .execute();

    const after = await get(`/api/products/${productId}`);
    expect(after.headers['x-cache']).toBe('miss');
    expect((after.json() as Product).price).toBe(rupees(49_990));
    const listed = (await get('/api/products?brand=Acer')).json() as ProductList;
    expect(listed.items[0]?.price).toBe(rupees(49_990));
  });

  it('prices a cart with the price committed last', async () => {
    const quote = async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: [{ productId, quantity: 2 }] });
      return response.json() as { items: Array<{ unitPrice: number }>; subtotal: number };
    };
    const before = await quote();
    await t.database.db
      .updateTable('products')
      .set({ price: rupees(47_990) })
      .where('id', '=', productId)
      .execute();
    const after = await quote();
    expect(after.items[0]?.unitPrice).toBe(rupees(47_990));
    expect(after.subtotal).toBe(rupees(95_980));
    expect(before.items[0]?.unitPrice).not.toBe(rupees(47_990));
    await t.database.db
      .updateTable('products')
      .set({ price: rupees(49_990) })
      .where('id', '=', productId)
      .execute();
  });

  it('keeps its answers when a transaction that wrote products rolls back', async () => {
    await t.services.catalog.settled(); // the last test's edit has reached memory (and cleared the cache once more)
    await get(`/api/products/${productId}`); // asked for before: kept this time
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('products')
          .set({ price: rupees(1) })
          .where('id', '=', productId)
          .execute();
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    const again = await get(`/api/products/${productId}`);
    expect(again.headers['x-cache']).toBe('hit');
    expect((again.json() as Product).price).toBe(rupees(49_990));
  });

  it('clears when a vendor is suspended, so its products leave the listing', async () => {
    expect(((await get('/api/products?brand=Acer')).json() as ProductList).total).toBe(1);
    await t.database.db.updateTable('vendors').set({ status: 'suspended' }).where('id', '=', vendorId).execute();
    expect(((await get('/api/products?brand=Acer')).json() as ProductList).total).toBe(0);
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(404);
    await t.database.db.updateTable('vendors').set({ status: 'active' }).where('id', '=', vendorId).execute();
  });

  it('never stores errors, and does not clear on writes to unrelated tables', async () => {
    expect((await get('/api/products/999999')).statusCode).toBe(404);
    expect((await get('/api/products/999999')).headers['x-cache']).toBe('miss');
    expect((await get('/api/products?minPrice=9&maxPrice=1')).statusCode).toBe(400);

    await get('/api/categories');
    await get('/api/categories');
    await sql`DELETE FROM sign_in_failures WHERE key = ${'nobody'}`.execute(t.database.db);
    expect((await get('/api/categories')).headers['x-cache']).toBe('hit');
  });

  it('lists a product sold out by an order as out of stock at once, and a later edit in full', async () => {
    const sold = (await createProduct(t.services, { vendorId, name: 'Acer Nitro V', brand: 'Acer', stock: 1 })).id;
    const inStock = async () => ((await get('/api/products?brand=Acer&inStock=true')).json() as ProductList).items.map((item) => item.id);
    expect(await inStock()).toContain(sold);

    const [offerId] = [...(await t.database.db.transaction().execute((tx) => t.services.catalog.buyBoxOffers([sold], tx))).values()];
    await t.database.db
      .transaction()
      .execute((tx) => t.services.catalog.takeStock([{ productId: sold, offerId: offerId as number, quantity: 1 }], tx));
    expect(await inStock()).not.toContain(sold);

    await t.database.db.updateTable('products').set({ brand: 'Acer Predator' }).where('id', '=', sold).execute();
    const brands = ((await get('/api/products?brand=Acer%20Predator')).json() as ProductList).items.map((item) => item.id);
    expect(brands).toEqual([sold]);
  });

  it('is off with CATALOG_CACHE_MB=0', async () => {
    const uncached = await buildTestApp(dialect, { CATALOG_CACHE_MB: '0' });
    try {
      await uncached.app.inject({ method: 'GET', url: '/api/products' });
      const again = await uncached.app.inject({ method: 'GET', url: '/api/products' });
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-cache']).toBeUndefined();
    } finally {
      await uncached.close();
    }
  });
});

describe('response cache', () => {
  it('does not store an answer computed before a clear', () => {
    const cache = createResponseCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    const before = cache.generation;
    cache.clear();
    cache.set('/api/products', '{"stale":true}', before);
    expect(cache.get('/api/products')).toBeUndefined();
    cache.set('/api/products', '{"fresh":true}', cache.generation);
    cache.set('/api/products', '{"fresh":true}', cache.generation);
    expect(cache.get('/api/products')?.toString()).toBe('{"fresh":true}');
  });

  it('keeps an answer the second time its URL is asked for, not the first', () => {
    const cache = createResponseCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    for (let page = 1; page <= 1_000; page++) cache.set(`/api/products?page=${page}`, '{}', cache.generation);
    expect(Array.from({ length: 1_000 }, (_, i) => cache.get(`/api/products?page=${i + 1}`)).filter(Boolean)).toEqual([]);
    cache.set('/api/products?page=7', '{"page":7}', cache.generation);
    expect(cache.get('/api/products?page=7')?.toString()).toBe('{"page":7}');
    // Asked for before the cache was cleared counts too: a popular URL is kept again at once.
    cache.clear();
    cache.set('/api/products?page=7', '{"page":7,"again":true}', cache.generation);
    expect(cache.get('/api/products?page=7')?.toString()).toBe('{"page":7,"again":true}');
  });

  it('stays within its memory budget', () => {
    const cache = createResponseCache({ maxBytes: 64 * 1024, ttlMs: 60_000 });
    for (let page = 1; page <= 100; page++)
      for (const _time of [1, 2]) cache.set(`/api/products?page=${page}`, 'x'.repeat(2048), cache.generation);
    const kept = Array.from({ length: 100 }, (_, i) => cache.get(`/api/products?page=${i + 1}`)).filter(Boolean).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept * 2048).toBeLessThanOrEqual(64 * 1024);
    // The newest pages are the ones kept.
    expect(cache.get('/api/products?page=100')).toBeDefined();
  });

  it('hands out copies of its UTF-8 bytes, which outlive the cache writing over them', () => {
    const cache = createResponseCache({ maxBytes: 1024, ttlMs: 60_000 });
    const priced = '{"price":"₹1,29,999"}';
    cache.set('/api/products/1', priced, cache.generation);
    cache.set('/api/products/1', Buffer.from(priced), cache.generation);
    const sent = cache.get('/api/products/1');
    expect(sent?.toString()).toBe(priced);
    // Cleared, and the same bytes of its buffer written over while the first answer may still be on its way.
    cache.clear();
    for (const _time of [1, 2]) cache.set('/api/products/2', 'x'.repeat(sent?.length ?? 0), cache.generation);
    expect(cache.get('/api/products/2')?.toString()).toBe('x'.repeat(sent?.length ?? 0));
    expect(sent?.toString()).toBe(priced);
  });

  it('forgets an answer older than its age limit', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const cache = createResponseCache({ maxBytes: 1024, ttlMs: 1_000 });
      for (const _time of [1, 2]) cache.set('/api/products', '{}', cache.generation);
      vi.advanceTimersByTime(999);
      expect(cache.get('/api/products')?.toString()).toBe('{}');
      vi.advanceTimersByTime(2);
      expect(cache.get('/api/products')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the table a write statement changes', () => {
    expect(writtenTable('insert into "products" ("name") values (?)')).toBe('products');
    expect(writtenTable('update "vendors" set "status" = $1')).toBe('vendors');
    expect(writtenTable('DELETE FROM product_attributes WHERE product_id = ?')).toBe('product_attributes');
    expect(writtenTable('select * from "products"')).toBeUndefined();
    expect(writtenTable('update "products" set "stock" = "stock" - ? where "id" = ?')).toBe('products.stock');
    expect(writtenTable('update "products" set "stock" = "stock" + $1 where "id" = $2')).toBe('products.stock');
    expect(writtenTable('update "products" set "stock" = ?, "updated_at" = ? where "id" = ?')).toBe('products');
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('response cache across processes (Redis)', () => {
  it('a change in one process reaches the others', async () => {
    const channel = `test:catalog-changed:${process.pid}:${Date.now()}`;
    const redisA = new Redis(process.env.TEST_REDIS_URL as string);
    const redisB = new Redis(process.env.TEST_REDIS_URL as string);
    const a = createResponseCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    const b = createResponseCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    const heardByB: Array<string[] | undefined> = [];
    const sharedA = shareCatalogChanges(redisA, channel, () => a.clear());
    const sharedB = shareCatalogChanges(redisB, channel, (tables) => {
      heardByB.push(tables && [...tables]);
      b.clear();
    });
    try {
      await expect.poll(async () => (await redisA.pubsub('NUMSUB', channel))[1]).toBe(2);
      b.set('/api/products', '{}', b.generation);
      b.set('/api/products', '{}', b.generation);
      expect(b.get('/api/products')?.toString()).toBe('{}');
      a.clear();
      sharedA.publish(new Set(['products.stock']));
      await expect.poll(() => b.get('/api/products')).toBeUndefined();
      expect(heardByB.at(-1)).toEqual(['products.stock']);
    } finally {
      await sharedA.close();
      await sharedB.close();
      await redisA.quit();
      await redisB.quit();
    }
  });
});
