import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { CartQuote } from '#shared/schemas/cart.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('cart quote API on %s', (dialect) => {
  let t: TestApp;
  let laptop: number;
  let cable: number;
  let soldOut: number;
  let scarce: number;
  let draft: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const s = t.services;
    laptop = (await createProduct(s, { price: rupees(62_990), mrp: rupees(70_000), stock: 5 })).id;
    cable = (await createProduct(s, { category: 'Monitor', price: rupees(450), stock: 50 })).id;
    soldOut = (await createProduct(s, { stock: 0 })).id;
    scarce = (await createProduct(s, { price: rupees(10_000), stock: 2 })).id;
    draft = (await createProduct(s, { status: 'draft' })).id;
  });
  afterAll(() => t.close());

  const quote = async (payload: unknown) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: payload as object });
    return { status: response.statusCode, body: response.json() as CartQuote & { error?: { code: string; message: string } } };
  };

  it('prices lines from the catalogue and ignores any price the client sends', async () => {
    const { status, body } = await quote([{ productId: laptop, quantity: 2, unitPrice: 1, price: 1 }]);
    expect(status).toBe(200);
    expect(body.items[0]).toMatchObject({
      productId: laptop,
      unitPrice: rupees(62_990),
      quantity: 2,
      lineTotal: rupees(125_980),
      status: 'ok',
    });
    expect(body).toMatchObject({ itemCount: 2, subtotal: rupees(125_980), shipping: 0, total: rupees(125_980) });
    // 18% GST is contained in the inclusive total: 1,25,980 × 18 / 118 = 19,217.29
    expect(body.gst).toBe(1_921_729);
  });

  it('accepts { items } as well as a bare list, and charges shipping below the threshold', async () => {
    const { body } = await quote({ items: [{ productId: cable, quantity: 1 }] });
    expect(body).toMatchObject({ subtotal: rupees(450), shipping: rupees(99), total: rupees(549) });
  });

  it('reports sold-out, scarce and unavailable products and leaves them out of the total', async () => {
    const { body } = await quote([
      { productId: soldOut, quantity: 1 },
      { productId: scarce, quantity: 5 },
      { productId: draft, quantity: 1 },
      { productId: 987_654, quantity: 1 },
    ]);
    expect(body.items.map((item) => [item.status, item.quantity, item.message])).toEqual([
      ['out_of_stock', 0, 'Out of stock'],
      ['insufficient_stock', 2, 'Only 2 left in stock'],
      ['unavailable', 0, 'This product is no longer available'],
      ['unavailable', 0, 'This product is no longer available'],
    ]);
    expect(body.subtotal).toBe(rupees(20_000));
    expect(body.itemCount).toBe(2);
  });

  it('returns an empty quote for an empty cart', async () => {
    const { status, body } = await quote([]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ items: [], itemCount: 0, subtotal: 0, shipping: 0, total: 0, gst: 0 });
  });

  it.each([
    [[{ productId: 1, quantity: 0 }], 'quantity must be at least 1'],
    [[{ productId: 1, quantity: 11 }], 'quantity must be at most 10'],
    [[{ productId: 1, quantity: 1.5 }], 'quantity must be a whole number'],
    [[{ productId: 'abc', quantity: 1 }], 'Product id must be a positive whole number'],
    [[{ productId: -4, quantity: 1 }], 'Product id must be a positive whole number'],
    [
      [
        { productId: 1, quantity: 1 },
        { productId: 1, quantity: 2 },
      ],
      'Product 1 appears more than once',
    ],
  ])('refuses %j with 400', async (payload, message) => {
    const { status, body } = await quote(payload);
    expect(status).toBe(400);
    expect(body.error?.code).toBe('VALIDATION_FAILED');
    expect(body.error?.message).toContain(message);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      headers: { 'content-type': 'application/json' },
      payload: '[{"productId":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});
