import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYear, invoiceNumber } from '#shared/gst.ts';
import { rupees } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { pdfText } from '#server/testing/pdf-text.ts';
import {
  as,
  registerActiveVendor,
  registerCustomer,
  registerVendor,
  signInAdmin,
  TEST_HEADERS,
  type TestUser,
} from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const KOCHI = { name: 'Asha Menon', phone: '9847011223', line1: '12/345 Marine Drive', city: 'Kochi', state: 'Kerala', pincode: '682031' };
const MYSURU = {
  name: 'Asha Menon',
  phone: '9847011223',
  line1: '4 Sayyaji Rao Road',
  city: 'Mysuru',
  state: 'Karnataka',
  pincode: '570001',
};

describe.each(testDialects())('GST tax invoices on %s', (dialect) => {
  let t: TestApp;
  let seller: TestUser & { vendorId: number };
  let otherSeller: TestUser & { vendorId: number };
  let buyer: TestUser;
  let stranger: TestUser;
  let laptop: number;
  let monitor: number;
  let orderCount = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    seller = await registerActiveVendor(t, 'tax@shop.in', 'Test Traders'); // Karnataka: its GSTIN starts 29
    otherSeller = await registerVendor(t, 'other@shop.in', 'Other Traders');
    buyer = await registerCustomer(t, 'asha@example.in', 'Asha Menon');
    stranger = await registerCustomer(t, 'stranger@example.in', 'Someone Else');
    laptop = (
      await createProduct(t.services, {
        vendorId: seller.vendorId,
        category: 'Laptop',
        name: 'Lenovo ThinkPad E14',
        price: rupees(129_999),
        stock: 100,
      })
    ).id;
    monitor = (
      await createProduct(t.services, {
        vendorId: seller.vendorId,
        category: 'Monitor',
        name: 'LG 27 4K Monitor',
        price: rupees(29_999),
        stock: 100,
      })
    ).id;
  });
  afterAll(() => t.close());

  /** A paid order of the seller's products to `address`, and its shipment's id. */
  async function paidOrder(
    address: typeof KOCHI,
    items: Array<{ productId: number; quantity: number }>,
    buyerGst?: { gstin: string; businessName: string },
  ) {
    const saved = (await as(t, buyer)('POST', '/api/account/addresses', address)).json();
    const order = (
      await as(t, buyer)('POST', '/api/checkout/orders', {
        idempotencyKey: `invoice-test-${dialect}-${++orderCount}`,
        addressId: saved.id,
        items,
        ...(buyerGst ? { buyerGst } : {}),
      })
    ).json();
    expect((await as(t, buyer)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'asha@okhdfc' })).statusCode).toBe(200);
    const fulfilment = (await as(t, buyer)('GET', `/api/orders/${order.id}`)).json().fulfilments[0].id as number;
    return { orderId: order.id as number, fulfilment };
  }

  const ship = async (fulfilment: number, tracking = 'DLV1234567') => {
    await as(t, seller)('POST', `/api/vendor/fulfilments/${fulfilment}/pack`);
    return as(t, seller)('POST', `/api/vendor/fulfilments/${fulfilment}/ship`, { carrier: 'Delhivery', trackingNumber: tracking });
  };
  const invoiceOf = async (orderId: number) =>
    ((await as(t, buyer)('GET', `/api/orders/${orderId}`)).json() as Order).fulfilments[0]!.invoice;
  const pdfOf = (user: TestUser | undefined, id: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/invoices/${id}/pdf`,
      headers: user ? { ...TEST_HEADERS, cookie: user.cookie } : TEST_HEADERS,
    });

  it('issues a shipment’s invoice as it ships; to another state the tax is IGST', async () => {
    const { orderId, fulfilment } = await paidOrder(KOCHI, [
      { productId: laptop, quantity: 1 },
      { productId: monitor, quantity: 2 },
    ]);
    expect(await invoiceOf(orderId)).toBeNull();
    expect((await ship(fulfilment)).json().invoice).toMatchObject({ number: expect.stringMatching(/^INV\/\d{2}-\d{2}\/\d{6}$/) });
    const invoice = (await invoiceOf(orderId))!;

    const pdf = await pdfOf(buyer, invoice.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number.replaceAll('/', '-')}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain('Test Traders Private Limited');
    expect(text).toContain('GSTIN: 29AABCT1234F1ZM');
    expect(text).toContain('Place of supply: Kerala');
    expect(text).toContain('Supply to another state: IGST applies.');
    // ₹1,29,999 at 18 %: ₹1,10,168.64 taxable and ₹19,830.36 IGST; two monitors at ₹29,999: ₹50,845.76 and ₹9,152.24.
    expect(text).toMatch(/8471 +1 +₹1,10,168\.64 +18% +₹0\.00 +₹0\.00 +₹19,830\.36 +₹1,29,999\.00/);
    expect(text).toMatch(/8528 +2 +₹50,845\.76 +18% +₹0\.00 +₹0\.00 +₹9,152\.24 +₹59,998\.00/);
    expect(text).toContain('Amount in words: One Lakh Eighty-Nine Thousand Nine Hundred Ninety-Seven Rupees Only');
  });

  it('splits the tax into CGST and SGST within the seller’s state', async () => {
    const { orderId, fulfilment } = await paidOrder(MYSURU, [{ productId: laptop, quantity: 1 }]);
    await ship(fulfilment);
    const text = await pdfText((await pdfOf(buyer, (await invoiceOf(orderId))!.id)).rawPayload);
    expect(text).toContain('Place of supply: Karnataka');
    expect(text).toContain('Supply within the seller’s state: CGST and SGST apply.');
    expect(text).toMatch(/8471 +1 +₹1,10,168\.64 +18% +₹9,915\.18 +₹9,915\.18 +₹0\.00 +₹1,29,999\.00/);
  });

  it('makes the invoice out to a business that claims input tax credit with a valid GSTIN (B2B)', async () => {
    const saved = (await as(t, buyer)('POST', '/api/account/addresses', MYSURU)).json();
    const mistyped = await as(t, buyer)('POST', '/api/checkout/orders', {
      idempotencyKey: `invoice-b2b-bad-${dialect}`,
      addressId: saved.id,
      items: [{ productId: monitor, quantity: 1 }],
      buyerGst: { gstin: '27AAPFU0939F1ZW', businessName: 'Udyog Electronics LLP' },
    });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().error.details.issues).toEqual([
      expect.objectContaining({ field: 'buyerGst.gstin', message: 'GSTIN does not add up: please check each character' }),
    ]);

    const buyerGst = { gstin: '27aapfu0939f1zv', businessName: 'Udyog Electronics LLP' };
    const { orderId, fulfilment } = await paidOrder(MYSURU, [{ productId: monitor, quantity: 1 }], buyerGst);
    expect(((await as(t, buyer)('GET', `/api/orders/${orderId}`)).json() as Order).buyerGst).toEqual({
      gstin: '27AAPFU0939F1ZV',
      businessName: 'Udyog Electronics LLP',
    });
    await ship(fulfilment);
    const text = await pdfText((await pdfOf(buyer, (await invoiceOf(orderId))!.id)).rawPayload);
    expect(text).toContain('Tax invoice (B2B)');
    expect(text).toMatch(/Billed and shipped to +Udyog Electronics LLP +Attn: Asha Menon .* GSTIN: 27AAPFU0939F1ZV/);
    // The place of supply is where the goods go (Karnataka), not the buyer's registration (Maharashtra).
    expect(text).toContain('Supply within the seller’s state: CGST and SGST apply.');
  });

  it('is the buyer’s, the seller’s and the admins’ to read, and 404 to anyone else', async () => {
    const { orderId, fulfilment } = await paidOrder(MYSURU, [{ productId: monitor, quantity: 1 }]);
    await ship(fulfilment);
    const { id } = (await invoiceOf(orderId))!;
    const admin = await signInAdmin(t, 'gst@admin.in', 'GST Admin');
    expect((await pdfOf(seller, id)).statusCode).toBe(200);
    expect((await pdfOf(admin, id)).statusCode).toBe(200);
    expect((await pdfOf(stranger, id)).statusCode).toBe(404);
    expect((await pdfOf(otherSeller, id)).statusCode).toBe(404);
    expect((await pdfOf(buyer, 999_999)).statusCode).toBe(404);
    expect((await pdfOf(undefined, id)).statusCode).toBe(401);
  });

  it('numbers the seller’s invoices without a gap, shipments shipped at once and a crash between the two writes included', async () => {
    const year = financialYear(new Date());
    const last = async () =>
      (
        await t.database.db
          .selectFrom('invoice_series')
          .select('last_number')
          .where('vendor_id', '=', seller.vendorId)
          .where('financial_year', '=', year)
          .executeTakeFirstOrThrow()
      ).last_number;
    const before = await last();

    // A shipment whose transaction dies after its invoice is written leaves neither the invoice nor its number.
    const crashed = await paidOrder(MYSURU, [{ productId: monitor, quantity: 1 }]);
    await as(t, seller)('POST', `/api/vendor/fulfilments/${crashed.fulfilment}/pack`);
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        await t.services.invoices.issue(tx, crashed.fulfilment, new Date());
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    expect(await last()).toBe(before);
    expect(await invoiceOf(crashed.orderId)).toBeNull();

    const orders = [
      crashed,
      ...(await Promise.all(Array.from({ length: 5 }, () => paidOrder(MYSURU, [{ productId: monitor, quantity: 1 }])))),
    ];
    for (const order of orders.slice(1)) await as(t, seller)('POST', `/api/vendor/fulfilments/${order.fulfilment}/pack`);
    const shipped = await Promise.all(
      orders.map((order, n) =>
        as(t, seller)('POST', `/api/vendor/fulfilments/${order.fulfilment}/ship`, { carrier: 'Delhivery', trackingNumber: `DLV00000${n}` }),
      ),
    );
    expect(shipped.map((answer) => answer.statusCode)).toEqual(orders.map(() => 200));
    const numbers = (await Promise.all(orders.map((order) => invoiceOf(order.orderId)))).map((invoice) => invoice!.number).sort();
    expect(numbers).toEqual(orders.map((_, n) => invoiceNumber(year, before + n + 1)));
    expect(await last()).toBe(before + orders.length);
  });
});
