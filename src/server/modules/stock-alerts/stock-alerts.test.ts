import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { as, registerCustomer, registerVendor, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('"Notify me" when a product is back in stock on %s', (dialect) => {
  let t: TestApp;
  let asha: TestUser;
  let ravi: TestUser;
  let vendorId: number;
  let soldOut: number;
  let inStock: number;

  /** Mails to an address about a product, from the outbox. */
  async function mailsTo(email: string, about: string): Promise<Array<{ subject: string; text: string }>> {
    const rows = await t.database.db.selectFrom('outbox').select(['payload']).where('kind', '=', 'mail').execute();
    return rows
      .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === email && mail.subject.includes(about));
  }
  async function restock(productId: number, stock: number, stockWas: number) {
    expect(await t.services.catalog.setFieldsForVendor(vendorId, productId, { stock, stockWas })).toBeTruthy();
    await t.services.catalog.settled();
    await t.services.stockAlerts.settled();
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true' });
    asha = await registerCustomer(t, 'asha.alerts@example.in', 'Asha Alerts', '198.51.100.11');
    ravi = await registerCustomer(t, 'ravi.alerts@example.in', 'Ravi Alerts', '198.51.100.12');
    vendorId = (await createVendor(t.services)).id;
    soldOut = (await createProduct(t.services, { vendorId, name: 'Alert Sold Out Laptop', stock: 0 })).id;
    inStock = (await createProduct(t.services, { vendorId, name: 'Alert Stocked Laptop', stock: 4 })).id;
  });
  afterAll(() => t.close());

  it('is for signed-in customers only, on products on sale and out of stock', async () => {
    expect((await t.app.inject({ method: 'PUT', url: `/api/products/${soldOut}/stock-alert`, headers: TEST_HEADERS })).statusCode).toBe(
      401,
    );
    const seller = await registerVendor(t, 'seller.alerts@example.in', 'Alerts Seller');
    expect((await as(t, seller)('PUT', `/api/products/${soldOut}/stock-alert`)).statusCode).toBe(403);
    const stocked = await as(t, asha)('PUT', `/api/products/${inStock}/stock-alert`);
    expect(stocked.statusCode).toBe(409);
    expect(stocked.json().error.message).toBe('Alert Stocked Laptop is in stock now: add it to your cart.');
    expect((await as(t, asha)('PUT', '/api/products/999999/stock-alert')).statusCode).toBe(404);
    expect((await as(t, asha)('PUT', '/api/products/abc/stock-alert')).statusCode).toBe(400);
  });

  it('answers 404 for a product not in the store, with the product page’s body', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/products/999999' });
    expect(page.statusCode).toBe(404);
    const alert = await as(t, asha)('GET', '/api/products/999999/stock-alert');
    expect(alert.statusCode).toBe(404);
    expect(alert.json()).toEqual(page.json());
  });

  it('mails each customer waiting once when the product is back, however often its stock moves after', async () => {
    const asked = await as(t, asha)('PUT', `/api/products/${soldOut}/stock-alert`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ productId: soldOut, waiting: true });
    // Asking twice is one wait.
    expect((await as(t, asha)('PUT', `/api/products/${soldOut}/stock-alert`)).statusCode).toBe(200);
    expect((await as(t, ravi)('PUT', `/api/products/${soldOut}/stock-alert`)).statusCode).toBe(200);
    expect((await as(t, ravi)('GET', `/api/products/${soldOut}/stock-alert`)).json()).toMatchObject({ waiting: true });

    await restock(soldOut, 0, 0); // still none: nobody is told
    expect(await mailsTo(asha.email, 'Back in stock')).toHaveLength(0);
    await restock(soldOut, 3, 0);
    await restock(soldOut, 5, 3);
    const [mail, ...more] = await mailsTo(asha.email, 'Back in stock');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Back in stock: Alert Sold Out Laptop');
    expect(mail?.text).toContain(`/product/${soldOut}`);
    expect(await mailsTo(ravi.email, 'Back in stock')).toHaveLength(1);
    expect((await as(t, asha)('GET', `/api/products/${soldOut}/stock-alert`)).json()).toMatchObject({ waiting: false });
  });

  it('tells only those still waiting: a cancelled wait hears nothing', async () => {
    await restock(soldOut, 0, 5);
    expect((await as(t, asha)('PUT', `/api/products/${soldOut}/stock-alert`)).statusCode).toBe(200);
    expect((await as(t, ravi)('PUT', `/api/products/${soldOut}/stock-alert`)).statusCode).toBe(200);
    expect((await as(t, ravi)('DELETE', `/api/products/${soldOut}/stock-alert`)).statusCode).toBe(204);
    await restock(soldOut, 2, 0);
    expect(await mailsTo(asha.email, 'Back in stock')).toHaveLength(2);
    expect(await mailsTo(ravi.email, 'Back in stock')).toHaveLength(1);
  });

  it('tells, at start, those a crash left waiting for a product already back', async () => {
    await restock(soldOut, 0, 2);
    expect((await as(t, asha)('PUT', `/api/products/${soldOut}/stock-alert`)).statusCode).toBe(200);
    // The stock comes back with no process hearing of it (another machine, a crash before the mail).
    await t.database.db.updateTable('stock_alerts').set({ notified_at: null }).where('product_id', '=', soldOut).execute();
    await t.database.db.updateTable('offers').set({ stock: 7 }).where('product_id', '=', soldOut).execute();
    await t.database.db.updateTable('products').set({ stock: 7 }).where('id', '=', soldOut).execute();
    const before = (await mailsTo(asha.email, 'Back in stock')).length;
    await t.services.catalog.rebuild();
    await t.services.catalog.settled();
    await t.services.stockAlerts.settled();
    expect(await mailsTo(asha.email, 'Back in stock')).toHaveLength(before + 1);
  });

  it("holds the waits in the customer's data download", async () => {
    const data = await as(t, asha)('GET', '/api/account/data');
    expect(data.statusCode).toBe(200);
    expect(JSON.parse(data.body).stockAlerts).toEqual([expect.objectContaining({ productId: soldOut })]);
  });
});
