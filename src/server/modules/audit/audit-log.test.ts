import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { as, registerCustomer, signIn, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('the audit log names people and things on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let second: TestUser;
  let customer: TestUser;

  const signInAdmin = async (email: string, name: string): Promise<TestUser> => {
    await t.services.authService.ensureAdmin({ email, password: 'admin-pass-123', name });
    return signIn(t, { email, password: 'admin-pass-123' }, 'admin');
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signInAdmin('priya@admin.in', 'Priya Raman');
    second = await signInAdmin('arjun@admin.in', 'Arjun Mehta');
    customer = await registerCustomer(t, 'kiran@example.in', 'Kiran Rao');
  });
  afterAll(() => t.close());

  it('gives each entry its actor’s name and what it acted on by name, filters by the actor’s e-mail, and pages', async () => {
    const shop = await createVendor(t.services, { name: 'Chennai Screens' });
    const product = await createProduct(t.services, {
      vendorId: shop.id,
      name: 'Chennai 27 QHD Monitor',
      category: 'Monitor',
      price: 24_999_00,
    });
    const detail = (await as(t, admin)('GET', `/api/admin/products/${product.id}`)).json().product;
    const { name, brand, category, description, mrp, stock, specs, status } = detail;
    expect(
      (
        await as(t, admin)('PUT', `/api/admin/products/${product.id}`, {
          name,
          brand,
          category,
          description,
          mrp,
          stock,
          stockWas: stock,
          specs,
          status,
          price: 1_29_999_00,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as(t, admin)('PUT', `/api/admin/products/${product.id}`, {
          name,
          brand,
          category,
          description,
          mrp,
          stock,
          stockWas: stock,
          specs,
          status,
          price: 22_499_00,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await as(t, second)('POST', `/api/admin/users/${customer.uid}/status`, { status: 'suspended', reason: 'Chargeback fraud' }))
        .statusCode,
    ).toBe(200);
    expect((await as(t, second)('PATCH', `/api/admin/vendors/${shop.id}`, { status: 'suspended' })).statusCode).toBe(200);

    const log = (await as(t, admin)('GET', '/api/admin/audit')).json();
    expect(log).toMatchObject({ total: 3, page: 1 });
    expect(log.items).toMatchObject([
      {
        action: 'vendor.status',
        actor: { email: 'arjun@admin.in', name: 'Arjun Mehta' },
        subject: { name: 'Chennai Screens', detail: null },
        before: { status: 'active' },
        after: { status: 'suspended' },
      },
      {
        action: 'user.suspend',
        actor: { email: 'arjun@admin.in', name: 'Arjun Mehta' },
        entityId: customer.uid,
        subject: { name: 'Kiran Rao', detail: 'kiran@example.in' },
      },
      {
        action: 'product.edit',
        actor: { id: admin.uid, email: 'priya@admin.in', name: 'Priya Raman' },
        subject: { name: 'Chennai 27 QHD Monitor', detail: null },
        before: { price: 24_999_00 },
        after: { price: 22_499_00 },
      },
    ]);

    const byArjun = (await as(t, admin)('GET', '/api/admin/audit?actor=ARJUN')).json();
    expect(byArjun.items.map((entry: { action: string }) => entry.action)).toEqual(['vendor.status', 'user.suspend']);
    expect((await as(t, admin)('GET', '/api/admin/audit?actor=nobody%25')).json().total).toBe(0);
    const paged = (await as(t, admin)('GET', '/api/admin/audit?pageSize=2&page=2')).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((entry: { action: string }) => entry.action)).toEqual(['product.edit']);
    // The product's own page and the user's page read the same names.
    expect((await as(t, admin)('GET', `/api/admin/products/${product.id}`)).json().audit[0]).toMatchObject({
      actor: { name: 'Priya Raman' },
      subject: { name: 'Chennai 27 QHD Monitor' },
    });
    expect((await as(t, admin)('GET', `/api/admin/users/${customer.uid}`)).json().audit[0]).toMatchObject({
      actor: { name: 'Arjun Mehta' },
      subject: { name: 'Kiran Rao', detail: 'kiran@example.in' },
    });
    // Admins alone read it.
    expect((await as(t, customer)('GET', '/api/admin/audit')).statusCode).toBe(401);
  });
});
