import { describe, expect, it, vi } from 'vitest';
import { rupees } from '#shared/money.ts';
import { OPENED_CHANGE_OF_MIND, UNOPENED_UNANSWERED } from '#shared/returns.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { ManagedReturn } from '#shared/schemas/returns.ts';
import { returnsWorld } from '#server/testing/returns-world.ts';
import { as } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('Returns and replacements on %s', (dialect) => {
  const w = returnsWorld(dialect);

  it('takes a prepaid line from request to refund: pickup, receipt back to stock, the refund through the gateway and a credit note for that line', async () => {
    const {
      t,
      asha,
      admin,
      seller,
      otherSeller,
      laptop,
      monitor,
      stockOf,
      orderOf,
      mails,
      deliveredOrder,
      lineOf,
      request,
      act,
      today,
      pickup,
    } = w;
    const order = await deliveredOrder([
      { productId: laptop, quantity: 2 },
      { productId: monitor, quantity: 1 },
    ]);
    const line = lineOf(order, laptop);
    expect(line).toMatchObject({ returnableQuantity: 2, quantity: 2 });
    expect(order.canReturn).toBe(true);

    const requested = await request(order, {
      orderItemId: line.id,
      quantity: 1,
      reason: 'not_as_described',
      details: 'The keyboard is not backlit as the page said',
      resolution: 'refund',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const afterRequest = requested.json() as Order;
    expect(afterRequest).toMatchObject({ status: 'confirmed', displayStatus: 'Return requested' });
    expect(lineOf(afterRequest, laptop).returnableQuantity).toBe(1);
    const ret = afterRequest.returns[0]!;
    expect(ret).toMatchObject({
      orderItemId: line.id,
      quantity: 1,
      status: 'requested',
      reason: 'not_as_described',
      resolution: 'refund',
      amount: rupees(60_000),
      vendor: { id: seller.vendorId },
    });
    expect((await mails()).at(-1)).toMatchObject({ to: 'asha.returns@example.in', subject: `Order ${order.number}: return requested` });

    // The seller sees its own line, newest first; the other seller does not; an admin sees it.
    const list = (await as(t, seller)('GET', '/api/vendor/returns')).json();
    expect(list.items[0]).toMatchObject({
      id: ret.id,
      orderNumber: order.number,
      customer: { name: 'Asha Rao' },
      paymentMethod: 'upi',
      details: 'The keyboard is not backlit as the page said',
    });
    expect((await as(t, otherSeller)('GET', '/api/vendor/returns')).json().items.some((r: ManagedReturn) => r.id === ret.id)).toBe(false);
    expect(
      (await as(t, admin)('GET', '/api/admin/returns?status=requested')).json().items.some((r: ManagedReturn) => r.id === ret.id),
    ).toBe(true);

    const approved = await act(seller, 'vendor', ret.id, 'approve', pickup());
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', pickup: { carrier: 'Ekart', date: today() } });
    expect((await mails()).at(-1)!.text).toContain('Ekart will pick it up on');
    expect((await act(seller, 'vendor', ret.id, 'picked-up')).json().status).toBe('picked_up');

    const stockBefore = await stockOf(laptop);
    const received = await act(seller, 'vendor', ret.id, 'receive', { restock: true });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      status: 'refunded',
      restocked: true,
      amount: rupees(60_000),
      creditNote: { number: expect.stringMatching(/^CN\//) },
    });
    expect(await stockOf(laptop)).toBe(stockBefore + 1);
    // The stock change reached the catalogue's change log (the listing index reads it).
    expect((await t.services.catalog.findAny(laptop))?.stock).toBe(stockBefore + 1);

    const after = await orderOf(order.id);
    expect(after.payments[0]).toMatchObject({ status: 'partially_refunded', refundedAmount: rupees(60_000) });
    expect(after.displayStatus).toBe('Delivered');
    const refunds = await t.database.db.selectFrom('refunds').select(['amount']).where('payment_id', '=', after.payments[0]!.id).execute();
    expect(refunds.map((r) => Number(r.amount))).toEqual([rupees(60_000)]);
    // The credit note credits the laptop's line of the seller's invoice alone.
    const note = await t.database.db
      .selectFrom('credit_notes')
      .select(['document', 'amount'])
      .where('id', '=', received.json().creditNote.id)
      .executeTakeFirstOrThrow();
    expect(Number(note.amount)).toBe(rupees(60_000));
    expect(JSON.parse(note.document).lines).toMatchObject([
      { invoiceLine: 0, name: 'Lenovo ThinkPad E14', quantity: null, total: rupees(60_000) },
    ]);
    const pdf = await as(t, asha)('GET', `/api/credit-notes/${received.json().creditNote.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect((await mails()).at(-1)!.text).toContain('We have refunded ₹60,000 to your original payment method');

    // Received twice is 409 and changes nothing.
    expect((await act(seller, 'vendor', ret.id, 'receive', { restock: true })).statusCode).toBe(409);
    expect(await stockOf(laptop)).toBe(stockBefore + 1);
  });

  it('lets only the line’s seller or an admin act, and only the customer request or cancel; every step out of turn is 409', async () => {
    const { t, asha, bilal, admin, seller, otherSeller, laptop, monitor, deliveredOrder, lineOf, request, act, pickup } = w;
    const order = await deliveredOrder([
      { productId: laptop, quantity: 1 },
      { productId: monitor, quantity: 1 },
    ]);
    // Someone else's order line is not there for them.
    expect(
      (
        await request(
          order,
          { orderItemId: lineOf(order, laptop).id, quantity: 1, reason: 'changed_mind', unopened: true, resolution: 'refund' },
          bilal,
        )
      ).statusCode,
    ).toBe(404);
    const requested = (
      await request(order, { orderItemId: lineOf(order, monitor).id, quantity: 1, reason: 'defective', resolution: 'replacement' })
    ).json() as Order;
    const id = requested.returns[0]!.id;

    expect((await act(seller, 'vendor', id, 'approve', pickup())).statusCode).toBe(404); // another seller's line
    expect((await as(t, seller)('GET', `/api/vendor/returns/${id}`)).statusCode).toBe(404);
    expect((await act(asha, 'vendor', id, 'approve', pickup())).statusCode).toBe(403);
    expect((await act(otherSeller, 'admin', id, 'approve', pickup())).statusCode).toBe(403);
    expect((await as(t, bilal)('POST', `/api/returns/${id}/cancel`)).statusCode).toBe(404);
    // Out of turn.
    expect((await act(otherSeller, 'vendor', id, 'picked-up')).statusCode).toBe(409);
    expect((await act(otherSeller, 'vendor', id, 'receive', { restock: false })).statusCode).toBe(409);
    expect(
      (await act(otherSeller, 'vendor', id, 'ship-replacement', { carrier: 'Delhivery', trackingNumber: 'DLV99999' })).statusCode,
    ).toBe(409);
    expect((await act(otherSeller, 'vendor', id, 'approve', { carrier: 'Ekart', pickupDate: '2020-01-01' })).statusCode).toBe(400);

    // An admin approves (audited); the customer can no longer cancel.
    const approved = await act(admin, 'admin', id, 'approve', pickup());
    expect(approved.statusCode, approved.body).toBe(200);
    const audit = (await as(t, admin)('GET', `/api/admin/audit?entityType=return&entityId=${id}`)).json();
    expect(audit.items[0]).toMatchObject({ action: 'return.approve', actor: { email: 'admin@returns.in' }, entityType: 'return' });
    // The entry says what it is about: the product as ordered and the order, for links.
    const { name } = lineOf(order, monitor);
    expect(audit.items[0].subject).toEqual({
      name: `Return of ${name}`,
      detail: `Order ${order.number}`,
      product: { id: monitor, name },
      orderNumber: order.number,
    });
    const cancel = await as(t, asha)('POST', `/api/returns/${id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect((await act(otherSeller, 'vendor', id, 'reject', { reason: 'Too late for this now, sorry' })).statusCode).toBe(409);
    expect((await act(otherSeller, 'vendor', id, 'approve', pickup())).statusCode).toBe(409);

    // A request nobody acted on yet is the customer's to cancel; then it is over.
    const second = (
      await request(order, {
        orderItemId: lineOf(order, laptop).id,
        quantity: 1,
        reason: 'changed_mind',
        unopened: true,
        resolution: 'refund',
      })
    ).json() as Order;
    const secondId = second.returns.find((r) => r.orderItemId === lineOf(order, laptop).id)!.id;
    const cancelled = await as(t, asha)('POST', `/api/returns/${secondId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json() as Order).returns.find((r) => r.id === secondId)!.status).toBe('cancelled');
    expect(lineOf(cancelled.json() as Order, laptop).returnableQuantity).toBe(1);
    expect((await act(seller, 'vendor', secondId, 'approve', pickup())).statusCode).toBe(409);
  });

  it('refuses a change-of-mind return of an opened unit, or one not said to be sealed, with 400 and the policy’s words; takes a sealed one', async () => {
    const { t, asha, laptop, deliveredOrder, lineOf, request } = w;
    const order = await deliveredOrder([{ productId: laptop, quantity: 1 }]);
    const line = lineOf(order, laptop);
    const ask = (extra: Record<string, unknown>) =>
      request(order, { orderItemId: line.id, quantity: 1, reason: 'changed_mind', resolution: 'refund', ...extra });

    const opened = await ask({ unopened: false });
    expect(opened.statusCode).toBe(400);
    expect(opened.json().error.details.issues).toEqual([{ field: 'unopened', message: OPENED_CHANGE_OF_MIND }]);
    expect(OPENED_CHANGE_OF_MIND).toMatch(/^An opened product cannot be returned because it is no longer needed/);
    const unanswered = await ask({});
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json().error.details.issues).toEqual([{ field: 'unopened', message: UNOPENED_UNANSWERED }]);
    expect((await as(t, asha)('GET', `/api/orders/${order.id}`)).json().returns).toEqual([]);

    // The service holds the rule too, whichever way a request reaches it.
    await expect(
      t.services.returns.request({ id: asha.uid, email: asha.email }, order.id, {
        orderItemId: line.id,
        quantity: 1,
        reason: 'changed_mind',
        unopened: false,
        details: '',
        resolution: 'refund',
        photoIds: [],
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: OPENED_CHANGE_OF_MIND,
    });
    // Opened but faulty is a fault, not a change of mind: taken.
    expect(
      (
        await request(order, {
          orderItemId: line.id,
          quantity: 1,
          reason: 'defective',
          details: 'Fan rattles from the first boot',
          resolution: 'refund',
          unopened: false,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('takes a change-of-mind return of a unit said to be unopened, with its seal intact', async () => {
    const { laptop, deliveredOrder, lineOf, request } = w;
    const order = await deliveredOrder([{ productId: laptop, quantity: 1 }]);
    const sealed = await request(order, {
      orderItemId: lineOf(order, laptop).id,
      quantity: 1,
      reason: 'changed_mind',
      unopened: true,
      resolution: 'refund',
    });
    expect(sealed.statusCode, sealed.body).toBe(201);
    expect((sealed.json() as Order).returns).toMatchObject([{ reason: 'changed_mind', status: 'requested' }]);
  });

  it('takes requests only for delivered lines, within 10 days, for the units not already returned, and replacements only for faults', async () => {
    const { t, asha, laptop, address, orderOf, deliveredOrder, lineOf, request } = w;
    const late = await deliveredOrder([{ productId: laptop, quantity: 1 }], { daysAgo: 11 });
    expect(lineOf(late, laptop).returnableQuantity).toBe(0);
    const tooLate = await request(late, { orderItemId: lineOf(late, laptop).id, quantity: 1, reason: 'defective', resolution: 'refund' });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toMatch(/within 10 days of delivery/);

    const order = await deliveredOrder([{ productId: laptop, quantity: 2 }]);
    const line = lineOf(order, laptop);
    expect((await request(order, { orderItemId: line.id, quantity: 3, reason: 'defective', resolution: 'refund' })).statusCode).toBe(409);
    expect(
      (await request(order, { orderItemId: line.id, quantity: 1, reason: 'changed_mind', unopened: true, resolution: 'replacement' }))
        .statusCode,
    ).toBe(400);
    expect((await request(order, { orderItemId: line.id, quantity: 1, reason: 'other', resolution: 'refund' })).statusCode).toBe(400);
    expect(
      (
        await request(order, {
          orderItemId: line.id,
          quantity: 1,
          reason: 'defective',
          resolution: 'refund',
          payout: { upi: 'asha@okhdfc' },
        })
      ).statusCode,
    ).toBe(400);
    // Two requests at once for the last units: one of them gets them.
    const both = await Promise.all([
      request(order, { orderItemId: line.id, quantity: 2, reason: 'defective', resolution: 'refund' }),
      request(order, { orderItemId: line.id, quantity: 2, reason: 'damaged', resolution: 'refund' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await orderOf(order.id)).returns).toHaveLength(1);

    const placed = await as(t, asha)('POST', '/api/checkout/orders', {
      idempotencyKey: w.nextKey(),
      addressId: address,
      items: [{ productId: laptop, quantity: 1 }],
    });
    const unpaid = placed.json() as Order;
    expect(
      (await request(unpaid, { orderItemId: unpaid.items[0]!.id, quantity: 1, reason: 'defective', resolution: 'refund' })).statusCode,
    ).toBe(409);
  });

  it('refunds once and restocks once when the receipt is clicked twice at the same moment', async () => {
    const { t, admin, seller, laptop, stockOf, orderOf, deliveredOrder, lineOf, act, pickedUp } = w;
    const order = await deliveredOrder([{ productId: laptop, quantity: 1 }]);
    const id = await pickedUp(order, { orderItemId: lineOf(order, laptop).id, quantity: 1, reason: 'defective', resolution: 'refund' });
    const stockBefore = await stockOf(laptop);
    const answers = await Promise.all([
      act(seller, 'vendor', id, 'receive', { restock: true }),
      act(admin, 'admin', id, 'receive', { restock: true }),
      act(seller, 'vendor', id, 'receive', { restock: true }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(laptop)).toBe(stockBefore + 1);
    const after = await orderOf(order.id);
    expect(after.payments[0]).toMatchObject({ status: 'refunded', refundedAmount: order.total });
    expect(after.displayStatus).toBe('Refunded');
    expect(await t.database.db.selectFrom('refunds').select('id').where('payment_id', '=', after.payments[0]!.id).execute()).toHaveLength(
      1,
    );
    expect(await t.database.db.selectFrom('credit_notes').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
  });

  it('finishes a refund the gateway made but whose answer was lost, once, on the outbox’s retry', async () => {
    const { t, seller, laptop, orderOf, deliveredOrder, lineOf, act, pickedUp } = w;
    const order = await deliveredOrder([{ productId: laptop, quantity: 1 }]);
    const id = await pickedUp(order, { orderItemId: lineOf(order, laptop).id, quantity: 1, reason: 'damaged', resolution: 'refund' });
    const provider = t.services.paymentProvider;
    const refund = provider.refund.bind(provider);
    // The gateway refunds, then the connection drops before we hear of it.
    const lost = vi.spyOn(provider, 'refund').mockImplementationOnce(async (...args) => {
      await refund(...args);
      throw new Error('socket hang up');
    });
    const received = await act(seller, 'vendor', id, 'receive', { restock: false });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ status: 'refunded', restocked: false });
    const paymentId = (await orderOf(order.id)).payments[0]!.id;
    const job = (await t.database.db.selectFrom('returns').select('refund_job_id').where('id', '=', id).executeTakeFirstOrThrow())
      .refund_job_id!;
    expect(await t.services.outbox.find(job)).toMatchObject({ status: 'pending', lastError: 'socket hang up' });
    expect(await t.database.db.selectFrom('refunds').select('id').where('payment_id', '=', paymentId).execute()).toHaveLength(0);

    // The retry asks the gateway again with the same key: the same refund, recorded once.
    expect(await t.services.outbox.retryNow(job)).toMatchObject({ status: 'done' });
    expect(await t.services.outbox.retryNow(job)).toMatchObject({ status: 'done' });
    lost.mockRestore();
    expect(await t.database.db.selectFrom('refunds').select('id').where('payment_id', '=', paymentId).execute()).toHaveLength(1);
    const ledger = await t.database.db
      .selectFrom('sandbox_gateway')
      .select('id')
      .where('kind', '=', 'refund')
      .where('idempotency_key', '=', `refund-${job}`)
      .execute();
    expect(ledger).toHaveLength(1);
  });

  it('pays a Cash on Delivery refund out to the account the customer gave, and needs one', async () => {
    const { t, seller, laptop, orderOf, mails, deliveredOrder, lineOf, request, act, pickedUp } = w;
    const order = await deliveredOrder([{ productId: laptop, quantity: 1 }], { method: 'cod' });
    expect(order.payments[0]).toMatchObject({ method: 'cod', status: 'captured' });
    const line = lineOf(order, laptop);
    const without = await request(order, { orderItemId: line.id, quantity: 1, reason: 'defective', resolution: 'refund' });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.details.issues[0].field).toBe('payout');
    const id = await pickedUp(order, {
      orderItemId: line.id,
      quantity: 1,
      reason: 'defective',
      resolution: 'refund',
      payout: { holder: 'Asha Rao', accountNumber: '123456789012', ifsc: 'hdfc0001234' },
    });
    expect((await orderOf(order.id)).returns[0]!.payoutTo).toBe('bank account ending 9012 (HDFC0001234)');
    const received = await act(seller, 'vendor', id, 'receive', { restock: true });
    expect(received.statusCode, received.body).toBe(200);
    const after = await orderOf(order.id);
    expect(after.payments[0]).toMatchObject({ method: 'cod', status: 'refunded', refundedAmount: rupees(60_000) });
    expect(
      await t.database.db
        .selectFrom('sandbox_gateway')
        .select('amount')
        .where('kind', '=', 'payout')
        .where('amount', '=', rupees(60_000))
        .execute(),
    ).not.toHaveLength(0);
    expect((await mails()).at(-1)!.text).toContain('to your bank account ending 9012 (HDFC0001234)');
  });

  it('ships a replacement for a defective unit as a new shipment of the same order, from stock, with no refund', async () => {
    const { t, seller, laptop, stockOf, orderOf, mails, deliveredOrder, lineOf, act, pickedUp } = w;
    const order = await deliveredOrder([{ productId: laptop, quantity: 1 }]);
    const id = await pickedUp(order, {
      orderItemId: lineOf(order, laptop).id,
      quantity: 1,
      reason: 'defective',
      details: 'Screen flickers',
      resolution: 'replacement',
    });
    const stockBefore = await stockOf(laptop);
    const received = await act(seller, 'vendor', id, 'receive', { restock: false });
    expect(received.json()).toMatchObject({ status: 'received', restocked: false });
    expect(await stockOf(laptop)).toBe(stockBefore);
    const shipped = await act(seller, 'vendor', id, 'ship-replacement', { carrier: 'Blue Dart', trackingNumber: 'BD12345678' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'replacement_shipped',
      replacement: { carrier: 'Blue Dart', trackingNumber: 'BD12345678' },
    });
    expect(await stockOf(laptop)).toBe(stockBefore - 1);
    const after = await orderOf(order.id);
    expect(after.fulfilments).toHaveLength(2);
    expect(after.fulfilments[1]).toMatchObject({ status: 'shipped', carrier: 'Blue Dart', invoice: null });
    expect(after.items[1]).toMatchObject({ replacementFor: after.items[0]!.id, lineTotal: 0, returnableQuantity: 0 });
    expect(after.payments[0]).toMatchObject({ status: 'captured', refundedAmount: 0 });
    // The seller delivers it as any shipment; the mail sends a faulty replacement to support, not to the return form.
    expect((await as(t, seller)('POST', `/api/vendor/fulfilments/${after.fulfilments[1]!.id}/deliver`)).statusCode).toBe(200);
    const delivered = (await mails()).at(-1)!;
    expect(delivered.subject).toBe(`Order ${order.number}: delivered`);
    expect(delivered.text).toMatch(
      /^Your replacement from .+ has been delivered\. It cannot be returned from the order page: if a replacement is faulty, please contact us at \S+@\S+ within 10 days\./,
    );
    expect(delivered.text).not.toContain('request a return');
  });

  it('takes refunded returns off the seller’s settlement, with its commission', async () => {
    const { t, seller, laptop, deliveredOrder, lineOf, act, pickedUp } = w;
    const before = (await as(t, seller)('GET', '/api/vendor/settlements?days=30')).json();
    const order = await deliveredOrder([{ productId: laptop, quantity: 1 }]);
    const id = await pickedUp(order, { orderItemId: lineOf(order, laptop).id, quantity: 1, reason: 'wrong_item', resolution: 'refund' });
    expect((await act(seller, 'vendor', id, 'receive', { restock: true })).statusCode).toBe(200);
    const after = (await as(t, seller)('GET', '/api/vendor/settlements?days=30')).json();
    expect(after.gross - before.gross).toBe(rupees(60_000));
    expect(after.returns - before.returns).toBe(rupees(60_000));
    expect(after.returnLines.at(-1)).toMatchObject({ orderNumber: order.number, quantity: 1, amount: rupees(60_000) });
    expect(after.commission).toBe(Math.round(((after.gross - after.shopDiscounts - after.returns) * 8) / 100));
    expect(after.net).toBe(after.gross - after.shopDiscounts - after.returns - after.commission);
    expect(after.net).toBe(before.net); // the sale and its refund cancel out
    const csv = await as(t, seller)('GET', '/api/vendor/settlements.csv?days=30');
    expect(csv.body).toContain(`${order.number},`);
    expect(csv.body).toMatch(/\r\nreturns_refunded_inr,-\d+\.\d\d\r\n/); // a negative amount stays a number, unescaped
  });
});
