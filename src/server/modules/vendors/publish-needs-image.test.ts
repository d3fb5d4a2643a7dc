import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import { IMAGE_REQUIRED_MESSAGE } from '#shared/schemas/vendor.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { laptopSpecs } from '#server/testing/factories.ts';
import { as, registerVendor, signInAdmin, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

const laptop = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asus Vivobook 15',
  brand: 'Asus',
  category: 'Laptop',
  description: 'An everyday laptop.',
  sku: 'VB-15',
  price: rupees(45_990),
  mrp: rupees(55_990),
  stock: 6,
  specs: laptopSpecs(),
  images: [],
  status: 'draft',
  ...overrides,
});

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

function multipart(bytes: Buffer) {
  const boundary = '----imagetest';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="front.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testDialects())('a product goes on sale only with an image, on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let asha: TestUser & { vendorId: number };
  let other: TestUser & { vendorId: number };
  let photo: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signInAdmin(t, 'neha@admin.in', 'Neha Admin');
    asha = await registerVendor(t, 'asha@shop.in', 'Asha Laptops');
    other = await registerVendor(t, 'om@shop.in', 'Om Systems');
    await t.services.vendors.setStatus(asha.vendorId, 'active');
    await t.services.vendors.setStatus(other.vendorId, 'active');
    photo = (await t.services.media.upload(asha.vendorId, await png())).url;
  });
  afterAll(() => t.close());

  const adminUpload = async (user: TestUser, productId: number) => {
    const { body, contentType } = multipart(await png());
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/media`,
      payload: body,
      headers: { ...TEST_HEADERS, cookie: user.cookie, 'content-type': contentType },
    });
  };

  const expectImageRefusal = (response: { statusCode: number; json: () => { error: unknown } }) => {
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: 'UNPROCESSABLE',
      message: IMAGE_REQUIRED_MESSAGE,
      details: { issues: [{ field: 'images', message: IMAGE_REQUIRED_MESSAGE }] },
    });
  };

  it('refuses the seller a product published without an image (422 naming the images), writing nothing; a draft saves', async () => {
    expectImageRefusal(await as(t, asha)('POST', '/api/vendor/products', laptop({ status: 'active' })));
    expect((await as(t, asha)('GET', '/api/vendor/products?q=VB-15')).json().total).toBe(0);

    const draft = await as(t, asha)('POST', '/api/vendor/products', laptop());
    expect(draft.statusCode).toBe(201);
    const id = draft.json().id as number;
    expectImageRefusal(await as(t, asha)('PUT', `/api/vendor/products/${id}`, laptop({ status: 'active', stockWas: 6 })));
    expect((await as(t, asha)('GET', `/api/vendor/products/${id}`)).json()).toMatchObject({ status: 'draft', images: [] });

    const published = await as(t, asha)('PUT', `/api/vendor/products/${id}`, laptop({ status: 'active', images: [photo], stockWas: 6 }));
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'active', images: [photo] });
    // Taking every image away from a product on sale is the same thing.
    expectImageRefusal(await as(t, asha)('PUT', `/api/vendor/products/${id}`, laptop({ status: 'active', images: [], stockWas: 6 })));
    expect((await as(t, asha)('GET', `/api/vendor/products/${id}`)).json()).toMatchObject({ status: 'active', images: [photo] });
  });

  it('reports a CSV row that would publish a product without an image, and imports the rest', async () => {
    await as(t, asha)('POST', '/api/vendor/products', laptop({ sku: 'CSV-DRAFT', name: 'Asus Zenbook 14' }));
    const header =
      'sku,name,brand,category,price,mrp,stock,status,description,processor,ram_gb,storage_gb,storage_type,display_size_in,graphics,os,weight_kg,battery_wh';
    const row = (sku: string, name: string, status: string) =>
      `${sku},${name},Asus,Laptop,45990,55990,3,${status},,Intel Core i5,16,512,SSD,15.6,Intel Iris Xe,Windows 11 Home,1.7,42`;
    const csv = [
      header,
      row('CSV-NEW', 'Asus Vivobook 16', 'active'),
      row('CSV-DRAFT', 'Asus Zenbook 14', 'active'),
      row('VB-15', 'Asus Vivobook 15', 'active'),
      row('CSV-OK', 'Asus Vivobook Go', 'draft'),
    ].join('\n');
    const report = (
      await t.app.inject({
        method: 'POST',
        url: '/api/vendor/products/import?dryRun=false',
        payload: csv,
        headers: { ...TEST_HEADERS, cookie: asha.cookie, 'content-type': 'text/csv' },
      })
    ).json();
    expect(report.rows.map((r: { sku: string; action: string }) => [r.sku, r.action])).toEqual([
      ['CSV-NEW', 'error'],
      ['CSV-DRAFT', 'error'],
      ['VB-15', 'update'],
      ['CSV-OK', 'create'],
    ]);
    expect(report.rows[0].errors).toEqual([
      'images: A new product is published only with an image: import it as a draft, then add its images and publish it.',
    ]);
    expect(report.rows[1].errors).toEqual([`images: ${IMAGE_REQUIRED_MESSAGE}`]);
    expect(report).toMatchObject({ created: 1, updated: 1 });
    expect((await as(t, asha)('GET', '/api/vendor/products?q=CSV-NEW')).json().total).toBe(0);
    expect((await as(t, asha)('GET', '/api/vendor/products?q=CSV-DRAFT')).json().items[0].status).toBe('draft');
  });

  it("lets the admin add images to another vendor's product (uploaded into that shop), audited, and refuses to publish one without", async () => {
    const id = (await as(t, other)('POST', '/api/vendor/products', laptop({ sku: 'OM-1', name: 'Om Office Laptop' }))).json().id as number;
    const detail = (await as(t, admin)('GET', `/api/admin/products/${id}`)).json();
    const edit = { ...laptop({ name: 'Om Office Laptop' }), sku: undefined, images: undefined, stockWas: 6, status: 'active' };
    expectImageRefusal(await as(t, admin)('POST', `/api/admin/products/${id}/status`, { status: 'active' }));
    expectImageRefusal(await as(t, admin)('PUT', `/api/admin/products/${id}`, edit));
    expect(detail.product).toMatchObject({ status: 'draft', images: [] });

    // Only admins upload for a product; the file joins the product's shop's media.
    expect((await adminUpload(asha, id)).statusCode).toBe(403);
    expect((await adminUpload(admin, 999_999)).statusCode).toBe(404);
    const uploaded = await adminUpload(admin, id);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const url = uploaded.json().url as string;
    expect(url).toMatch(new RegExp(`^/media/v${other.vendorId}/`));
    // Another shop's image is not the admin's to put on this one.
    const foreign = await as(t, admin)('PUT', `/api/admin/products/${id}`, { ...edit, images: [photo] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(`These images are not among Om Systems’s uploads: ${photo}`);

    const saved = await as(t, admin)('PUT', `/api/admin/products/${id}`, {
      ...edit,
      images: [url],
      reason: 'Seller sent the photo by mail',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product).toMatchObject({ status: 'active', images: [url] });
    expect(saved.json().audit[0]).toMatchObject({
      action: 'product.edit',
      before: { images: [], status: 'draft' },
      after: { images: [url], status: 'active' },
      reason: 'Seller sent the photo by mail',
    });
    expect((await as(t, other)('GET', `/api/vendor/products/${id}`)).json().images).toEqual([url]);
    // Left out, the images stay as they are.
    const renamed = await as(t, admin)('PUT', `/api/admin/products/${id}`, { ...edit, name: 'Om Office Laptop 15' });
    expect(renamed.json().product).toMatchObject({ name: 'Om Office Laptop 15', images: [url] });
  });

  it('still lets a product already on sale without an image (from before the rule) be corrected', async () => {
    const id = await t.services.catalog.create({
      vendorId: asha.vendorId,
      name: 'Asus Legacy 14',
      slug: 'asus-legacy-14',
      brand: 'Asus',
      category: 'Laptop',
      description: '',
      price: rupees(30_000),
      mrp: rupees(35_000),
      stock: 2,
      images: [],
      specs: laptopSpecs(),
      status: 'active',
      sku: 'LEG-14',
    });
    const byVendor = await as(t, asha)(
      'PUT',
      `/api/vendor/products/${id}`,
      laptop({ sku: 'LEG-14', name: 'Asus Legacy 14', price: rupees(29_000), stock: 2, stockWas: 2, status: 'active' }),
    );
    expect(byVendor.statusCode, byVendor.body).toBe(200);
    const byAdmin = await as(t, admin)('PUT', `/api/admin/products/${id}`, {
      ...laptop({ name: 'Asus Legacy 14', price: rupees(28_000), stock: 2 }),
      sku: undefined,
      images: undefined,
      stockWas: 2,
      status: 'active',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().product).toMatchObject({ price: rupees(28_000), status: 'active' });
  });
});
