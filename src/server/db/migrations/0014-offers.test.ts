import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';
import * as migration from './0014-offers.ts';

describe.each(testDialects())('migration 0014 (products and offers) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const totals = async () => {
    const { rows } = await sql<{ n: number; price: number; mrp: number; stock: number; active: number }>`
      SELECT count(*) AS n, sum(price) AS price, sum(mrp) AS mrp, sum(stock) AS stock, sum(CASE WHEN status = 'active' THEN 1 ELSE 0 END) AS active FROM products`.execute(
      t.database.db,
    );
    return Object.fromEntries(Object.entries(rows[0] as object).map(([key, value]) => [key, Number(value)]));
  };

  it("makes every product one product with one offer, its seller's: counts, prices, stock, SKUs and order lines unchanged, and back on the way down", async () => {
    const db = t.database.db;
    const shops = [await createVendor(t.services), await createVendor(t.services), await createVendor(t.services, { status: 'pending' })];
    for (let n = 0; n < 30; n++) {
      const shop = shops[n % 3] as { id: number };
      await createProduct(t.services, {
        vendorId: shop.id,
        price: rupees(10_000 + n * 1_000),
        mrp: rupees(12_000 + n * 1_000),
        stock: n,
        status: n % 5 === 0 ? 'draft' : 'active',
      });
    }
    await db
      .updateTable('offers')
      .set({ sku: sql`'SKU-' || product_id` })
      .execute();
    const before = await totals();

    await migration.down(db as never);
    // As products were before offers: their own seller and SKU, and order lines without an offer.
    const { rows: skus } = await sql<{ n: number }>`SELECT count(*) AS n FROM products WHERE sku = 'SKU-' || id`.execute(db);
    expect(Number(skus[0]?.n)).toBe(30);
    const user = await db
      .insertInto('users')
      .values({
        id: 'u-migration',
        name: 'Old Buyer',
        email: 'old@buyer.in',
        email_verified: 0,
        role: 'customer',
        status: 'active',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await db
      .selectFrom('products')
      .select(['id', 'vendor_id', 'price'])
      .where('status', '=', 'active')
      .where('vendor_id', '=', (shops[0] as { id: number }).id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const order = await db
      .insertInto('orders')
      .values({
        user_id: user.id,
        status: 'confirmed',
        subtotal: product.price,
        shipping: 0,
        gst: 0,
        total: product.price,
        address: '{}',
        idempotency_key: 'migration-1',
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const fulfilment = await db
      .insertInto('fulfilments')
      .values({
        order_id: order.id,
        vendor_id: product.vendor_id,
        vendor_name: 'Old Shop',
        status: 'pending',
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO order_items (order_id, fulfilment_id, product_id, vendor_id, name, image, unit_price, quantity, line_total)
      VALUES (${order.id}, ${fulfilment.id}, ${product.id}, ${product.vendor_id}, 'Old line', NULL, ${product.price}, 1, ${product.price})`.execute(
      db,
    );

    await migration.up(db as never);
    expect(await totals()).toEqual(before);
    const { rows: offers } = await sql<{ n: number; price: number; mrp: number; stock: number; skus: number }>`
      SELECT count(*) AS n, sum(price) AS price, sum(mrp) AS mrp, sum(stock) AS stock, count(sku) AS skus FROM offers`.execute(db);
    const offered = Object.fromEntries(Object.entries(offers[0] as object).map(([key, value]) => [key, Number(value)]));
    expect(offered).toEqual({ n: before.n, price: before.price, mrp: before.mrp, stock: before.stock, skus: 30 });
    // Each offer is its product's own seller's, and the product lists it as its buy box.
    const { rows: mismatched } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM products p JOIN offers o ON o.product_id = p.id
      WHERE o.vendor_id <> p.vendor_id OR p.listed_by <> p.vendor_id OR o.price <> p.price OR o.stock <> p.stock OR o.status <> p.status`.execute(
      db,
    );
    expect(Number(mismatched[0]?.n)).toBe(0);
    // Products of the pending shop are not on sale, and say so.
    const { rows: counts } = await sql<{
      offer_count: number;
      n: number;
    }>`SELECT offer_count, count(*) AS n FROM products GROUP BY offer_count ORDER BY offer_count`.execute(db);
    expect(counts.map((row) => [Number(row.offer_count), Number(row.n)])).toEqual([
      [0, 14],
      [1, 16],
    ]);
    const line = await db
      .selectFrom('order_items')
      .innerJoin('offers', 'offers.id', 'order_items.offer_id')
      .select(['offers.product_id', 'offers.vendor_id'])
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ product_id: product.id, vendor_id: product.vendor_id });
    // And the storefront reads them as before.
    await t.services.catalog.rebuild();
    const page = await t.app.inject({ url: `/api/products/${product.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ sellerCount: 1, offers: [{ price: Number(product.price) }] });
  });
});
