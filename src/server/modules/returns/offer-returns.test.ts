import { beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { createProduct } from '#server/testing/factories.ts';
import { returnsWorld } from '#server/testing/returns-world.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('Returns of an order paid with a bank offer on %s', (dialect) => {
  const w = returnsWorld(dialect);
  let laptop: number;
  let monitor: number;
  let tablet: number;

  beforeAll(async () => {
    const product = async (name: string, price: number, category?: 'Monitor') =>
      (await createProduct(w.t.services, { vendorId: w.seller.vendorId, name, price, stock: 20, category })).id;
    laptop = await product('Acer Aspire 7', rupees(15_000));
    monitor = await product('LG 27 Monitor', rupees(10_000), 'Monitor');
    tablet = await product('Lenovo Tab P11', rupees(12_000));
  });

  /** Requests, picks up and receives a return of the line: the estimate it was asked at and what it refunded. */
  async function returnLine(order: Order, productId: number) {
    const { seller, orderOf, lineOf, act, pickedUp } = w;
    const id = await pickedUp(order, { orderItemId: lineOf(order, productId).id, quantity: 1, reason: 'defective', resolution: 'refund' });
    const estimate = (await orderOf(order.id)).returns.find((ret) => ret.id === id)!.amount;
    const received = await act(seller, 'vendor', id, 'receive', { restock: true });
    expect(received.statusCode, received.body).toBe(200);
    return { estimate, refunded: (await orderOf(order.id)).returns.find((ret) => ret.id === id)!.amount };
  }

  it('withdraws the offer when what is kept falls below its minimum, and still lets every line be returned', async () => {
    const order = await w.deliveredOrder(
      [
        { productId: laptop, quantity: 1 },
        { productId: monitor, quantity: 1 },
      ],
      { method: 'hdfc-card' },
    );
    expect(order.payments[0]).toMatchObject({ amount: rupees(23_500), details: { offer: { discount: rupees(1_500) } } });
    // ₹10,000 kept is under the offer's ₹20,000: it is paid at full price, so ₹13,500 comes back.
    expect(await returnLine(order, laptop)).toEqual({ estimate: rupees(13_500), refunded: rupees(13_500) });
    expect(await returnLine(order, monitor)).toEqual({ estimate: rupees(10_000), refunded: rupees(10_000) });
    const after = await w.orderOf(order.id);
    expect(after.payments[0]).toMatchObject({ status: 'refunded', refundedAmount: rupees(23_500) });
  });

  it('refunds a line’s share of the charge while what is kept still reaches the minimum', async () => {
    const order = await w.deliveredOrder(
      [
        { productId: laptop, quantity: 1 },
        { productId: monitor, quantity: 1 },
        { productId: tablet, quantity: 1 },
      ],
      { method: 'hdfc-card' },
    );
    expect(order.payments[0]).toMatchObject({ amount: rupees(35_500) });
    // ₹27,000 kept: the monitor's share of the ₹35,500 charged (₹10,000 of ₹37,000).
    expect((await returnLine(order, monitor)).refunded).toBe(959_460);
    // ₹12,000 kept, under ₹20,000: the tablet at full price, the rest back.
    expect((await returnLine(order, laptop)).refunded).toBe(1_390_540);
    expect((await returnLine(order, tablet)).refunded).toBe(rupees(12_000));
    expect((await w.orderOf(order.id)).payments[0]).toMatchObject({ status: 'refunded', refundedAmount: rupees(35_500) });
  });

  it('refunds an order paid without an offer line by line at its price, as before', async () => {
    const order = await w.deliveredOrder([
      { productId: laptop, quantity: 1 },
      { productId: monitor, quantity: 1 },
    ]);
    expect(await returnLine(order, laptop)).toEqual({ estimate: rupees(15_000), refunded: rupees(15_000) });
    expect(await returnLine(order, monitor)).toEqual({ estimate: rupees(10_000), refunded: rupees(10_000) });
  });
});
