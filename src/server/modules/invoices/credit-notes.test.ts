import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { creditNoteNumber, financialYear } from '#shared/gst.ts';
import { rupees } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { pdfText } from '#server/testing/pdf-text.ts';
import { as, registerActiveVendor, registerCustomer, signInAdmin, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';
import type { CreditNoteDocument } from './credit-note-document.ts';

const KOCHI = { name: 'Asha Menon', phone: '9847011223', line1: '12/345 Marine Drive', city: 'Kochi', state: 'Kerala', pincode: '682031' };
const MYSURU = {
  name: 'Asha Menon',
  phone: '9847011223',
  line1: '4 Sayyaji Rao Road',
  city: 'Mysuru',
  state: 'Karnataka',
  pincode: '570001',
};
const shortDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

type Seller = TestUser & { vendorId: number };

describe.each(testDialects())('GST credit notes on %s', (dialect) => {
  let t: TestApp;
  let seller: Seller;
  let otherSeller: Seller;
  let buyer: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let laptop: number;
  let monitor: number;
  let otherMonitor: number;
  let orderCount = 0;
  const year = financialYear(new Date());

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    seller = await registerActiveVendor(t, 'tax@shop.in', 'Test Traders'); // Karnataka: its GSTIN starts 29
    otherSeller = await registerActiveVendor(t, 'other@shop.in', 'Other Traders');
    buyer = await registerCustomer(t, 'asha@example.in', 'Asha Menon');
    stranger = await registerCustomer(t, 'stranger@example.in', 'Someone Else');
    admin = await signInAdmin(t, 'gst@admin.in', 'GST Admin');
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
    otherMonitor = (
      await createProduct(t.services, {
        vendorId: otherSeller.vendorId,
        category: 'Monitor',
        name: 'Dell 24 Monitor',
        price: rupees(14_999),
        stock: 100,
      })
    ).id;
  });
  afterAll(() => t.close());

  /** A paid order to `address`; its payment and its shipments by seller. */
  async function paidOrder(address: typeof KOCHI, items: Array<{ productId: number; quantity: number }>) {
    const saved = (await as(t, buyer)('POST', '/api/account/addresses', address)).json();
    const placed = await as(t, buyer)('POST', '/api/checkout/orders', {
      idempotencyKey: `credit-note-test-${dialect}-${++orderCount}`,
      addressId: saved.id,
      items,
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id as number;
    expect((await as(t, buyer)('POST', `/api/orders/${orderId}/payments`, { method: 'upi', vpa: 'asha@okhdfc' })).statusCode).toBe(200);
    const order = await orderOf(orderId);
    const shipmentOf = (vendor: Seller) => order.fulfilments.find((f) => f.vendor.id === vendor.vendorId)?.id ?? 0;
    return {
      orderId,
      paymentId: order.payments[0]!.id,
      total: order.total,
      shipment: shipmentOf(seller),
      otherShipment: shipmentOf(otherSeller),
    };
  }
  const orderOf = async (orderId: number) => (await as(t, buyer)('GET', `/api/orders/${orderId}`)).json() as Order;
  async function ship(vendor: Seller, fulfilment: number) {
    await as(t, vendor)('POST', `/api/vendor/fulfilments/${fulfilment}/pack`);
    expect(
      (await as(t, vendor)('POST', `/api/vendor/fulfilments/${fulfilment}/ship`, { carrier: 'Delhivery', trackingNumber: 'DLV1234567' }))
        .statusCode,
    ).toBe(200);
  }
  const refund = (paymentId: number, body: { amount: number; reason: string; invoiceId?: number | null }) =>
    as(t, admin)('POST', `/api/admin/payments/${paymentId}/refund`, body);
  const pdfOf = (user: TestUser | undefined, id: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/credit-notes/${id}/pdf`,
      headers: user ? { ...TEST_HEADERS, cookie: user.cookie } : TEST_HEADERS,
    });
  const documentsOf = async (invoiceId: number) =>
    (await t.database.db.selectFrom('credit_notes').select('document').where('invoice_id', '=', invoiceId).orderBy('id').execute()).map(
      (row) => JSON.parse(row.document) as CreditNoteDocument,
    );
  const invoiceDocument = async (invoiceId: number) => t.services.invoices.document(invoiceId, { kind: 'admin' });
  const lastNumber = async (vendor: Seller) =>
    (
      await t.database.db
        .selectFrom('credit_note_series')
        .select('last_number')
        .where('vendor_id', '=', vendor.vendorId)
        .where('financial_year', '=', year)
        .executeTakeFirst()
    )?.last_number ?? 0;

  it('credits part of an invoice to another state as IGST, then the rest, the two reversing exactly the invoice’s IGST', async () => {
    const { orderId, paymentId, total, shipment } = await paidOrder(KOCHI, [{ productId: laptop, quantity: 1 }]);
    await ship(seller, shipment);
    const invoice = (await orderOf(orderId)).fulfilments[0]!.invoice!;
    const before = await lastNumber(seller);

    const partial = await refund(paymentId, { amount: rupees(10_000), reason: 'Dent on the lid, agreed discount' });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().order.invoices).toEqual([
      {
        id: invoice.id,
        number: invoice.number,
        seller: 'Test Traders',
        total,
        creditable: total - rupees(10_000),
        creditNotes: [{ id: expect.any(Number), number: creditNoteNumber(year, before + 1) }],
      },
    ]);
    const note = (await orderOf(orderId)).fulfilments[0]!.creditNotes[0]!;
    expect(note.number).toBe(creditNoteNumber(year, before + 1));

    const pdf = await pdfOf(buyer, note.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="credit-note-${note.number.replaceAll('/', '-')}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    const issued = await invoiceDocument(invoice.id);
    expect(text).toContain('Credit note');
    expect(text).toContain(`Credit note number: ${note.number}`);
    expect(text).toContain(`Against invoice ${invoice.number} dated ${shortDate.format(new Date(issued.issuedAt))}`);
    expect(text).toContain('Reason: Dent on the lid, agreed discount');
    expect(text).toContain('Place of supply: Kerala');
    expect(text).toContain('GSTIN: 29AABCT1234F1ZM');
    expect(text).toContain('Supply to another state: the IGST charged is reversed.');
    // ₹10,000 of a line at 18 %: ₹8,474.58 taxable and ₹1,525.42 IGST (part of the line: no quantity).
    expect(text).toMatch(/8471 +₹8,474\.58 +18% +₹0\.00 +₹0\.00 +₹1,525\.42 +₹10,000\.00/);
    expect(text).toContain('Amount in words: Ten Thousand Rupees Only');

    // The rest: the payment's everything left is the invoice's rest.
    const rest = await refund(paymentId, { amount: total - rupees(10_000), reason: 'Returned after all' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().payment).toMatchObject({ status: 'refunded', refundedAmount: total });
    expect(rest.json().order.invoices[0]).toMatchObject({
      creditable: 0,
      creditNotes: [{ number: creditNoteNumber(year, before + 1) }, { number: creditNoteNumber(year, before + 2) }],
    });
    const notes = await documentsOf(invoice.id);
    for (const key of ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const)
      expect(notes[0]!.totals[key] + notes[1]!.totals[key]).toBe(issued.totals[key]);
    expect(notes[1]!.totals).toMatchObject({ cgst: 0, sgst: 0, igst: issued.totals.igst - rupees(1_525.42) });
    // Nothing is left to credit: a further note is refused, whoever asks.
    await expect(
      t.database.db
        .transaction()
        .execute((tx) => t.services.invoices.issueCreditNote(tx, { invoiceId: invoice.id, amount: 1, reason: 'One paisa more' })),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `Invoice ${invoice.number} has been credited in full`,
    });
  });

  it('reverses CGST and SGST within the seller’s state, as the invoice charged them', async () => {
    const { orderId, paymentId, total, shipment } = await paidOrder(MYSURU, [
      { productId: laptop, quantity: 1 },
      { productId: monitor, quantity: 2 },
    ]);
    await ship(seller, shipment);
    expect((await refund(paymentId, { amount: total, reason: 'Whole order returned' })).statusCode).toBe(200);
    const order = await orderOf(orderId);
    expect(order.status).toBe('confirmed'); // shipped: a full refund does not cancel it
    const text = await pdfText((await pdfOf(buyer, order.fulfilments[0]!.creditNotes[0]!.id)).rawPayload);
    expect(text).toContain('Supply within the seller’s state: the CGST and SGST charged are reversed.');
    // Whole lines credited: their quantities and exactly the invoice's CGST and SGST.
    expect(text).toMatch(/8471 +1 +₹1,10,168\.64 +18% +₹9,915\.18 +₹9,915\.18 +₹0\.00 +₹1,29,999\.00/);
    expect(text).toMatch(/8528 +2 +₹50,845\.76 +18% +₹4,576\.12 +₹4,576\.12 +₹0\.00 +₹59,998\.00/);
    expect(text).toContain('Amount in words: One Lakh Eighty-Nine Thousand Nine Hundred Ninety-Seven Rupees Only');
  });

  it('never credits more than is left on an invoice, however the refunds come', async () => {
    const { orderId, paymentId, total, shipment } = await paidOrder(MYSURU, [{ productId: monitor, quantity: 1 }]);
    await ship(seller, shipment);
    const invoice = (await orderOf(orderId)).fulfilments[0]!.invoice!;

    // Named, it may not be more than the invoice's rest (here the payment has no more either).
    const tooMuch = await refund(paymentId, { amount: total + 1, reason: 'Too much', invoiceId: invoice.id });
    expect(tooMuch.statusCode).toBe(409);
    // Money no invoice covers: there is none on a shipped single-seller order.
    const notInvoiced = await refund(paymentId, { amount: 100, reason: 'Not on an invoice', invoiceId: null });
    expect(notInvoiced.statusCode).toBe(409);
    expect(notInvoiced.json().error.message).toBe(
      'Everything left on this payment is on a tax invoice: say which invoice the refund is against',
    );

    // Two credit notes of 60 % each at once, straight through the service (a return and a refund, say): one is refused.
    const share = Math.round(total * 0.6);
    const results = await Promise.allSettled(
      [1, 2].map((n) =>
        t.database.db
          .transaction()
          .execute((tx) => t.services.invoices.issueCreditNote(tx, { invoiceId: invoice.id, amount: share, reason: `Credit ${n}` })),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: { code: 'CONFLICT', message: `At most ₹11,999.60 is left to credit on invoice ${invoice.number}` },
    });
    const [row] = await t.database.db.selectFrom('invoices').select(['credited', 'total']).where('id', '=', invoice.id).execute();
    expect([Number(row!.credited), Number(row!.total)]).toEqual([share, total]);
    expect((await documentsOf(invoice.id)).map((note) => note.totals.total)).toEqual([share]);
  });

  it('asks which invoice when an order has two sellers’ invoices, credits the one named in its seller’s series, and credits each in full for a refund of everything left', async () => {
    const { orderId, paymentId, total, shipment, otherShipment } = await paidOrder(KOCHI, [
      { productId: monitor, quantity: 1 },
      { productId: otherMonitor, quantity: 1 },
    ]);
    await ship(seller, shipment);

    // Only one seller has shipped: the refund may be for the goods not yet shipped, so the store asks.
    const open = await refund(paymentId, { amount: rupees(1_000), reason: 'Which one?' });
    expect(open.statusCode).toBe(409);
    const shipped = (await orderOf(orderId)).fulfilments.find((f) => f.id === shipment)!.invoice!;
    expect(open.json().error.message).toBe(
      `Part of what is left is not on tax invoice ${shipped.number} (goods not yet shipped, or the delivery charge): say whether the refund is against that invoice or not`,
    );
    // Goods not yet shipped: no credit note, within the value not invoiced (₹14,999).
    expect((await refund(paymentId, { amount: rupees(15_000), reason: 'More than is not invoiced', invoiceId: null })).statusCode).toBe(
      409,
    );
    const uninvoiced = await refund(paymentId, {
      amount: rupees(1_000),
      reason: 'Price drop on the Dell monitor before it shipped',
      invoiceId: null,
    });
    expect(uninvoiced.statusCode).toBe(200);
    expect(uninvoiced.json().order.invoices.flatMap((i: { creditNotes: unknown[] }) => i.creditNotes)).toEqual([]);

    await ship(otherSeller, otherShipment);
    const ambiguous = await refund(paymentId, { amount: rupees(500), reason: 'Which one?' });
    expect(ambiguous.statusCode).toBe(409);
    expect(ambiguous.json().error.message).toBe('This order has 2 tax invoices left to credit: say which one the refund is against');

    const otherInvoice = (await orderOf(orderId)).fulfilments.find((f) => f.id === otherShipment)!.invoice!;
    const otherBefore = await lastNumber(otherSeller);
    const named = await refund(paymentId, { amount: rupees(500), reason: 'Stand missing', invoiceId: otherInvoice.id });
    expect(named.statusCode).toBe(200);
    // The other seller's own series: its first credit note, whatever the first seller has issued.
    expect(named.json().order.invoices.find((i: { id: number }) => i.id === otherInvoice.id).creditNotes).toEqual([
      { id: expect.any(Number), number: creditNoteNumber(year, otherBefore + 1) },
    ]);

    // Everything left: ₹13,499 of the Dell's invoice (less the ₹1,000 refunded before it shipped,
    // which its invoice does not know) is more than the payment has left, so the store asks again.
    const left = total - rupees(1_000) - rupees(500);
    expect((await refund(paymentId, { amount: left, reason: 'Everything' })).statusCode).toBe(409);
    // Named one at a time, the notes go to each invoice.
    expect((await refund(paymentId, { amount: rupees(29_999), reason: 'Returned', invoiceId: shipped.id })).statusCode).toBe(200);
    const last = await refund(paymentId, { amount: left - rupees(29_999), reason: 'Returned', invoiceId: otherInvoice.id });
    expect(last.statusCode).toBe(200);
    expect(last.json().payment.status).toBe('refunded');
    const invoices = last.json().order.invoices as Array<{ creditable: number; creditNotes: unknown[] }>;
    expect(invoices.map((i) => [i.creditable, i.creditNotes.length])).toEqual([
      [0, 1],
      [rupees(1_000), 2],
    ]);
  });

  it('credits each invoice in full for a refund of everything left on an order of two shipped sellers', async () => {
    const { orderId, paymentId, total, shipment, otherShipment } = await paidOrder(MYSURU, [
      { productId: monitor, quantity: 1 },
      { productId: otherMonitor, quantity: 2 },
    ]);
    await ship(seller, shipment);
    await ship(otherSeller, otherShipment);
    const [before, otherBefore] = [await lastNumber(seller), await lastNumber(otherSeller)];
    const answer = await refund(paymentId, { amount: total, reason: 'Order returned in full' });
    expect(answer.statusCode).toBe(200);
    const order = await orderOf(orderId);
    expect(order.fulfilments.map((f) => f.creditNotes.map((note) => note.number))).toEqual([
      [creditNoteNumber(year, before + 1)],
      [creditNoteNumber(year, otherBefore + 1)],
    ]);
    for (const f of order.fulfilments)
      expect((await documentsOf(f.invoice!.id))[0]!.totals).toEqual((await invoiceDocument(f.invoice!.id)).totals);
    // The audit names them.
    expect(answer.json().audit[0].after.creditNotes).toEqual([creditNoteNumber(year, before + 1), creditNoteNumber(year, otherBefore + 1)]);
  });

  it('is the buyer’s, the seller’s and the admins’ to read, and 404 to anyone else; the seller’s order card names it', async () => {
    const { orderId, paymentId, shipment } = await paidOrder(MYSURU, [{ productId: monitor, quantity: 1 }]);
    await ship(seller, shipment);
    expect((await refund(paymentId, { amount: rupees(2_000), reason: 'Goodwill for a late delivery' })).statusCode).toBe(200);
    const note = (await orderOf(orderId)).fulfilments[0]!.creditNotes[0]!;
    expect((await pdfOf(buyer, note.id)).statusCode).toBe(200);
    expect((await pdfOf(seller, note.id)).statusCode).toBe(200);
    expect((await pdfOf(admin, note.id)).statusCode).toBe(200);
    expect((await pdfOf(stranger, note.id)).statusCode).toBe(404);
    expect((await pdfOf(otherSeller, note.id)).statusCode).toBe(404);
    expect((await pdfOf(buyer, 999_999)).statusCode).toBe(404);
    expect((await pdfOf(undefined, note.id)).statusCode).toBe(401);
    const card = (await as(t, seller)('GET', `/api/vendor/orders?q=${orderId}`)).json().items[0];
    expect(card.creditNotes).toEqual([note]);
  });

  it('writes the refund’s claim and its credit note together: a crash between them, or after the note, leaves neither', async () => {
    const { orderId, paymentId, shipment } = await paidOrder(MYSURU, [{ productId: monitor, quantity: 1 }]);
    await ship(seller, shipment);
    const invoice = (await orderOf(orderId)).fulfilments[0]!.invoice!;
    const before = await lastNumber(seller);
    const real = t.services.invoices.creditRefund;
    const nothingWritten = async () => {
      const payment = (await t.services.payments.find(paymentId))!;
      expect(payment).toMatchObject({ status: 'captured', refundedAmount: 0 });
      expect(await t.services.outbox.about(`payment:${paymentId}`)).toEqual([]);
      expect(await t.services.payments.refundsOf(paymentId)).toEqual([]);
      expect(await documentsOf(invoice.id)).toEqual([]);
      expect((await t.services.invoices.creditableOf(orderId))[0]).toMatchObject({
        creditable: (await invoiceDocument(invoice.id)).totals.total,
      });
      expect(await lastNumber(seller)).toBe(before);
    };

    // The process dies after the payment's claim, before the credit note.
    const spy = vi.spyOn(t.services.invoices, 'creditRefund').mockRejectedValueOnce(new Error('the process died here'));
    expect((await refund(paymentId, { amount: rupees(1_000), reason: 'Goodwill' })).statusCode).toBe(500);
    await nothingWritten();

    // The process dies after the credit note is written, before the commit.
    spy.mockImplementationOnce(async (...args) => {
      const notes = await real(...args);
      expect(notes).toHaveLength(1);
      throw new Error('the process died here');
    });
    expect((await refund(paymentId, { amount: rupees(1_000), reason: 'Goodwill' })).statusCode).toBe(500);
    await nothingWritten();
    spy.mockRestore();

    // Then it goes through, taking the number nobody kept.
    expect((await refund(paymentId, { amount: rupees(1_000), reason: 'Goodwill' })).statusCode).toBe(200);
    expect((await orderOf(orderId)).fulfilments[0]!.creditNotes.map((note) => note.number)).toEqual([creditNoteNumber(year, before + 1)]);
  });

  it('numbers a seller’s credit notes without a gap when refunds come at once', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder(MYSURU, [{ productId: monitor, quantity: 1 }])));
    for (const order of orders) await ship(seller, order.shipment);
    const before = await lastNumber(seller);
    const answers = await Promise.all(
      orders.map((order, n) => refund(order.paymentId, { amount: rupees(100 + n), reason: 'Goodwill, at once' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(orders.map(() => 200));
    const numbers = (
      await Promise.all(orders.map(async (order) => (await orderOf(order.orderId)).fulfilments[0]!.creditNotes[0]!.number))
    ).sort();
    expect(numbers).toEqual(orders.map((_, n) => creditNoteNumber(year, before + n + 1)));
    expect(await lastNumber(seller)).toBe(before + orders.length);
  });
});
