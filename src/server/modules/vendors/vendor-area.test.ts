import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { VendorOrder, VendorProduct } from '#shared/schemas/vendor.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { laptopSpecs } from '#server/testing/factories.ts';
import { as, registerCustomer, registerVendor, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const laptop = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lenovo ThinkPad E14 Gen 6',
  brand: 'Lenovo',
  category: 'Laptop',
  description: 'A business laptop.',
  sku: 'LT-E14',
  price: rupees(72_990),
  mrp: rupees(96_490),
  stock: 10,
  specs: laptopSpecs(),
  images: [],
  status: 'draft',
  ...overrides,
});

function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = '----storetest';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testDialects())('vendor area API on %s', (dialect) => {
  let t: TestApp;
  let ravi: TestUser & { vendorId: number };
  let sita: TestUser & { vendorId: number };
  let customer: TestUser;
  /** An image of Ravi's: a product goes on sale only with one. */
  let photo: string;

  const upload = (user: TestUser, bytes: Buffer, filename: string, type: string) => {
    const { body, contentType } = multipart(bytes, filename, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/vendor/media',
      payload: body,
      headers: { ...TEST_HEADERS, cookie: user.cookie, 'content-type': contentType },
    });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ravi = await registerVendor(t, 'ravi@shop.in', 'Ravi Computers');
    sita = await registerVendor(t, 'sita@shop.in', 'Sita Electronics');
    customer = await registerCustomer(t, 'buyer@example.in', 'Bina Buyer');
    photo = (
      await t.services.media.upload(
        ravi.vendorId,
        await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1b5cf5' } })
          .png()
          .toBuffer(),
      )
    ).url;
  });
  afterAll(() => t.close());

  /** The marketplace approves a seller's new listing, as an admin does (see the admin's review tests). */
  const approve = (id: number) => t.services.catalog.reviewProduct(id, 'approved', null, t.database.db);

  it('lets a pending shop save drafts but not publish, then publish once approved', async () => {
    const draft = await as(t, ravi)('POST', '/api/vendor/products', laptop());
    expect(draft.statusCode).toBe(201);
    expect(draft.json()).toMatchObject({ status: 'draft', sku: 'LT-E14', hasOrders: false, vendor: { name: 'Ravi Computers' } });
    const publish = await as(t, ravi)('POST', '/api/vendor/products', laptop({ images: [photo], sku: 'LT-2', status: 'active' }));
    expect(publish.statusCode).toBe(409);
    expect(publish.json().error.message).toContain('awaiting approval');
    expect((await t.app.inject({ url: '/api/search?q=thinkpad' })).json().total).toBe(0);

    await t.services.vendors.setStatus(ravi.vendorId, 'active');
    const published = await as(t, ravi)(
      'PUT',
      `/api/vendor/products/${draft.json().id}`,
      laptop({ images: [photo], status: 'active', stockWas: 10 }),
    );
    expect(published.json()).toMatchObject({ status: 'active', review: { status: 'pending', reason: null } });
    // A new listing waits for the marketplace: published, it is not in the store until approved.
    expect((await t.app.inject({ url: '/api/search?q=thinkpd' })).json().total).toBe(0);
    await approve(draft.json().id);
    expect((await t.app.inject({ url: '/api/search?q=thinkpd' })).json().items[0]?.name).toBe('Lenovo ThinkPad E14 Gen 6');
    expect((await t.app.inject({ url: '/api/products?vendor=ravi-computers' })).json().total).toBe(1);
    expect((await t.app.inject({ url: '/api/stores/ravi-computers' })).json()).toMatchObject({ name: 'Ravi Computers', productCount: 1 });
    expect((await t.app.inject({ url: '/api/stores/sita-electronics' })).statusCode).toBe(404); // still pending
  });

  it('validates products: MRP, specs per category, SKU per vendor, extra fields', async () => {
    const cheapMrp = await as(t, ravi)('POST', '/api/vendor/products', laptop({ sku: 'X1', mrp: rupees(1000) }));
    expect(cheapMrp.statusCode).toBe(400);
    expect(cheapMrp.json().error.message).toBe('MRP must be at least the price');
    const badSpecs = await as(t, ravi)('POST', '/api/vendor/products', laptop({ sku: 'X2', category: 'Monitor' }));
    expect(badSpecs.statusCode).toBe(400);
    expect(badSpecs.json().error.message).toMatch(/^specs\./);
    const dupSku = await as(t, ravi)('POST', '/api/vendor/products', laptop());
    expect(dupSku.statusCode).toBe(409);
    expect(dupSku.json().error.message).toBe('You already have a product with SKU LT-E14');
    const otherVendorSameSku = await as(t, sita)('POST', '/api/vendor/products', laptop());
    expect(otherVendorSameSku.statusCode).toBe(201);
    const vendorField = await as(t, ravi)('POST', '/api/vendor/products', laptop({ sku: 'X3', vendorId: sita.vendorId }));
    expect(vendorField.statusCode).toBe(400);
  });

  it("never shows or changes another vendor's products: 404; customers get 403", async () => {
    const mine = (await as(t, ravi)('GET', '/api/vendor/products')).json().items as VendorProduct[];
    const id = mine[0]!.id;
    for (const [method, url, body] of [
      ['GET', `/api/vendor/products/${id}`, undefined],
      ['PUT', `/api/vendor/products/${id}`, laptop({ sku: 'HIJACK', stock: 0, stockWas: 10 })],
      ['PATCH', `/api/vendor/products/${id}/stock`, { stock: 0, stockWas: 10 }],
      ['POST', `/api/vendor/products/${id}/archive`, undefined],
      ['DELETE', `/api/vendor/products/${id}`, undefined],
    ] as const) {
      const response = await as(t, sita)(method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await as(t, sita)('GET', '/api/vendor/products')).json().items.map((p: VendorProduct) => p.vendor.name)).toEqual([
      'Sita Electronics',
    ]);
    expect((await as(t, customer)('GET', '/api/vendor/products')).statusCode).toBe(403);
    expect((await as(t, customer)('POST', '/api/vendor/products', laptop())).statusCode).toBe(403);
    // The role is checked before the body: a customer's invalid product is 403, not 400.
    expect((await as(t, customer)('POST', '/api/vendor/products', { name: '' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/vendor/products' })).statusCode).toBe(401);
    expect((await as(t, ravi)('GET', `/api/vendor/products/${id}`)).json().stock).toBe(10);
  });

  it('accepts a real image re-encoded to WebP, refuses a renamed text file and an oversized file, and only own images on products', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1b5cf5' } })
      .png()
      .toBuffer();
    const ok = await upload(ravi, png, 'laptop.png', 'image/png');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ width: 40, height: 30 });
    expect(ok.json().url).toMatch(/^\/media\/v\d+\/[0-9a-f-]+\.webp$/);
    const served = await t.app.inject({ url: ok.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');

    const fake = await upload(ravi, Buffer.from('this is not an image at all, just text'), 'photo.jpg', 'image/jpeg');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe('The file is not a JPEG, PNG or WebP image');
    const big = await upload(
      ravi,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)]),
      'huge.jpg',
      'image/jpeg',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('Images must be 5 MB or smaller');
    expect((await upload(customer, png, 'x.png', 'image/png')).statusCode).toBe(403);

    const withImage = await as(t, ravi)('POST', '/api/vendor/products', laptop({ sku: 'IMG-1', images: [ok.json().url] }));
    expect(withImage.json().images).toEqual([ok.json().url]);
    const stolen = await as(t, sita)('POST', '/api/vendor/products', laptop({ sku: 'IMG-2', images: [ok.json().url] }));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toContain('not among your uploads');
  });

  it('imports CSV rows: checks every row first, reports bad and duplicate rows, updates by SKU', async () => {
    const header =
      'sku,name,brand,category,price,mrp,stock,status,description,processor,ram_gb,storage_gb,storage_type,display_size_in,graphics,os,weight_kg,battery_wh,form_factor,size_in,resolution,panel,refresh_rate_hz,response_time_ms,ports';
    const csv = [
      header,
      'MN-1,LG UltraGear 27GR75Q,LG,Monitor,"24,999",32999,20,draft,QHD gaming,,,,,,,,,,,27,2560x1440,IPS,165,1,HDMI 2.0; DisplayPort 1.4',
      'LT-E14,Lenovo ThinkPad E14 Gen 6,Lenovo,Laptop,69990,96490,7,active,Price drop,Intel Core Ultra 5 125U,16,512,SSD,14,Intel Graphics,Windows 11 Pro,1.44,47,,,,,,,',
      'MN-1,Duplicate row,LG,Monitor,100,100,1,draft,,,,,,,,,,,,24,1920x1080,IPS,75,5,HDMI',
      'BAD-1,No price,Dell,Laptop,,,3,draft,,Intel,16,512,SSD,14,Intel,Windows 11 Home,1.5,50,,,,,,,',
      'BAD-2,Phone,Nokia,Phone,9999,9999,1,draft,,,,,,,,,,,,,,,,,',
      'BAD-3,Odd price,Dell,Laptop,54999.999,Rs 60000,3,draft,,Intel,16,512,SSD,14,Intel,Windows 11 Home,1.5,50,,,,,,,',
    ].join('\n');
    const post = (dryRun: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/vendor/products/import?dryRun=${dryRun}`,
        payload: csv,
        headers: { ...TEST_HEADERS, cookie: ravi.cookie, 'content-type': 'text/csv' },
      });
    const dry = (await post(true)).json();
    expect(dry).toMatchObject({ dryRun: true, valid: 2, invalid: 4, created: 0, updated: 0 });
    expect(dry.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'update'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(dry.rows[2].errors).toContain('SKU MN-1 appears more than once in this file');
    // The file's prices are rupees, and so are its errors (the template writes 72990, not paise).
    expect(dry.rows[3].errors).toEqual(
      expect.arrayContaining([
        'price is required: an amount in rupees, such as 72990',
        'mrp is required: an amount in rupees, such as 72990',
      ]),
    );
    expect(dry.rows[5].errors).toEqual([
      'price must be an amount in rupees, such as 72990 or 72990.50',
      'mrp must be an amount in rupees, such as 72990 or 72990.50',
    ]);
    expect(JSON.stringify(dry.rows)).not.toContain('paise');
    expect((await as(t, ravi)('GET', '/api/vendor/products?q=ultragear')).json().total).toBe(0);

    const done = (await post(false)).json();
    expect(done).toMatchObject({ dryRun: false, created: 1, updated: 1 });
    const list = (await as(t, ravi)('GET', '/api/vendor/products?q=ultragear')).json();
    expect(list.items[0]).toMatchObject({
      price: rupees(24_999),
      stock: 20,
      status: 'draft',
      review: { status: 'pending' },
      specs: { ports: ['HDMI 2.0', 'DisplayPort 1.4'] },
    });
    await approve(list.items[0].id);
    const updated = (await as(t, ravi)('GET', '/api/vendor/products?q=LT-E14')).json().items as VendorProduct[];
    expect(updated.map((p) => [p.sku, p.price, p.stock])).toEqual([['LT-E14', rupees(69_990), 7]]);
    const again = (await post(false)).json();
    expect(again).toMatchObject({ created: 0, updated: 2 });
    const template = await as(t, ravi)('GET', '/api/vendor/products/import/template');
    expect(template.headers['content-type']).toContain('text/csv');
    // The template adds the optional identifier columns; files without them (as above) still import.
    expect(template.body.split('\r\n')[0]).toBe(`${header},part_number,ean`);
  });

  it('fulfils its own lines only: pack, ship with tracking, deliver; invalid steps are 409; settlement counts delivered sales', async () => {
    const product = (await as(t, ravi)('GET', '/api/vendor/products?q=LT-E14')).json().items[0] as VendorProduct;
    const address = (
      await as(t, customer)('POST', '/api/account/addresses', {
        name: 'Bina Buyer',
        phone: '9845012345',
        line1: '1 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      })
    ).json();
    const order = (
      await as(t, customer)('POST', '/api/checkout/orders', {
        idempotencyKey: 'vendor-test-order-1',
        addressId: address.id,
        items: [{ productId: product.id, quantity: 2 }],
      })
    ).json();
    expect((await as(t, ravi)('GET', '/api/vendor/orders')).json().items).toEqual([]); // unpaid: not the vendor's business yet
    await as(t, customer)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'bina@okhdfc' });

    const orders = (await as(t, ravi)('GET', '/api/vendor/orders')).json().items as VendorOrder[];
    expect(orders).toHaveLength(1);
    const line = orders[0]!;
    expect(line).toMatchObject({
      orderNumber: order.number,
      customerName: 'Bina Buyer',
      status: 'pending',
      total: rupees(139_980),
      address: { city: 'Bengaluru' },
    });
    expect(JSON.stringify(line)).not.toMatch(/upi|bina@okhdfc|payment/i);
    expect((await as(t, sita)('GET', '/api/vendor/orders')).json().items).toEqual([]);
    expect((await as(t, sita)('POST', `/api/vendor/fulfilments/${line.fulfilmentId}/pack`)).statusCode).toBe(404);
    expect((await as(t, customer)('POST', `/api/vendor/fulfilments/${line.fulfilmentId}/pack`)).statusCode).toBe(403);

    const early = await as(t, ravi)('POST', `/api/vendor/fulfilments/${line.fulfilmentId}/deliver`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('An order that is pending cannot be marked delivered');
    expect((await as(t, ravi)('POST', `/api/vendor/fulfilments/${line.fulfilmentId}/pack`)).json().status).toBe('packed');
    expect(
      (await as(t, ravi)('POST', `/api/vendor/fulfilments/${line.fulfilmentId}/ship`, { carrier: 'Delhivery', trackingNumber: '!' }))
        .statusCode,
    ).toBe(400);
    const shipped = (
      await as(t, ravi)('POST', `/api/vendor/fulfilments/${line.fulfilmentId}/ship`, { carrier: 'Delhivery', trackingNumber: 'DLV1234567' })
    ).json();
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'Delhivery', trackingNumber: 'DLV1234567' });
    expect((await as(t, ravi)('POST', `/api/vendor/fulfilments/${line.fulfilmentId}/pack`)).statusCode).toBe(409);
    const seen = (await as(t, customer)('GET', `/api/orders/${order.id}`)).json();
    expect(seen).toMatchObject({
      displayStatus: 'Shipped',
      canCancel: false,
      fulfilments: [{ status: 'shipped', carrier: 'Delhivery', trackingNumber: 'DLV1234567' }],
    });
    expect((await as(t, ravi)('POST', `/api/vendor/fulfilments/${line.fulfilmentId}/deliver`)).json().status).toBe('delivered');
    expect((await as(t, customer)('GET', `/api/orders/${order.id}`)).json()).toMatchObject({ displayStatus: 'Delivered', canReturn: true });

    const settlement = (await as(t, ravi)('GET', '/api/vendor/settlements?days=30')).json();
    expect(settlement).toMatchObject({
      gross: rupees(139_980),
      commissionPercent: 8,
      commission: Math.round(rupees(139_980) * 0.08),
      net: rupees(139_980) - Math.round(rupees(139_980) * 0.08),
    });
    const csv = await as(t, ravi)('GET', '/api/vendor/settlements.csv?days=30');
    expect(csv.body).toContain(`${order.number},`);
    expect(csv.body).toContain('net_payable_inr');
    expect((await as(t, ravi)('GET', '/api/vendor/settlements?days=12')).statusCode).toBe(400);
    const overview = (await as(t, ravi)('GET', '/api/vendor/overview?days=7')).json();
    expect(overview).toMatchObject({ revenue: rupees(139_980), orders: 1, units: 2, averageOrderValue: rupees(139_980) });
    expect(overview.revenueByDay).toHaveLength(7);
    expect((await as(t, ravi)('DELETE', `/api/vendor/products/${product.id}`)).json().error.message).toBe(
      'This product has orders; archive it instead',
    );
    expect((await as(t, ravi)('POST', `/api/vendor/products/${product.id}/archive`)).json().status).toBe('archived');
  });

  it('pages its orders newest first and finds them by order number or customer name', async () => {
    const created = await as(t, ravi)(
      'POST',
      '/api/vendor/products',
      laptop({ images: [photo], sku: 'PAGE-1', name: 'Paged ThinkPad', stock: 20, status: 'active' }),
    );
    await approve(created.json().id);
    const chitra = await registerCustomer(t, 'chitra@example.in', 'Chitra Rao');
    const buy = async (buyer: TestUser, key: string) => {
      const address = (
        await as(t, buyer)('POST', '/api/account/addresses', {
          name: 'Any Name',
          phone: '9845012345',
          line1: '1 MG Road',
          city: 'Mysuru',
          state: 'Karnataka',
          pincode: '570001',
        })
      ).json();
      const order = (
        await as(t, buyer)('POST', '/api/checkout/orders', {
          idempotencyKey: key,
          addressId: address.id,
          items: [{ productId: created.json().id, quantity: 1 }],
        })
      ).json();
      await as(t, buyer)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'buyer@okhdfc' });
      return order.number as string;
    };
    const numbers = [await buy(customer, 'paging-1'), await buy(chitra, 'paging-2'), await buy(customer, 'paging-3')];
    const list = async (query: string) =>
      (await as(t, ravi)('GET', `/api/vendor/orders?${query}`)).json() as {
        items: VendorOrder[];
        total: number;
        page: number;
        pageSize: number;
      };

    const first = await list('pageSize=2');
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.items.map((order) => order.orderNumber)).toEqual([numbers[2], numbers[1]]);
    const second = await list('pageSize=2&page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 2 });
    expect(second.items[0]?.orderNumber).toBe(numbers[0]);

    expect((await list(`q=${numbers[1]}`)).items.map((order) => order.orderNumber)).toEqual([numbers[1]]);
    expect((await list(`q=${Number(numbers[1]!.slice(2))}`)).items.map((order) => order.orderNumber)).toEqual([numbers[1]]);
    expect((await list('q=chitra%20R')).items.map((order) => order.orderNumber)).toEqual([numbers[1]]);
    expect((await list('q=BINA')).items.map((order) => order.orderNumber)).toEqual(expect.arrayContaining([numbers[0], numbers[2]]));
    expect((await list('q=%25')).total).toBe(0); // "%" is a character sought, not a wildcard
    expect((await as(t, sita)('GET', `/api/vendor/orders?q=${numbers[1]}`)).json().total).toBe(0);

    for (const bad of ['status=lost', 'page=0', 'pageSize=101', `q=${'x'.repeat(101)}`]) {
      const refused = await as(t, ravi)('GET', `/api/vendor/orders?${bad}`);
      expect(refused.statusCode, bad).toBe(400);
    }
  });

  it('keeps sales made while the vendor had the product open: the edit and the list move stock by the change, never below 0', async () => {
    const created = await as(t, ravi)(
      'POST',
      '/api/vendor/products',
      laptop({ images: [photo], sku: 'STALE-1', name: 'Stale Form ThinkPad', stock: 10, status: 'active' }),
    );
    await approve(created.json().id);
    expect(created.statusCode, created.body).toBe(201);
    const opened = created.json() as VendorProduct;
    const address = (
      await as(t, customer)('POST', '/api/account/addresses', {
        name: 'Bina Buyer',
        phone: '9845012345',
        line1: '2 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      })
    ).json();
    let orders = 0;
    const buy = async (quantity: number) => {
      const order = await as(t, customer)('POST', '/api/checkout/orders', {
        idempotencyKey: `vendor-stale-form-${++orders}`,
        addressId: address.id,
        items: [{ productId: opened.id, quantity }],
      });
      expect(order.statusCode, order.body).toBe(201);
    };
    const stock = async () => (await as(t, ravi)('GET', `/api/vendor/products/${opened.id}`)).json().stock;

    // 3 sold while the editor is open; the vendor adds 5 to the 10 they were shown.
    await buy(3);
    const saved = await as(t, ravi)(
      'PUT',
      `/api/vendor/products/${opened.id}`,
      laptop({
        images: [photo],
        sku: 'STALE-1',
        name: 'Stale Form ThinkPad',
        status: 'active',
        price: rupees(70_990),
        stock: 15,
        stockWas: 10,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ stock: 12, price: rupees(70_990) });
    // Saving the same stale form with stock untouched leaves the sales alone.
    expect(
      (
        await as(t, ravi)(
          'PUT',
          `/api/vendor/products/${opened.id}`,
          laptop({ images: [photo], sku: 'STALE-1', name: 'Stale Form ThinkPad', status: 'active', stockWas: 10 }),
        )
      ).json().stock,
    ).toBe(12);

    // The list's stock box follows the same rule.
    await buy(2);
    const patched = await as(t, ravi)('PATCH', `/api/vendor/products/${opened.id}/stock`, { stock: 20, stockWas: 12 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().stock).toBe(18);

    // Taking off more than is left is refused with the stock as it is now, and nothing changes.
    await buy(1);
    const emptied = await as(t, ravi)('PATCH', `/api/vendor/products/${opened.id}/stock`, { stock: 0, stockWas: 18 });
    expect(emptied.statusCode).toBe(409);
    expect(emptied.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Stock changed since you opened this product: now 17, so it cannot go down by 18. Check the stock and save again.',
      details: { stock: 17 },
    });
    const stale = await as(t, ravi)(
      'PUT',
      `/api/vendor/products/${opened.id}`,
      laptop({ images: [photo], sku: 'STALE-1', name: 'Renamed while short', status: 'active', stock: 0, stockWas: 18 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details).toEqual({ stock: 17 });
    expect((await as(t, ravi)('GET', `/api/vendor/products/${opened.id}`)).json()).toMatchObject({
      name: 'Stale Form ThinkPad',
      stock: 17,
    });
    expect((await as(t, ravi)('PATCH', `/api/vendor/products/${opened.id}/stock`, { stock: 0, stockWas: 17 })).json().stock).toBe(0);
    expect(await stock()).toBe(0);

    // An edit or a stock change must say what stock it started from.
    for (const [method, url, body] of [
      ['PUT', `/api/vendor/products/${opened.id}`, laptop({ sku: 'STALE-1', stock: 5 })],
      ['PATCH', `/api/vendor/products/${opened.id}/stock`, { stock: 5 }],
    ] as const) {
      const response = await as(t, ravi)(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().error.message).toContain('stockWas');
    }
    expect(await stock()).toBe(0);
  });

  it('lets only the store feature a product: the vendor API refuses featured, and an edit keeps the store’s choice', async () => {
    const created = await as(t, ravi)(
      'POST',
      '/api/vendor/products',
      laptop({ images: [photo], sku: 'FEAT-1', status: 'active', featured: true }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toContain('Unexpected field: featured');
    const product = (
      await as(t, ravi)('POST', '/api/vendor/products', laptop({ images: [photo], sku: 'FEAT-1', status: 'active' }))
    ).json() as VendorProduct;
    await approve(product.id);
    expect(product.featured).toBe(false);
    const featuredIds = async () =>
      (await t.app.inject({ url: '/api/products?featured=true&pageSize=100' })).json().items.map((p: { id: number }) => p.id);

    const edit = await as(t, ravi)(
      'PUT',
      `/api/vendor/products/${product.id}`,
      laptop({ images: [photo], sku: 'FEAT-1', status: 'active', stockWas: 10, featured: true }),
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.message).toContain('Unexpected field: featured');
    expect(
      (await as(t, ravi)('PATCH', `/api/vendor/products/${product.id}/stock`, { stock: 9, stockWas: 10, featured: true })).statusCode,
    ).toBe(400);
    expect((await as(t, ravi)('GET', `/api/vendor/products/${product.id}`)).json().featured).toBe(false);
    expect(await featuredIds()).not.toContain(product.id);

    await t.services.catalog.setFeatured(product.id, true);
    const renamed = await as(t, ravi)(
      'PUT',
      `/api/vendor/products/${product.id}`,
      laptop({ images: [photo], sku: 'FEAT-1', name: 'Lenovo ThinkPad E14 Gen 6 (featured)', status: 'active', stockWas: 10 }),
    );
    expect(renamed.json()).toMatchObject({ name: 'Lenovo ThinkPad E14 Gen 6 (featured)', featured: true });
    expect(await featuredIds()).toContain(product.id);
  });

  it('refuses every step on a cancelled order', async () => {
    const product = (await as(t, ravi)('GET', '/api/vendor/products?q=ultragear')).json().items[0] as VendorProduct;
    // Imported as a draft (a CSV has no images): published with one.
    const { name, brand, category, description, price, mrp, stock, specs, sku } = product;
    const published = await as(t, ravi)('PUT', `/api/vendor/products/${product.id}`, {
      name,
      brand,
      category,
      description,
      price,
      mrp,
      stock,
      stockWas: stock,
      specs,
      sku,
      images: [photo],
      status: 'active',
    });
    expect(published.statusCode, published.body).toBe(200);
    const [address] = (await as(t, customer)('GET', '/api/account/addresses')).json().items;
    const order = (
      await as(t, customer)('POST', '/api/checkout/orders', {
        idempotencyKey: 'vendor-test-order-2',
        addressId: address.id,
        items: [{ productId: product.id, quantity: 1 }],
      })
    ).json();
    await as(t, customer)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'bina@okhdfc' });
    await as(t, customer)('POST', `/api/orders/${order.id}/cancel`);
    const [line] = (await as(t, ravi)('GET', '/api/vendor/orders?status=cancelled')).json().items as VendorOrder[];
    const response = await as(t, ravi)('POST', `/api/vendor/fulfilments/${line!.fulfilmentId}/pack`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This order was cancelled');
  });

  it('lets a suspended shop change nothing', async () => {
    const [product] = (await as(t, sita)('GET', '/api/vendor/products')).json().items as VendorProduct[];
    await t.services.vendors.setStatus(sita.vendorId, 'suspended');
    for (const [method, url, body] of [
      ['PATCH', `/api/vendor/products/${product!.id}/stock`, { stock: 1, stockWas: product!.stock }],
      ['POST', `/api/vendor/products/${product!.id}/archive`, undefined],
      ['POST', '/api/vendor/products', laptop({ sku: 'SUSP-1' })],
    ] as const) {
      const response = await as(t, sita)(method as 'POST', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(409);
      expect(response.json().error.message).toContain('suspended');
    }
    await t.services.vendors.setStatus(sita.vendorId, 'pending');
  });

  it('keeps the shop profile: phone, GSTIN, pickup address and low-stock threshold', async () => {
    const saved = await as(t, ravi)('PUT', '/api/vendor/profile', {
      businessName: 'Ravi Computers',
      phone: '98450 12345',
      gstin: '29abcde1234f1zw',
      // It replaces the GSTIN given at registration: that takes the password.
      currentPassword: 'secret-pass-1',
      pickupAddress: {
        name: 'Ravi Computers',
        phone: '9845012345',
        line1: '12 SP Road',
        line2: '',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560002',
      },
      lowStockThreshold: 25,
    });
    expect(saved.json()).toMatchObject({
      phone: '+919845012345',
      gstin: '29ABCDE1234F1ZW',
      lowStockThreshold: 25,
      pickupAddress: { city: 'Bengaluru' },
    });
    const overview = (await as(t, ravi)('GET', '/api/vendor/overview?days=30')).json();
    expect(overview.lowStockThreshold).toBe(25);
    expect(overview.lowStock.map((p: { stock: number }) => p.stock).every((s: number) => s <= 25)).toBe(true);
    expect(
      (
        await as(t, ravi)('PUT', '/api/vendor/profile', {
          businessName: 'R',
          phone: '1',
          gstin: 'x',
          pickupAddress: null,
          lowStockThreshold: -1,
        })
      ).statusCode,
    ).toBe(400);
  });
});
