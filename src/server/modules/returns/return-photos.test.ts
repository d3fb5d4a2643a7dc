import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/orders.ts';
import { PUNE, returnsWorld } from '#server/testing/returns-world.ts';
import { as, registerCustomer, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('Return photos on %s', (dialect) => {
  const w = returnsWorld(dialect);

  it('keeps photos private to the customer, the line’s seller and admins, and checks them as product images', async () => {
    const { t, asha, bilal, admin, seller, otherSeller, laptop, deliveredOrder, lineOf, request } = w;
    const upload = (user: TestUser, bytes: Buffer, type: string) => {
      const boundary = '----returns-test';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/returns/photos',
        payload: body,
        headers: { ...TEST_HEADERS, cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    expect((await upload(asha, Buffer.from('not an image at all'), 'image/png')).statusCode).toBe(400);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const uploaded = await upload(asha, png, 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = uploaded.json();
    // Bilal cannot send Asha's photo with his return.
    const his = await deliveredOrder([{ productId: laptop, quantity: 1 }], { user: bilal });
    expect(
      (
        await request(
          his,
          { orderItemId: lineOf(his, laptop).id, quantity: 1, reason: 'damaged', resolution: 'refund', photoIds: [photo.id] },
          bilal,
        )
      ).statusCode,
    ).toBe(400);

    const order = await deliveredOrder([{ productId: laptop, quantity: 1 }]);
    const sent = await request(order, {
      orderItemId: lineOf(order, laptop).id,
      quantity: 1,
      reason: 'damaged',
      resolution: 'refund',
      photoIds: [photo.id],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((sent.json() as Order).returns[0]!.photos).toEqual([{ id: photo.id, url: `/api/returns/photos/${photo.id}` }]);
    for (const [user, status] of [
      [asha, 200],
      [seller, 200],
      [admin, 200],
      [bilal, 404],
      [otherSeller, 404],
    ] as const) {
      const read = await as(t, user)('GET', `/api/returns/photos/${photo.id}`);
      expect(read.statusCode).toBe(status);
      if (status === 200) expect(read.headers['content-type']).toBe('image/webp');
    }
    // Not under the public /media/ path.
    expect(photo.url.startsWith('/media/')).toBe(false);
  });

  it('erases a deleted customer’s return photos and the account of a return that is over, and keeps the return', async () => {
    const { t, seller, laptop, orderOf, request, act } = w;
    const chitra = await registerCustomer(t, 'chitra.returns@example.in', 'Chitra Das');
    const saved = (await as(t, chitra)('POST', '/api/account/addresses', { ...PUNE, name: 'Chitra Das' })).json().id as number;
    const placed = (
      await as(t, chitra)('POST', '/api/checkout/orders', {
        idempotencyKey: w.nextKey(),
        addressId: saved,
        items: [{ productId: laptop, quantity: 1 }],
      })
    ).json() as Order;
    expect((await as(t, chitra)('POST', `/api/orders/${placed.id}/payments`, { method: 'cod' })).statusCode).toBe(200);
    const shipment = (await orderOf(placed.id, chitra)).fulfilments[0]!.id;
    for (const [step, body] of [['pack'], ['ship', { carrier: 'Delhivery', trackingNumber: 'DLV55550042' }], ['deliver']] as const)
      await as(t, seller)('POST', `/api/vendor/fulfilments/${shipment}/${step}`, body);
    const order = await orderOf(placed.id, chitra);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const boundary = '----erase-test';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/returns/photos',
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { ...TEST_HEADERS, cookie: chitra.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const requested = await request(
      order,
      {
        orderItemId: order.items[0]!.id,
        quantity: 1,
        reason: 'defective',
        resolution: 'refund',
        photoIds: [upload.json().id],
        payout: { upi: 'chitra@okaxis' },
      },
      chitra,
    );
    expect(requested.statusCode, requested.body).toBe(201);
    const id = (requested.json() as Order).returns[0]!.id;
    expect((await act(seller, 'vendor', id, 'reject', { reason: 'The seal on the box was broken by hand' })).statusCode).toBe(200);

    expect((await as(t, chitra)('DELETE', '/api/account', { password: 'secret-pass-1' })).statusCode).toBeLessThan(300);
    const row = await t.database.db.selectFrom('returns').select(['payout', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ payout: null, status: 'rejected' });
    expect(await t.database.db.selectFrom('return_photos').select('id').where('return_id', '=', id).execute()).toHaveLength(0);
  });
});
